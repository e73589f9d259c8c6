// Which products row each of this PC's product writes (outbox operations AddProduct … DeleteProduct)
// was made for (migration 0010), and where they stand: the products page's "waiting to send / needs
// attention" marks, the form's list of changes, and the products a pull must not overwrite while a
// change is still on its way.
import type { Database } from 'better-sqlite3';
import { preparedFor } from '../db/statements.js';
import {
  isOneOf,
  PRODUCT_CHANGES,
  type ProductChange,
  type SendState,
} from '../../src-shared/domain/vocabulary.js';
import type { OperationState } from '../outbox/index.js';

const OPEN = `o.state NOT IN ('done', 'discarded')`;

interface ChangeRow {
  operation_id: number;
  change: string;
  state: OperationState;
  waiting_state: OperationState | null;
  reason_text: string | null;
}

export interface ProductChangeRow {
  readonly operationId: number;
  readonly change: ProductChange;
  readonly state: SendState;
  readonly reasonText: string | null;
}

function prepareAll(db: Database) {
  return {
    record: db.prepare<{ operationId: number; productId: number; change: ProductChange; now: number }>(
      `INSERT INTO product_local_writes (operation_id, product_id, change, created_at)
       VALUES (@operationId, @productId, @change, @now)`,
    ),
    openProducts: db
      .prepare<[], number>(
        `SELECT DISTINCT w.product_id FROM product_local_writes w
           JOIN outbox_operations o ON o.id = w.operation_id WHERE ${OPEN}`,
      )
      .pluck(),
    changes: db.prepare<[number, number], ChangeRow>(
      `SELECT w.operation_id, w.change, o.state, c.state AS waiting_state, o.reason_text
         FROM product_local_writes w
         JOIN outbox_operations o ON o.id = w.operation_id
         LEFT JOIN outbox_operations c ON c.id = o.depends_on
        WHERE w.product_id = ? ORDER BY w.operation_id DESC LIMIT ?`,
    ),
    states: db.prepare<[string], { product_id: number; attention: number; open: number }>(
      `SELECT w.product_id,
              max(${OPEN} AND (o.state = 'parked' OR coalesce(c.state, '') = 'parked')) AS attention,
              max(${OPEN}) AS open
         FROM product_local_writes w
         JOIN outbox_operations o ON o.id = w.operation_id
         LEFT JOIN outbox_operations c ON c.id = o.depends_on
        WHERE w.product_id IN (SELECT value FROM json_each(?))
        GROUP BY w.product_id`,
    ),
    deleting: db
      .prepare<[number], number>(
        `SELECT 1 FROM product_local_writes w JOIN outbox_operations o ON o.id = w.operation_id
          WHERE w.product_id = ? AND w.change = 'delete' AND o.state <> 'discarded' LIMIT 1`,
      )
      .pluck(),
    createOf: db
      .prepare<[number], number>(
        `SELECT operation_id FROM product_local_writes WHERE product_id = ? AND change = 'create'`,
      )
      .pluck(),
    productOf: db
      .prepare<[number], number>('SELECT product_id FROM product_local_writes WHERE operation_id = ?')
      .pluck(),
    creates: db
      .prepare<[], number>(`SELECT count(*) FROM product_local_writes WHERE change = 'create'`)
      .pluck(),
    move: db.prepare<{ from: number; to: number }>(
      'UPDATE product_local_writes SET product_id = @to WHERE product_id = @from',
    ),
  };
}

function sendStateOf(state: OperationState, waitingOn: OperationState | null): SendState {
  if (state === 'parked' || waitingOn === 'parked') return 'needsAttention';
  if (state === 'done') return 'sent';
  if (state === 'discarded') return 'discarded';
  return 'waitingToSend';
}

export class ProductLocalWrites {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  get #s() {
    return preparedFor(this.#db, prepareAll);
  }

  /** Call in the transaction that queued the operation. */
  record(operationId: number, productId: number, change: ProductChange, now: number): void {
    this.#s.record.run({ operationId, productId, change, now });
  }

  /** Products with a change not yet done or discarded: a pull keeps their local view. */
  openProductIds(): Set<number> {
    return new Set(this.#s.openProducts.all());
  }

  /** The product's changes, newest first (at most `limit`). */
  changes(productId: number, limit = 20): ProductChangeRow[] {
    return this.#s.changes.all(productId, limit).flatMap((row) =>
      isOneOf(PRODUCT_CHANGES, row.change)
        ? [
            {
              operationId: row.operation_id,
              change: row.change,
              state: sendStateOf(row.state, row.waiting_state),
              reasonText: row.state === 'parked' ? row.reason_text : null,
            },
          ]
        : [],
    );
  }

  /** Per product with open changes: needs attention, or waiting to send (others are absent). */
  sendStates(productIds: readonly number[]): Map<number, SendState> {
    const states = new Map<number, SendState>();
    if (productIds.length === 0) return states;
    for (const row of this.#s.states.all(JSON.stringify(productIds))) {
      if (row.attention === 1) states.set(row.product_id, 'needsAttention');
      else if (row.open === 1) states.set(row.product_id, 'waitingToSend');
    }
    return states;
  }

  /** A delete is queued (or sent) for the product. */
  deleting(productId: number): boolean {
    return this.#s.deleting.get(productId) !== undefined;
  }

  /** The create of a product made on this PC (also after it took its server id). */
  createOf(productId: number): number | undefined {
    return this.#s.createOf.get(productId);
  }

  /**
   * The product a local id names now: itself, or — once its create made it a server product — its
   * server id (a page opened on the local id keeps showing it).
   */
  currentId(productId: number): number {
    return productId < 0 ? (this.#s.productOf.get(-productId) ?? productId) : productId;
  }

  /** How many products this PC has made (the sequence of the skus it proposes). */
  createCount(): number {
    return this.#s.creates.get() ?? 0;
  }

  /** Part of ProductIdentity.move. */
  move(from: number, to: number): void {
    this.#s.move.run({ from, to });
  }
}
