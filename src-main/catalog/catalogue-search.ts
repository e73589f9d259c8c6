// Ranking what the search box finds, within a bounded cost per keystroke.
//
// bm25 reads, for each typed word, every row the word's prefix matches (for its IDF), even when the
// words together match a few rows: one typed letter or a size like "1" matches most of a 200,000-product
// catalogue, and bm25 then takes hundreds of milliseconds. So bm25 ranks only when every typed word
// matches at most MAX_BM25_MATCHES products (checked by walking at most that many ids per word, without
// ranking). Otherwise the newest MAX_BROAD_CANDIDATES matches of all the words, unranked and cheap,
// are ordered by where the typed words sit in the name: the person is still typing, and names that
// start with what they typed are what they are after.
import type { CatalogueLookupRepository, MatchNameRow } from './catalogue-lookup.repository.js';
import { hasSplittableThai, searchTokens, tokenExpressions } from './catalogue-search-text.js';
import type { ProductViewRow } from './catalogue-views.js';
import { barcodeKey, normaliseScannedCode } from '../../src-shared/barcode/index.js';

export const MAX_BM25_MATCHES = 2_000;
export const MAX_BROAD_CANDIDATES = 2_000;

/** Where one typed word sits in a name: lower is better. */
const AT_NAME_START = 0;
const AT_WORD_START = 1;
const INSIDE_NAME = 2;
/** Matched in the sku, the barcode or as separate Thai words only. */
const ELSEWHERE = 3;

function placeInName(name: string, token: string): number {
  if (name.startsWith(token)) return AT_NAME_START;
  if (name.includes(` ${token}`)) return AT_WORD_START;
  return name.includes(token) ? INSIDE_NAME : ELSEWHERE;
}

/** Broad matches ordered by the place of the typed words in the name, then shorter names, then newer. */
function orderByPlaceInName(rows: readonly MatchNameRow[], tokens: readonly string[]): MatchNameRow[] {
  const lowered = tokens.map((token) => token.toLowerCase());
  const scored = rows.map((row) => {
    const name = row.name.toLowerCase();
    return { row, score: lowered.reduce((sum, token) => sum + placeInName(name, token), 0) };
  });
  scored.sort(
    (left, right) =>
      left.score - right.score || left.row.name.length - right.row.name.length || right.row.id - left.row.id,
  );
  return scored.map(({ row }) => row);
}

/** FTS5 matches of one set of per-token expressions, best first, bm25 or place-in-name as above. */
function matchesOf(
  repository: CatalogueLookupRepository,
  perToken: readonly string[],
  text: string,
  limit: number,
): MatchedRows {
  const expression = perToken.join(' AND ');
  if (!perToken.some((tokenExpression) => repository.matchesMoreThan(tokenExpression, MAX_BM25_MATCHES))) {
    return { kind: 'rows', rows: repository.rankedMatches(expression, limit) };
  }
  const candidates = repository.newestMatches(expression, MAX_BROAD_CANDIDATES);
  return { kind: 'names', names: orderByPlaceInName(candidates, searchTokens(text)) };
}

type MatchedRows =
  | { readonly kind: 'rows'; readonly rows: readonly ProductViewRow[] }
  | { readonly kind: 'names'; readonly names: readonly MatchNameRow[] };

function isEmpty(matched: MatchedRows): boolean {
  return matched.kind === 'rows' ? matched.rows.length === 0 : matched.names.length === 0;
}

/** Staff read the end of a label: this many digits or more also match barcodes ending with them. */
export const BARCODE_END_DIGITS = 4;

/**
 * Products for typed text: exact sku or barcode first, then barcodes ending with typed digits (4 or
 * more), then FTS5 prefix matches, best first. Typed Thai that found nothing is tried once more as
 * phrases of its words (catalogue-search-text.ts).
 */
export function searchProducts(
  repository: CatalogueLookupRepository,
  text: string,
  limit: number,
): ProductViewRow[] {
  const code = normaliseScannedCode(text);
  const exact = code === '' ? [] : repository.findExactCodes(code, barcodeKey(code), limit);
  const endsWith = new RegExp(`^\\d{${BARCODE_END_DIGITS},}$`).test(code)
    ? repository.findByBarcodeEnd(code, limit)
    : [];
  const plain = tokenExpressions(text, { splitThai: false });
  if (plain.length === 0) return exact;
  let matched = matchesOf(repository, plain, text, limit);
  if (isEmpty(matched) && hasSplittableThai(text)) {
    matched = matchesOf(repository, tokenExpressions(text, { splitThai: true }), text, limit);
  }

  const seen = new Set(exact.map((row) => row.id));
  const rows = [...exact];
  const add = (row: ProductViewRow | undefined): void => {
    if (row === undefined || seen.has(row.id) || rows.length >= limit) return;
    seen.add(row.id);
    rows.push(row);
  };
  for (const row of endsWith) add(row);
  if (matched.kind === 'rows') {
    for (const row of matched.rows) add(row);
  } else {
    for (const candidate of matched.names) {
      if (rows.length >= limit) break;
      if (!seen.has(candidate.id)) add(repository.findById(candidate.id));
    }
  }
  return rows;
}
