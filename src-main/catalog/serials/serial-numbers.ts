// A product's serial numbers as this PC knows them: v4 has no read of a product's serials, so the list
// is what THIS PC added or removed (product_serials, migration 0016), the latest action per serial,
// each with what became of it in the outbox (added, duplicate with the back office's words, refused,
// waiting…). Adds and removals are queued in the transaction that records them.
import type { Database } from 'better-sqlite3';
import type { CallValue, ParsedCallArgs } from '../../../src-shared/ipc/index.js';
import type { SerialEntry } from '../../../src-shared/ipc/schemas/product-extras.js';
import type { SerialResult } from '../../../src-shared/domain/vocabulary.js';
import { preparedFor } from '../../db/statements.js';
import {
  ADD_SERIAL_KIND,
  createOperationOf,
  operationStates,
  DELETE_SERIAL_KIND,
  enqueueSerialNumbers,
  SERIAL_DUPLICATE_OUTCOME,
  SERIAL_REFUSED,
  serialOperationStates,
  type SerialOperationState,
} from '../../outbox/index.js';
import { Refusal } from '../../refusal/refusal.js';
import type { CatalogueLookup } from '../catalogue-lookup.js';
import type { CatalogueRepository } from '../catalogue.repository.js';

interface SerialRow {
  readonly id: number;
  readonly name: string;
  readonly warehouse_code: string;
  readonly action: 'add' | 'remove';
  readonly operation_id: number;
  readonly created_at: number;
}

function prepareAll(db: Database) {
  return {
    insert: db.prepare<{
      productId: number;
      warehouseCode: string;
      name: string;
      action: 'add' | 'remove';
      operationId: number;
      now: number;
    }>(
      `INSERT INTO product_serials (product_id, warehouse_code, name, action, operation_id, created_at)
       VALUES (@productId, @warehouseCode, @name, @action, @operationId, @now)`,
    ),
    /** The latest row of each serial of a product, newest first. */
    latest: db.prepare<[number], SerialRow>(
      `SELECT s.id, s.name, s.warehouse_code, s.action, s.operation_id, s.created_at FROM product_serials s
        WHERE s.product_id = ? AND s.id = (SELECT max(id) FROM product_serials l
                                            WHERE l.product_id = s.product_id AND l.name = s.name)
        ORDER BY s.id DESC`,
    ),
  };
}

export interface SerialNumbersOptions {
  readonly db: Database;
  readonly lookup: Pick<CatalogueLookup, 'product'>;
  /** Its warehouses, and the id a product made here answers to once it moved to its server id. */
  readonly repository: Pick<CatalogueRepository, 'warehouses' | 'localWrites'>;
  readonly now: () => number;
}

/** An add that still counts: not discarded, not refused, not removed since. */
function holds(entry: SerialEntry): boolean {
  return entry.action === 'add' && !['discarded', 'refused'].includes(entry.result);
}

export class SerialNumbers {
  readonly #options: SerialNumbersOptions;

  constructor(options: SerialNumbersOptions) {
    this.#options = options;
  }

