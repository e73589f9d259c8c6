// The outbox rows a person can page through (newest first), by state, in the contract's shape.
// Read-only; document bodies are not read (the list never shows them), except the small payload of a
// barcode change: it is stored as a document (product_id NULL, so the stock view never folds it), and
// the product and the code it gives live only there — without it the row named neither (issue 13).
import type { Database } from 'better-sqlite3';
import type { CallValue, ParsedCallArgs } from '../../src-shared/ipc/index.js';
import { preparedFor } from '../db/statements.js';
import { PRODUCT_BARCODE_KIND } from './kinds/product-barcode.kind.js';
import type { OperationRow } from './core/operation-types.js';

export type OutboxListing = CallValue<'outbox.list'>;
export type OutboxRowView = OutboxListing['items'][number];
/** A parked row as the Outbox page shows it: the list row plus its reason, figures and key. */
export type ParkedOperation = CallValue<'outbox.parked'>[number];

/** What a list reads of a row: its columns but the payload, and the product and code a barcode change names. */
type ListRow = Pick<
  OperationRow,
  | 'id'
  | 'kind'
  | 'state'
  | 'description'
  | 'warehouse_code'
  | 'product_id'
  | 'sku'
  | 'change'
  | 'value'
  | 'counted_against'
  | 'policy'
  | 'session_id'
  | 'attempts'
  | 'next_attempt_at'
  | 'reason_code'
  | 'reason_text'
  | 'outcome'
  | 'created_at'
  | 'updated_at'
  | 'finished_at'
> & { readonly product_name: string | null; readonly barcode: string | null };

type ParkedRow = ListRow & Pick<OperationRow, 'server_before' | 'unique_number'>;

// A barcode change's product and code, from its payload (an unreadable one gives NULLs: it is parked).
const fromBarcodePayload = (field: string): string =>
  `CASE WHEN kind = '${PRODUCT_BARCODE_KIND}' AND json_valid(payload) THEN json_extract(payload, '$.${field}') END`;
const PRODUCT_ID = `coalesce(product_id, ${fromBarcodePayload('productId')})`;

const COLUMNS = `id, kind, state, description, warehouse_code, ${PRODUCT_ID} AS product_id,
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

function prepareAll(db: Database) {
  return {
    page: db.prepare<Filter & { limit: number; offset: number }, ListRow>(
      `SELECT ${COLUMNS} FROM outbox_operations WHERE ${WHERE} ORDER BY id DESC LIMIT @limit OFFSET @offset`,
    ),
    count: db.prepare<Filter, { n: number }>(`SELECT count(*) AS n FROM outbox_operations WHERE ${WHERE}`),
    parked: db.prepare<[], ParkedRow>(
      `SELECT ${COLUMNS}, server_before, unique_number FROM outbox_operations WHERE state = 'parked' ORDER BY id`,
    ),
  };
}

/** One page of rows, newest first ('open': not done or discarded; 'all': history too). */
export function listOperations(db: Database, args: ParsedCallArgs<'outbox.list'>): OutboxListing {
  const statements = preparedFor(db, prepareAll);
  const filter = args.state;
  const total = statements.count.get({ filter })?.n ?? 0;
  const items = statements.page.all({ filter, limit: args.limit, offset: args.offset }).map(operationView);
  return { total, offset: args.offset, items };
}

/** Every parked row, oldest first, with what a person needs to decide. */
export function listParked(db: Database): ParkedOperation[] {
  return preparedFor(db, prepareAll)
    .parked.all()
    .map((row) => ({
      ...operationView(row),
      reasonCode: row.reason_code ?? '',
      reasonText: row.reason_text ?? '',
      serverBefore: row.server_before,
      uniqueNumber: row.unique_number,
    }));
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
