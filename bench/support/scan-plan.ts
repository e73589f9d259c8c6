// The codes a scan-to-screen run scans: real barcodes read from the app's own catalogue database (the
// one the page counts against), spread over the whole catalogue, with repeats of products already
// counted and the same product twice in a row, as on a shelf. Deterministic for a given catalogue.
import Database from 'better-sqlite3';
import { seededFloats } from '../../src-shared/random.js';

export interface PlannedScan {
  readonly productId: number;
  readonly sku: string;
  readonly barcode: string;
  /** The line's counted figure once this scan is on screen. */
  readonly countedAfter: number;
  readonly kind: 'new line' | 'repeat' | 'same as last';
}

export interface CatalogueFacts {
  readonly products: number;
  /** Active products whose barcode (8+ digits) no other product shares: each scan finds exactly one. */
  readonly scannable: number;
}

interface Candidate {
  readonly id: number;
  readonly sku: string;
  readonly barcode: string;
}

function readCandidates(storeDatabase: string): { facts: CatalogueFacts; candidates: Candidate[] } {
  const db = new Database(storeDatabase, { readonly: true, fileMustExist: true });
  try {
    const { products } = db.prepare('SELECT count(*) AS products FROM products').get() as {
      products: number;
    };
    const candidates = db
      .prepare(
        `SELECT id, sku, barcode FROM products
          WHERE active = 1 AND length(barcode) >= 8 AND barcode NOT GLOB '*[^0-9]*'
            AND barcode_key IN (SELECT barcode_key FROM products WHERE barcode_key IS NOT NULL
                                 GROUP BY barcode_key HAVING count(*) = 1)
          ORDER BY id`,
      )
      .all() as Candidate[];
    return { facts: { products, scannable: candidates.length }, candidates };
  } finally {
    db.close();
  }
}

/**
 * `total` scans: 60% a product not counted yet (uniform over the catalogue), 25% a product counted
 * before, 15% the product just scanned again; only repeats once every product has been counted (a
 * small catalogue for a quick run).
 */
export function planScans(
  storeDatabase: string,
  total: number,
  seed = 20260105,
): { facts: CatalogueFacts; scans: PlannedScan[] } {
  const { facts, candidates } = readCandidates(storeDatabase);
  if (candidates.length === 0) throw new Error('the catalogue has no scannable product');
  const random = seededFloats(seed, 'scan-to-screen plan');
  const counted = new Map<number, number>();
  const countedList: Candidate[] = [];
  const scans: PlannedScan[] = [];
  const pick = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(random() * items.length)];
    if (item === undefined) throw new Error('picked from an empty list');
    return item;
  };
  for (let index = 0; index < total; index++) {
    const roll = random();
    const previous = scans.at(-1);
    let product: Candidate;
    let kind: PlannedScan['kind'];
    if (roll < 0.15 && previous !== undefined) {
      product = { id: previous.productId, sku: previous.sku, barcode: previous.barcode };
      kind = 'same as last';
    } else if ((roll < 0.4 || countedList.length === candidates.length) && countedList.length > 0) {
      product = pick(countedList);
      kind = 'repeat';
    } else {
      do product = pick(candidates);
      while (counted.has(product.id));
      countedList.push(product);
      kind = 'new line';
    }
    const countedAfter = (counted.get(product.id) ?? 0) + 1;
    counted.set(product.id, countedAfter);
    scans.push({ productId: product.id, sku: product.sku, barcode: product.barcode, countedAfter, kind });
  }
  return { facts, scans };
}