  list(productId: number): CallValue<'serials.list'> {
    const rows = preparedFor(this.#options.db, prepareAll).latest.all(this.#current(productId));
    const states = serialOperationStates(
      this.#options.db,
      rows.map((row) => row.operation_id),
    );
    return rows.map((row) => {
      const { result, text } = resultOf(row.action, states.get(row.operation_id));
      return {
        name: row.name,
        warehouseCode: row.warehouse_code,
        action: row.action,
        operationId: row.operation_id,
        at: row.created_at,
        result,
        text,
      };
    });
  }

  /**
   * Queues the serials in one warehouse. Refused before anything is stored: an unknown product or
   * warehouse, a serial repeated in the call or already added here (and not removed since).
   */
  add(request: ParsedCallArgs<'serials.add'>): CallValue<'serials.add'> {
    const productId = this.#current(request.productId);
    const product = this.#product(productId);
    const warehouseCode = request.warehouseCode.trim();
    if (!this.#options.repository.warehouses().some((warehouse) => warehouse.code === warehouseCode)) {
      const unknown = `There is no warehouse ${warehouseCode}.`;
      throw Refusal.field('warehouseCode', unknown, undefined, unknown);
    }
    const held = new Set(
      this.list(productId)
        .filter(holds)
        .map((entry) => entry.name),
    );
    const seen = new Set<string>();
    const issues = request.names.flatMap((name, index) => {
      const problem = seen.has(name)
        ? `Serial ${name} is twice in the list.`
        : held.has(name)
          ? `Serial ${name} is already added to ${product.sku}.`
          : undefined;
      seen.add(name);
      return problem === undefined ? [] : [{ path: `names.${index}`, message: problem }];
    });
    const first = issues[0];
    if (first) throw new Refusal('invalid-arguments', first.message, { reason: 'repeated', issues });
    this.#record(
      productId,
      product.sku,
      request.names.map((name) => ({ name, warehouseCode, action: 'add' as const })),
    );
    return this.list(productId);
  }

  remove(requested: number, name: string): CallValue<'serials.remove'> {
    const productId = this.#current(requested);
    const product = this.#product(productId);
    this.#record(productId, product.sku, [{ name, warehouseCode: '', action: 'remove' }]);
    return this.list(productId);
  }

  /** A product made here keeps answering to its local id after it moved to its server id. */
  #current(productId: number): number {
    return this.#options.repository.localWrites.currentId(productId);
  }

  #product(productId: number): { sku: string } {
    const product = this.#options.lookup.product(productId);
    if (product === undefined) throw Refusal.notFound(`No product ${productId} in the local catalogue.`);
    const create = createOperationOf(productId);
    if (create !== undefined && operationStates(this.#options.db, [create])[0]?.state === 'discarded') {
      throw Refusal.conflict(
        `Product ${product.sku} was discarded before it reached the back office; it takes no serial numbers.`,
        'create-discarded',
      );
    }
    return product;
  }

  #record(
    productId: number,
    sku: string,
    serials: ReadonlyArray<{ name: string; warehouseCode: string; action: 'add' | 'remove' }>,
  ): void {
    const { db, now } = this.#options;
    const statements = preparedFor(db, prepareAll);
    db.transaction(() => {
      const ids = enqueueSerialNumbers(
        db,
        serials.map((serial) => ({
          kind: serial.action === 'add' ? ADD_SERIAL_KIND : DELETE_SERIAL_KIND,
          productId,
          sku,
          name: serial.name,
          warehouseCode: serial.warehouseCode,
        })),
      );
      serials.forEach((serial, index) =>
        statements.insert.run({
          productId,
          warehouseCode: serial.warehouseCode,
          name: serial.name,
          action: serial.action,
          operationId: ids[index] ?? 0,
          now: now(),
        }),
      );
    })();
  }
}

/** What the outbox's state of a serial's operation means for the person (see serial-numbers.kind.ts). */
function resultOf(
  action: 'add' | 'remove',
  state: SerialOperationState | undefined,
): { result: SerialResult; text: string | null } {
  if (state === undefined) return { result: 'waiting', text: null };
  if (state.state === 'discarded') return { result: 'discarded', text: null };
  if (state.state === 'parked') {
    return {
      result: state.reasonCode === SERIAL_REFUSED ? 'refused' : 'needsAttention',
      text: state.reasonText,
    };
  }
  if (state.state !== 'done') return { result: 'waiting', text: null };
  if (action === 'remove') return { result: 'removed', text: null };
  if (state.outcome === SERIAL_DUPLICATE_OUTCOME) return { result: 'duplicate', text: state.reasonText };
  // Only a duplicate answered after a lost answer is 'reconciled'; a resend that attached it is 'applied'.
  if (state.outcome === 'reconciled') return { result: 'alreadyThere', text: state.reasonText };
  return { result: 'added', text: null };
}
