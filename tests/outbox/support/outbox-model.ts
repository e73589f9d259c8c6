// The model-based test's system under test and commands: a real outbox on a real file draining to the
// real sandbox, driven by random enqueues, drains under every failure class, crashes (the file is
// reopened by a new instance) and person actions on parked rows.
import type { AsyncCommand } from 'fast-check';
import type { Database } from '../../../src-main/db/database.js';
import {
  discardParked,
  editParkedValue,
  enqueueIncome,
  enqueueStockChange,
  listParked,
  Outbox,
  retryParked,
} from '../../../src-main/outbox/index.js';
import { BackofficeClient } from '../../../src-main/backoffice/index.js';
import type { FaultMode, FaultTiming } from '../../../src-main/sandbox/index.js';
import { seededRandom, SETTLE_MS, type OutboxFixture } from './outbox-fixture.js';
import { createTempDatabase, type TempDatabase } from './temp-database.js';

export const MODEL_WAREHOUSE = 'W0001';
export const MODEL_PRODUCTS = [1, 2, 3, 4] as const;
export const UNKNOWN_PRODUCT = 999_999;
export const START_STOCK = 100;
const DAY = 24 * 60 * 60 * 1000;
/** Longer than any backoff or settle wait of the model's outboxes. */
const WAIT_OUT = 10 * 60 * 1000;

export class SimulatedCrash extends Error {}

export interface Model {
  /** Operations enqueued (committed) so far. */
  operations: number;
  /** Parked rows seen, with the reason code they were parked for. */
  readonly parked: Map<number, string>;
}

export class RealSystem {
  readonly fx: OutboxFixture;
  readonly temp: TempDatabase;
  db: Database;
  outbox: Outbox;
  crashAt: 'before' | 'after' | undefined;
  readonly violations: string[] = [];
  readonly #clients: BackofficeClient[] = [];

  constructor(fx: OutboxFixture) {
    this.fx = fx;
    this.temp = createTempDatabase();
    this.db = this.temp.db;
    this.outbox = this.makeOutbox(this.db, fx.client());
  }

  makeOutbox(db: Database, client: BackofficeClient): Outbox {
    this.#clients.push(client);
    return new Outbox({
      db,
      client,
      now: this.fx.clock.now,
      random: seededRandom(11),
      backoff: { baseMs: 1_000, maxMs: 60_000 },
      settleMs: SETTLE_MS,
      hooks: {
        beforeRequest: (rows) => {
          for (const row of rows) {
            const earlier = db
              .prepare<[string, number], { n: number }>(
                `SELECT count(*) AS n FROM outbox_operations
                  WHERE order_key = ? AND id < ? AND state NOT IN ('done', 'discarded')`,
              )
              .get(row.order_key, row.id);
            if ((earlier?.n ?? 0) > 0)
              this.violations.push(`operation ${row.id} overtook an earlier one of its key`);
          }
          if (this.crashAt === 'before') throw new SimulatedCrash('crash before the request');
        },
        afterResponse: () => {
          if (this.crashAt === 'after')
            throw new SimulatedCrash('crash after the answer, before it was saved');
        },
      },
    });
  }

  /** The process died: a new instance opens the file (the old connection is simply dropped). */
  async reopen(): Promise<void> {
    await this.outbox.stop();
    this.db.close();
    this.db = this.temp.open();
    this.outbox = this.makeOutbox(this.db, this.fx.client());
  }

