// Which product a serial number row goes to. A serial of a server product has its own keys (product ×
// serial, so other serials flow). A serial of a product made on this PC (local id ≤ −1) waits for the
// product's create: it takes the create's order key and names it in depends_on, and learns the
// server id with the create's "done" (target_id). When the product moves to its server id
// (catalog/product-identity.ts, in the transaction that marks the create done) its waiting serial rows
// take the server product's own keys, so they batch again instead of going one by one.
import type { Database } from 'better-sqlite3';
import { preparedFor } from '../../db/statements.js';
import { operationById } from '../core/operation-lookup.js';
import { OutboxInputError } from '../core/outbox-input-error.js';
import { ADD_PRODUCT_KIND, createOperationOf } from '../core/local-products.js';
import type { KindContext } from '../core/operation-kind.js';
import type { OperationRow, RowOutcome } from '../core/operation-types.js';
import { CREATE_DISCARDED, CREATE_NOT_FOUND } from '../core/write-reasons.js';

export const serialOrderKey = (productId: number, name: string): string =>
  JSON.stringify(['serial', productId, name]);
export const serialBatchKey = (kind: string, productId: number): string => JSON.stringify([kind, productId]);

/** The keys of a new serial row; for a product made here, its create's key and id. */
export interface SerialRowKeys {
  readonly orderKey: string;
  readonly dependsOn: number | null;
  readonly targetId: number | null;
}

/** The open create a product made here waits for; throws when there is none (sent rows keep theirs). */
function createOf(db: Database, productId: number): OperationRow {
  const createId = createOperationOf(productId);
  const create = createId === undefined ? undefined : operationById(db, createId);
  if (create?.kind !== ADD_PRODUCT_KIND || create.state === 'discarded') {
    throw new OutboxInputError(
      `productId ${productId} is not a product made on this PC that is still to be sent`,
    );
  }
  return create;
}

/** Keys per serial of one product (the create is looked up once). */
export function serialKeysFor(db: Database, productId: number): (name: string) => SerialRowKeys {
  if (!Number.isSafeInteger(productId) || productId === 0) {
    throw new OutboxInputError('productId must be a whole number, never 0');
  }
  if (productId > 0)
    return (name) => ({ orderKey: serialOrderKey(productId, name), dependsOn: null, targetId: null });
  const create = createOf(db, productId);
  return () => ({ orderKey: create.order_key, dependsOn: create.id, targetId: create.server_id });
}

/**
 * The server id a batch of serial rows is sent to: the payload's (a server product), else the one the
 * create answered; a parked outcome when the create was discarded or its id is not known.
 */
export function serialServerId(
  row: OperationRow,
  productId: number,
  context: Pick<KindContext, 'operation'>,
): number | RowOutcome {
  if (productId > 0) return productId;
  if (row.target_id !== null) return row.target_id;
  const create = row.depends_on === null ? undefined : context.operation(row.depends_on);
  if (create?.state === 'done' && create.server_id !== null) return create.server_id;
  if (create === undefined || create.state === 'discarded') {
    return {
      state: 'parked',
      code: CREATE_DISCARDED,
      text: `The product these serial numbers were for (operation ${row.depends_on ?? '?'}) was discarded, so it does not exist on the back office. Discard them too.`,
    };
  }
  return {
    state: 'parked',
    code: CREATE_NOT_FOUND,
    text: `The product these serial numbers are for (operation ${create.id}) has no server id yet. Retry later.`,
  };
}

interface WaitingSerialRow {
  readonly id: number;
  readonly kind: string;
  readonly payload: string;
}

function prepareAll(db: Database) {
  return {
    waiting: db.prepare<{ from: number; kinds: string }, WaitingSerialRow>(
      `SELECT id, kind, payload FROM outbox_operations
        WHERE kind IN (SELECT value FROM json_each(@kinds)) AND state IN ('pending', 'retry', 'parked')
          AND json_extract(payload, '$.productId') = @from`,
    ),
    rekey: db.prepare<{ id: number; orderKey: string; batchKey: string; payload: string; to: number }>(
      `UPDATE outbox_operations SET order_key = @orderKey, batch_key = @batchKey, payload = @payload,
              target_id = @to
        WHERE id = @id`,
    ),
  };
}

/**
 * The serial rows of local product `from` not on the wire yet go to server product `to`: its id in
 * their payload, their own keys. Part of ProductIdentity.move (inside its transaction).
 */
export function moveWaitingSerials(db: Database, kinds: readonly string[], from: number, to: number): void {
  const statements = preparedFor(db, prepareAll);
  for (const row of statements.waiting.all({ from, kinds: JSON.stringify(kinds) })) {
    const payload = JSON.parse(row.payload) as { name?: unknown };
    const name = typeof payload.name === 'string' ? payload.name : '';
    statements.rekey.run({
      id: row.id,
      orderKey: serialOrderKey(to, name),
      batchKey: serialBatchKey(row.kind, to),
      payload: JSON.stringify({ ...payload, productId: to }),
      to,
    });
  }
}
