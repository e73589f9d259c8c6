// lib/i18n remembers the language in localStorage and on <html lang>: the little of both it touches,
// for state tests under Node that read the page's words (lib/refusal-words does). Imported first.
if (typeof globalThis.localStorage === 'undefined') {
  const stored = new Map<string, string>();
  Object.assign(globalThis, {
    localStorage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
    },
  });
}
if (typeof globalThis.document === 'undefined') {
  Object.assign(globalThis, { document: { documentElement: { lang: '' } } });
}
