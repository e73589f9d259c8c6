// Ranking what the search box finds, within a bounded cost per keystroke.
//
// bm25 needs, for each typed word, every row the word's prefix matches (its IDF): one typed letter
// matches most of a 200,000-product catalogue and bm25 then takes hundreds of milliseconds. So bm25
// ranks only expressions that match at most MAX_BM25_MATCHES products. A broader expression (one or
// two letters typed) takes its newest MAX_BROAD_CANDIDATES matches, unranked and cheap, and orders
// them by where the typed words sit in the name: the person is still typing, and names that start with
// what they typed are what they are after.
import { barcodeKey } from './catalogue-codes.js';
import type { CatalogueLookupRepository, MatchNameRow } from './catalogue-lookup.repository.js';
import { matchExpression, searchTokens } from './catalogue-search-text.js';
import type { ProductViewRow } from './catalogue-views.js';
import { normaliseScannedCode } from '../../src-shared/barcode/index.js';

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

/** Products for typed text: exact sku or barcode first, then FTS5 prefix matches, best first. */
export function searchProducts(
  repository: CatalogueLookupRepository,
  text: string,
  limit: number,
): ProductViewRow[] {
  const code = normaliseScannedCode(text);
  const exact = code === '' ? [] : repository.findExactCodes(code, barcodeKey(code), limit);
  const expression = matchExpression(text);
  if (expression === undefined) return exact;
  const seen = new Set(exact.map((row) => row.id));
  const rows = [...exact];
  const add = (row: ProductViewRow | undefined): void => {
    if (row === undefined || seen.has(row.id) || rows.length >= limit) return;
    seen.add(row.id);
    rows.push(row);
  };
  if (!repository.matchesMoreThan(expression, MAX_BM25_MATCHES)) {
    for (const row of repository.rankedMatches(expression, limit)) add(row);
  } else {
    const candidates = repository.newestMatches(expression, MAX_BROAD_CANDIDATES);
    for (const candidate of orderByPlaceInName(candidates, searchTokens(text))) {
      if (rows.length >= limit) break;
      if (!seen.has(candidate.id)) add(repository.findById(candidate.id));
    }
  }
  return rows;
}
