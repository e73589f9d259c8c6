// Adding a warehouse from this PC: the code checked unique against every warehouse known, the create
// queued in the outbox (AddWarehouse, a keyless create read back by its code) together with the local
// row pickers show at once, in one transaction.
import type { Database } from 'better-sqlite3';
import type { CallValue, ParsedCallArgs } from '../../src-shared/ipc/index.js';
import type { WarehouseView } from './catalogue-views.js';
import {
  insertLocalWarehouse,
  localWarehouseChoices,
  proposeWarehouseCode,
  requireNewCode,
  type NewWarehouse,
  type WarehouseChoice,
} from './local-warehouses.js';

export interface WarehouseAdditionsOptions {
  readonly db: Database;
  /** The back office's warehouses as last pulled. */
  readonly pulled: () => readonly WarehouseView[];
  /** Queues the create (inside the caller's transaction); answers its outbox operation id. */
  readonly queueCreate: (warehouse: NewWarehouse) => number;
  readonly now: () => number;
}

export class WarehouseAdditions {
  readonly #options: WarehouseAdditionsOptions;

  constructor(options: WarehouseAdditionsOptions) {
    this.#options = options;
  }

  /** Every warehouse a picker offers, by code: the pulled ones, then those made here not pulled yet. */
  choices(): WarehouseChoice[] {
    const pulled = this.#options.pulled().map((warehouse) => ({ ...warehouse, pending: false }));
    return [...pulled, ...localWarehouseChoices(this.#options.db)].sort((a, b) =>
      a.code.localeCompare(b.code),
    );
  }

  add(args: ParsedCallArgs<'catalogue.addWarehouse'>): CallValue<'catalogue.addWarehouse'> {
    const { db, now, queueCreate } = this.#options;
    const warehouse = { code: args.code.trim(), name: args.name.trim(), address: args.address.trim() };
    db.transaction(() => {
      requireNewCode(this.choices(), warehouse.code);
      insertLocalWarehouse(db, warehouse, queueCreate(warehouse), now());
    })();
    return { id: 0, ...warehouse, pending: true };
  }

  proposeCode(): CallValue<'catalogue.proposeWarehouseCode'> {
    return { code: proposeWarehouseCode(this.choices()) };
  }
}
