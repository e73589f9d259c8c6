// The outbox rows a person can page through (newest first), by state, in the contract's shape.
// Read-only; document bodies are not read (the list never shows them), except the small payload of a
// barcode change: it is stored as a document (product_id NULL, so the stock view never folds it), and
// the product and the code it gives live only there — without it the row named neither (issue 13).
import type { Database, Statement } from 'better-sqlite3';
import type { CallValue, ParsedCallArgs } from '../../src-shared/ipc/index.js';
import type { DriftPolicy, OperationState } from '../../src-shared/domain/vocabulary.js';
import { PRODUCT_BARCODE_KIND } from './kinds/product-barcode.kind.js';

export type OutboxListing = CallValue<'outbox.list'>;
export type OutboxRowView = OutboxListing['items'][number];

interface ListRow {
  readonly id: number;
  readonly kind: string;
  readonly state: OperationState;
  readonly warehouse_code: string | null;
  readonly product_id: number | null;
  readonly sku: string | null;
  readonly product_name: string | null;
  readonly barcode: string | null;
  readonly change: string | null;
  readonly value: number | null;
  readonly counted_against: number | null;
  readonly policy: DriftPolicy | null;
  readonly session_id: string | null;
  readonly attempts: number;
  readonly next_attempt_at: number | null;
  readonly reason_code: string | null;
  readonly reason_text: string | null;
  readonly outcome: string | null;
  readonly created_at: number;
  readonly updated_at: number;
  readonly finished_at: number | null;
}

// A barcode change's product and code, from its payload (an unreadable one gives NULLs: it is parked).
const fromBarcodePayload = (field: string): string =>
  `CASE WHEN kind = '${PRODUCT_BARCODE_KIND}' AND json_valid(payload) THEN json_extract(payload, '$.${field}') END`;
const PRODUCT_ID = `coalesce(product_id, ${fromBarcodePayload('productId')})`;

const COLUMNS = `id, kind, state, warehouse_code, ${PRODUCT_ID} AS product_id,
  coalesce(sku, ${fromBarcodePayload('sku')}) AS sku,
  (SELECT name FROM products WHERE products.id = ${PRODUCT_ID}) AS product_name,
  ${fromBarcodePayload('barcode')} AS barcode,
  change, value, counted_against, policy,
  session_id, attempts, next_attempt_at, reason_code, reason_text, outcome, created_at, updated_at, finished_at`;

// @filter: a state, 'open' (not done or discarded) or 'all'.
const WHERE = `(@filter = 'all'
   OR (@filter = 'open' AND state NOT IN ('done', 'discarded'))
   OR state = @filter)`;

interface Filter {
  readonly filter: string;
}

export class OperationListRepository {
  readonly #page: Statement<Filter & { limit: number; offset: number }, ListRow>;
  readonly #count: Statement<Filter, { n: number }>;

  constructor(db: Database) {
    this.#page = db.prepare(
      `SELECT ${COLUMNS} FROM outbox_operations WHERE ${WHERE} ORDER BY id DESC LIMIT @limit OFFSET @offset`,
    );
    this.#count = db.prepare(`SELECT count(*) AS n FROM outbox_operations WHERE ${WHERE}`);
  }

  list(args: ParsedCallArgs<'outbox.list'>): OutboxListing {
    const filter = args.state;
    const total = this.#count.get({ filter })?.n ?? 0;
    const items = this.#page.all({ filter, limit: args.limit, offset: args.offset }).map(toView);
    return { total, offset: args.offset, items };
  }
}

function toView(row: ListRow): OutboxRowView {
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    warehouseCode: row.warehouse_code,
    productId: row.product_id,
    sku: row.sku,
    productName: row.product_name,
    barcode: row.barcode,
    change: row.change,
    value: row.value,
    countedAgainst: row.counted_against,
    policy: row.policy,
    sessionId: row.session_id,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    reasonCode: row.reason_code,
    reasonText: row.reason_text,
    outcome: row.outcome,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    finishedAt: row.finished_at,
  };
}
