// What the search index holds beyond name, sku and barcode, and how typed text becomes a safe FTS5
// query.
//
// Thai is written without spaces between words, so FTS5's unicode61 tokenizer sees a whole run
// ("น้ำปลาแท้ตราปลาหมึก") as one token and a prefix query finds only the run's first word. So for each
// run the `search_words` column holds the run's suffixes that start at a word boundary ("แท้ตราปลาหมึก
// ตราปลาหมึก ปลาหมึก"), boundaries found by Intl.Segmenter (ICU's Thai dictionary) on the complete
// name. A word inside a run is then a plain prefix query, and what the person typed never has to be
// segmented the same way as the name (segmenting half-typed Thai gives other splits: "ผ้าขนหนูคอต" →
// ผ้า|ขน|หนู|คอต, but the full name → ผ้า|ขนหนู|คอตตอน).

const THAI = /[\u0E00-\u0E7F]/;
// eslint-disable-next-line no-control-regex -- scanners and pasted text bring control characters
const CONTROL = /[\u0000-\u001f\u007f]/g;
const HAS_WORD_CHARACTER = /[\p{L}\p{N}]/u;
const segmenter = new Intl.Segmenter('th', { granularity: 'word' });

/** Names repeat their chunks (brands, units, sizes): a bounded cache makes indexing a catalogue cheap. */
const suffixCache = new Map<string, string>();
const wordsCache = new Map<string, readonly string[]>();
const CACHE_LIMIT = 50_000;
/** A very long run (a pasted description as a name) adds at most this many suffixes. */
const MAX_SUFFIXES_PER_CHUNK = 12;
/** Typed text is short; these bounds keep one query cheap whatever is pasted into the box. */
const MAX_QUERY_TOKENS = 8;
const MAX_TOKEN_LENGTH = 64;

function remember<T>(cache: Map<string, T>, key: string, value: T): T {
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, value);
  return value;
}

/** The word-like segments of one space-free chunk of text (Thai words, numbers, Latin words). */
export function segmentWords(chunk: string): readonly string[] {
  return (
    wordsCache.get(chunk) ??
    remember(
      wordsCache,
      chunk,
      [...segmenter.segment(chunk)].filter((part) => part.isWordLike).map((part) => part.segment),
    )
  );
}

/** The suffixes of one chunk that start at a word boundary after its first word, space-separated. */
function chunkSuffixes(chunk: string): string {
  const cached = suffixCache.get(chunk);
  if (cached !== undefined) return cached;
  const starts: number[] = [];
  for (const part of segmenter.segment(chunk)) if (part.isWordLike) starts.push(part.index);
  const suffixes = starts.slice(1, MAX_SUFFIXES_PER_CHUNK + 1).map((start) => chunk.slice(start));
  return remember(suffixCache, chunk, suffixes.join(' '));
}

/** The `search_words` text of a product name: word-boundary suffixes of every chunk with Thai in it. */
export function searchWordsOf(name: string): string {
  const parts: string[] = [];
  for (const chunk of name.split(/\s+/)) {
    if (!THAI.test(chunk)) continue;
    const suffixes = chunkSuffixes(chunk);
    if (suffixes !== '') parts.push(suffixes);
  }
  return parts.join(' ');
}

/** The tokens a person typed: control characters and quotes gone, bounded in count and length. */
export function searchTokens(text: string): string[] {
  return text
    .replace(CONTROL, ' ')
    .replaceAll('"', ' ')
    .split(/\s+/)
    .filter((token) => HAS_WORD_CHARACTER.test(token))
    .slice(0, MAX_QUERY_TOKENS)
    .map((token) => token.slice(0, MAX_TOKEN_LENGTH));
}

/** A quoted FTS5 string with a prefix star: inside quotes every FTS5 operator character is literal. */
function prefixString(text: string): string {
  return `"${text}"*`;
}

/**
 * One typed token as an FTS5 expression: a prefix of some token of the name, sku, barcode or a Thai
 * suffix. With `splitThai`, typed Thai that spans words the name separates with spaces ("ปลาหมึกแห้ง"
 * for "ปลาหมึก แห้ง") is also tried as a phrase of its segmented words. Phrases of common words cost
 * about as much as the rest of the search, so callers ask for them only when the plain form found nothing.
 */
function tokenExpression(token: string, splitThai: boolean): string {
  const whole = prefixString(token);
  if (!splitThai || !THAI.test(token)) return whole;
  const words = segmentWords(token);
  return words.length < 2 ? whole : `(${whole} OR ${prefixString(words.join(' '))})`;
}

/** One FTS5 expression per typed token; the text matches where all of them do. Empty when nothing is searchable. */
export function tokenExpressions(text: string, options: { readonly splitThai: boolean }): string[] {
  return searchTokens(text).map((token) => tokenExpression(token, options.splitThai));
}

/** Whether typed text has Thai that a phrase of segmented words would read differently from the plain form. */
export function hasSplittableThai(text: string): boolean {
  return searchTokens(text).some((token) => THAI.test(token) && segmentWords(token).length > 1);
}

/** The FTS5 MATCH expression for typed text (every token must match), or undefined when nothing is searchable. */
export function matchExpression(text: string, options = { splitThai: false }): string | undefined {
  const expressions = tokenExpressions(text, options);
  return expressions.length === 0 ? undefined : expressions.join(' AND ');
}
