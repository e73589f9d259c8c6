// The codes the counting page may resolve itself (counting.codeIndex), so a scan of a product not yet
// on a line is shown on its Enter rather than after a round trip to main (bench/scan-to-screen).
// Only codes whose answer main would give the same way are listed: a barcode that names exactly one
// product (main prefers an active one among equals; the page would not know which), and an alias or
// pack kept on this PC whose key no product's barcode and no queued barcode assignment takes first
// (main looks those up before aliases). Skus, unknown codes and everything else wait for main. The
// expected figure is the local view (server + outbox) at the time the page is read; main's answer to
// each scan is the truth and replaces what the page showed.
import type { Database } from 'better-sqlite3';
import { barcodeKey } from '../../src-shared/barcode/index.js';
import type { IndexedCode } from '../../src-shared/ipc/index.js';
import { preparedFor } from '../db/statements.js';
import { pendingBarcodes } from '../outbox/pending-barcodes.js';
import type { CountingContext } from './counting-context.js';
import { existingSession } from './counting-context.js';

export interface CodeIndexPage {
  readonly entries: IndexedCode[];
  /** The key to read the next page after; null when this was the last. */
  readonly next: string | null;
}

interface CodeRow {
  key: string;
  id: number;
  sku: string;
  barcode: string;
  name: string;
  unittext: string;
  purchaseprice: number;
  stock: number;
  /** Aliases and packs only: the code as kept and what one scan of it counts. */
  code?: string;
  units?: number;
}

interface PageArgs {
  after: string;
  limit: number;
  warehouse: string;
}

const PRODUCT_COLUMNS = `p.id, p.sku, p.barcode, p.name, p.unittext, p.purchaseprice, COALESCE(s.stock, 0) AS stock`;
const STOCK_JOIN = 'LEFT JOIN product_stock s ON s.product_id = p.id AND s.warehouse_code = @warehouse';

function prepare(db: Database) {
  return {
    // Keyset pages over products_by_barcode; a key two products share is left out.
    barcodes: db.prepare<PageArgs, CodeRow>(
      `SELECT p.barcode_key AS key, ${PRODUCT_COLUMNS}
         FROM products p ${STOCK_JOIN}
        WHERE p.barcode_key IS NOT NULL AND p.barcode_key > @after
          AND NOT EXISTS (SELECT 1 FROM products o WHERE o.barcode_key = p.barcode_key AND o.id <> p.id)
        ORDER BY p.barcode_key
        LIMIT @limit`,
    ),
    // The aliases and packs in a page's key range whose key is no product's barcode.
    aliases: db.prepare<{ after: string; upTo: string | null; warehouse: string }, CodeRow>(
      `SELECT a.code_key AS key, a.code, a.units, ${PRODUCT_COLUMNS}
         FROM code_aliases a JOIN products p ON p.id = a.product_id ${STOCK_JOIN}
        WHERE a.code_key > @after AND (@upTo IS NULL OR a.code_key <= @upTo)
          AND NOT EXISTS (SELECT 1 FROM products o WHERE o.barcode_key = a.code_key)
        ORDER BY a.code_key`,
    ),
  };
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
  const statements = preparedFor(context.db, prepare);
  const range = { after: after ?? '', limit, warehouse: session.warehouse_code };
  const barcodes = statements.barcodes.all(range);
  // More pages follow while this one is full; the aliases of this page go up to its last barcode.
  const next = barcodes.length === limit ? (barcodes.at(-1)?.key ?? null) : null;
  let aliases = statements.aliases.all({ ...range, upTo: next });
  if (aliases.length > 0) {
    // A queued barcode assignment is looked up before aliases (catalogue-lookup.ts).
    const queued = new Set(pendingBarcodes(context.db).flatMap(({ barcode }) => barcodeKey(barcode) ?? []));
    aliases = aliases.filter((alias) => !queued.has(alias.key));
  }
  const rows = [...barcodes, ...aliases]
    .filter((row) => context.scopes.has(session, row.id))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const expected = new Map(
    context.expected
      .overServerFigures(
        session.warehouse_code,
        rows.map(({ id, stock }) => ({ productId: id, stock })),
      )
      .map(({ productId, expected: figure }) => [productId, figure]),
  );
  const entries = rows.map(({ key, id, sku, barcode, name, unittext, purchaseprice, code, units }) => ({
    key,
    units: units ?? 1,
    packCode: code !== undefined && units !== undefined && units !== 1 ? code : null,
    product: { id, sku, barcode, name, unittext, purchaseprice },
    expected: expected.get(id) ?? 0,
  }));
  return { entries, next };
}
