// File names made safe to show and save (issue 21): nothing in a name may hide its real end, and the
// name judged is the one the disk will keep.
/**
 * Bidi embeddings, overrides and isolates (U+202A–E, U+2066–9), the direction marks (U+200E/F), C0 and
 * C1 controls, and every other invisible format character (zero-width spaces, soft hyphen, BOM), plus
 * the line and paragraph separators: none belongs in a file name, and each can make one read as
 * another ("report\u202Efdp.exe" shows as "reportexe.pdf").
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;
/** What no file system (or no Windows one) takes in a name. */
const RESERVED = /[\\/:*?"<>|]/g;
const FALLBACK_NAME = 'file';

/** Text without the characters that can hide what it says (see INVISIBLE). */
export function withoutInvisibles(text: string): string {
  return text.replace(INVISIBLE, '');
}

/**
 * A file name as it is shown and saved: invisibles removed, reserved characters replaced, no leading
 * dots or spaces (a hidden file) and no trailing ones (Windows drops them, so `a.exe.` would be saved as
 * `a.exe`). Its extension is judged on this name, never on the raw one.
 */
export function cleanFileName(name: string): string {
  const clean = withoutInvisibles(name)
    .replace(RESERVED, '_')
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '');
  return clean === '' ? FALLBACK_NAME : clean;
}

/**
 * A cleaned name ending in `.extension` instead of whatever it ended in (a picture checked to be a PNG
 * is sent as `front.png`, never `front.exe`), its stem cut so the whole stays within `maxLength`.
 */
export function nameWithExtension(name: string, extension: string, maxLength: number): string {
  const clean = cleanFileName(name);
  const dot = clean.lastIndexOf('.');
  const stem = (dot > 0 ? clean.slice(0, dot) : clean).slice(
    0,
    Math.max(1, maxLength - extension.length - 1),
  );
  return `${stem}.${extension}`;
}
