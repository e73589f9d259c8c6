// The codes the counting page may resolve itself (counting.codeIndex), so a scan of a product not yet
// on a line is shown on its Enter rather than after a round trip to main (bench/scan-to-screen).
// Only codes whose answer main would give the same way are listed: a barcode that names exactly one
// product (main prefers an active one among equals; the page would not know which), and an alias or
// pack kept on this PC whose key no product's barcode and no queued barcode assignment takes first
// (main looks those up before aliases). Skus, unknown codes and everything else wait for main. The
// expected figure is the local view (server + outbox) at the time the page is read; main's answer to
// each scan is the truth and replaces what the page showed.
import type { Statement } from 'better-sqlite3';
import { barcodeKey } from '../../src-shared/barcode/index.js';
import type { IndexedCode } from '../../src-shared/ipc/index.js';
import { pendingBarcodes } from '../outbox/pending-barcodes.js';
import type { CountingContext } from './counting-context.js';
import { existingSession } from './counting-context.js';

export interface CodeIndexPage {
  readonly entries: IndexedCode[];
  /** The key to read the next page after; null when this was the last. */
  readonly next: string | null;
}

interface BarcodeRow {
  key: string;
  id: number;
  sku: string;
  barcode: string;
  name: string;
  unittext: string;
  purchaseprice: number;
  stock: number;
}

const statements = new WeakMap<
  object,
  Statement<{ after: string; limit: number; warehouse: string }, BarcodeRow>
>();

function barcodeRows(context: CountingContext) {
  let statement = statements.get(context.db);
  if (statement === undefined) {
    // Keyset pages over products_by_barcode; a key two products share is left out (NOT EXISTS on the
    // same index).
    statement = context.db.prepare(
      `SELECT p.barcode_key AS key, p.id, p.sku, p.barcode, p.name, p.unittext, p.purchaseprice,
              COALESCE(s.stock, 0) AS stock
         FROM products p
         LEFT JOIN product_stock s ON s.product_id = p.id AND s.warehouse_code = @warehouse
        WHERE p.barcode_key IS NOT NULL AND p.barcode_key > @after
          AND NOT EXISTS (SELECT 1 FROM products o WHERE o.barcode_key = p.barcode_key AND o.id <> p.id)
        ORDER BY p.barcode_key
        LIMIT @limit`,
    );
    statements.set(context.db, statement);
  }
  return statement;
}

/** One page of the session's code index, in key order after `after` (null: from the start). */
export function codeIndexPage(
  context: CountingContext,
  sessionId: string,
  after: string | null,
  limit: number,
): CodeIndexPage {
  const session = existingSession(context, sessionId);
  if (session.state !== 'open' || session.handed_over_at !== null) return { entries: [], next: null };
  const from = after ?? '';
  const rows = barcodeRows(context).all({ after: from, limit, warehouse: session.warehouse_code });
  const inScope = context.scopes.includes(session);
  const queued = new Set(pendingBarcodes(context.db).flatMap(({ barcode }) => barcodeKey(barcode) ?? []));
  const lastKey = rows.length === limit ? rows.at(-1)?.key : undefined;

  const found: Array<{ key: string; productId: number; units: number; packCode: string | null }> = [];
  const products = new Map<number, Omit<BarcodeRow, 'key'>>();
  for (const { key, ...product } of rows) {
    if (!inScope(product.id)) continue;
    found.push({ key, productId: product.id, units: 1, packCode: null });
    products.set(product.id, product);
  }
  // Aliases and packs are few (kept by hand on this PC): read whole, keyed into this page's range.
  for (const alias of context.aliases.list()) {
    const key = barcodeKey(alias.code);
    if (key === undefined || key <= from || (lastKey !== undefined && key > lastKey)) continue;
    if (queued.has(key) || context.lookup.findByBarcode(key) !== undefined) continue;
    if (!inScope(alias.productId)) continue;
    const row = context.lookup.product(alias.productId);
    if (row === undefined) continue;
    found.push({
      key,
      productId: alias.productId,
      units: alias.units,
      packCode: alias.units === 1 ? null : alias.code,
    });
    if (!products.has(alias.productId)) {
      const stock = context.lookup.serverStock(alias.productId, session.warehouse_code)?.stock ?? 0;
      products.set(alias.productId, { ...row, stock });
    }
  }
  const expected = new Map(
    context.expected
      .overServerFigures(
        session.warehouse_code,
        [...products.values()].map(({ id, stock }) => ({ productId: id, stock })),
      )
      .map(({ productId, expected: figure }) => [productId, figure]),
  );
  found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const entries = found.flatMap(({ key, productId, units, packCode }): IndexedCode[] => {
    const product = products.get(productId);
    if (product === undefined) return [];
    const { id, sku, barcode, name, unittext, purchaseprice } = product;
    return [
      {
        key,
        units,
        packCode,
        product: { id, sku, barcode, name, unittext, purchaseprice },
        expected: expected.get(productId) ?? 0,
      },
    ];
  });
  return { entries, next: lastKey ?? null };
}