  async dispose(): Promise<void> {
    await this.outbox.stop();
    for (const client of this.#clients) await client.close();
    this.temp.close();
  }

  /** Invariants that hold after every command. */
  check(model: Model): void {
    const rows = this.db
      .prepare<[], { id: number; state: string; reason_code: string | null; reason_text: string | null }>(
        'SELECT id, state, reason_code, reason_text FROM outbox_operations ORDER BY id',
      )
      .all();
    if (rows.length !== model.operations)
      this.violations.push(`${model.operations} enqueued, ${rows.length} stored`);
    for (const row of rows.filter((candidate) => candidate.state === 'parked')) {
      if (!row.reason_code || !row.reason_text)
        this.violations.push(`operation ${row.id} parked without a reason`);
      const seen = model.parked.get(row.id);
      if (seen !== undefined && seen !== row.reason_code) {
        this.violations.push(
          `operation ${row.id} changed its parked reason from ${seen} to ${row.reason_code}`,
        );
      }
      model.parked.set(row.id, row.reason_code ?? '');
    }
  }
}

type ModelCommand = AsyncCommand<Model, RealSystem>;

export class EnqueueStock implements ModelCommand {
  constructor(
    readonly change: 'set' | 'increase' | 'decrease',
    readonly product: number,
    readonly value: number,
  ) {}
  check = () => true;
  async run(model: Model, real: RealSystem): Promise<void> {
    const sku = `SKU-${String(this.product).padStart(6, '0')}`;
    const { operationIds } = enqueueStockChange(real.db, {
      warehouseCode: MODEL_WAREHOUSE,
      change: this.change,
      lines: [{ productId: this.product, sku, value: this.value }],
    });
    model.operations += operationIds.length;
    real.check(model);
  }
  toString = () => `${this.change}(${this.product}, ${this.value})`;
}

export class EnqueueIncome implements ModelCommand {
  constructor(readonly amount: number) {}
  check = () => true;
  async run(model: Model, real: RealSystem): Promise<void> {
    enqueueIncome(real.db, {
      body: { amount: this.amount, list: [{ name: 'model', totalprice: this.amount }] },
    });
    model.operations += 1;
    real.check(model);
  }
  toString = () => `income(${this.amount})`;
}

export type DrainFault = 'none' | `${FaultMode}:${FaultTiming}` | 'offline' | 'quota' | 'revoked';

export class Drain implements ModelCommand {
  constructor(readonly fault: DrainFault) {}
  check = () => true;
  async run(model: Model, real: RealSystem): Promise<void> {
    const { handle } = real.fx.sandbox;
    if (this.fault === 'offline') {
      const offline = real.makeOutbox(
        real.db,
        new BackofficeClient({
          baseUrl: 'http://127.0.0.1:1',
          credentials: { storename: 'demo', apikey: 'demo-key', apisecret: 'demo-secret' },
        }),
      );
      await offline.drain();
      await offline.stop();
    } else if (this.fault === 'quota') {
      handle.setQuota(handle.quotaUsed('demo') + 1);
      await real.outbox.drain();
      handle.setQuota(10_000_000);
      real.fx.clock.advance(DAY);
    } else if (this.fault === 'revoked') {
      handle.revokeStore('demo');
      await real.outbox.drain();
      handle.restoreStore('demo');
    } else {
      if (this.fault !== 'none') {
        const [mode, timing] = this.fault.split(':') as [FaultMode, FaultTiming];
        handle.scheduleFault({ endpoint: '*', mode, timing });
      }
      await real.outbox.drain();
      handle.clearFaults();
    }
    real.fx.clock.advance(WAIT_OUT);
    real.check(model);
  }
  toString = () => `drain(${this.fault})`;
}

export class Crash implements ModelCommand {
  constructor(readonly at: 'before' | 'after') {}
  check = () => true;
  async run(model: Model, real: RealSystem): Promise<void> {
    real.crashAt = this.at;
    try {
      await real.outbox.drain();
    } catch (error) {
      if (!(error instanceof SimulatedCrash)) throw error;
    } finally {
      real.crashAt = undefined;
    }
    await real.reopen();
    real.fx.clock.advance(WAIT_OUT);
    real.check(model);
  }
  toString = () => `crash(${this.at})`;
}

export class Resume implements ModelCommand {
  check = () => true;
  async run(model: Model, real: RealSystem): Promise<void> {
    real.outbox.resume();
    await real.outbox.drain();
    real.check(model);
  }
  toString = () => 'resume';
}

export class PersonAction implements ModelCommand {
  constructor(
    readonly action: 'retry' | 'discard' | 'edit',
    readonly pick: number,
    readonly value: number,
  ) {}
  check = () => true;
  async run(model: Model, real: RealSystem): Promise<void> {
    const parked = listParked(real.db);
    const target = parked[this.pick % Math.max(1, parked.length)];
    if (target) {
      model.parked.delete(target.id);
      if (this.action === 'retry') retryParked(real.db, target.id);
      else if (this.action === 'discard') discardParked(real.db, target.id, 'model');
      else if (target.change !== null) editParkedValue(real.db, target.id, this.value);
    }
    real.check(model);
  }
  toString = () => `${this.action}Parked(${this.pick}, ${this.value})`;
}
