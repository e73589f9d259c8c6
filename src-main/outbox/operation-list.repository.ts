// The outbox rows a person can page through (newest first), by state, in the contract's shape.
// Read-only; document bodies are not read (the list never shows them), except the small payload of a
// barcode change: it is stored as a document (product_id NULL, so the stock view never folds it), and
// the product and the code it gives live only there — without it the row named neither (issue 13).
import type { Database, Statement } from 'better-sqlite3';
import type { CallValue, ParsedCallArgs } from '../../src-shared/ipc/index.js';
import type { OperationRow } from './operation-types.js';
import { PRODUCT_BARCODE_KIND } from './kinds/product-barcode.kind.js';

export type OutboxListing = CallValue<'outbox.list'>;
export type OutboxRowView = OutboxListing['items'][number];

/** The columns a list reads as they are (never the payload: document bodies are not shown). */
const LIST_COLUMNS = [
  'id',
  'kind',
  'state',
  'description',
  'warehouse_code',
  'product_id',
  'sku',
  'change',
  'value',
  'counted_against',
  'policy',
  'session_id',
  'attempts',
  'next_attempt_at',
  'reason_code',
  'reason_text',
  'outcome',
  'created_at',
  'updated_at',
  'finished_at',
] as const satisfies ReadonlyArray<keyof OperationRow>;
/** The list adds a barcode change's product name and code (a parked row read elsewhere has neither). */
type ListRow = Pick<OperationRow, (typeof LIST_COLUMNS)[number]> & {
  readonly product_name?: string | null;
  readonly barcode?: string | null;
};

// A barcode change's product and code, from its payload (an unreadable one gives NULLs: it is parked).
const fromBarcodePayload = (field: string): string =>
  `CASE WHEN kind = '${PRODUCT_BARCODE_KIND}' AND json_valid(payload) THEN json_extract(payload, '$.${field}') END`;
const PRODUCT_ID = `coalesce(product_id, ${fromBarcodePayload('productId')})`;
const COMPUTED: Partial<Record<(typeof LIST_COLUMNS)[number], string>> = {
  product_id: `${PRODUCT_ID} AS product_id`,
  sku: `coalesce(sku, ${fromBarcodePayload('sku')}) AS sku`,
};

const COLUMNS = [
  ...LIST_COLUMNS.map((column) => COMPUTED[column] ?? column),
  `(SELECT name FROM products WHERE products.id = ${PRODUCT_ID}) AS product_name`,
  `${fromBarcodePayload('barcode')} AS barcode`,
].join(', ');

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
    const items = this.#page.all({ filter, limit: args.limit, offset: args.offset }).map(operationView);
    return { total, offset: args.offset, items };
  }
}

/** The one view of an outbox row the page gets (the list's item; a parked row adds its figures). */
export function operationView(row: ListRow): OutboxRowView {
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    description: row.description,
    warehouseCode: row.warehouse_code,
    productId: row.product_id,
    sku: row.sku,
    productName: row.product_name ?? null,
    barcode: row.barcode ?? null,
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
