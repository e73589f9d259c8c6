// An outbox on a real database file draining to a real sandbox over loopback, with a clock the test
// moves (backoff waits, lease expiry, the next Thai day) and v4 reads to check what the sandbox applied.
import {
  BackofficeClient,
  InMemoryRequestBudgetStore,
  RequestBudget,
} from '../../../src-main/backoffice/index.js';
import type { Database } from '../../../src-main/db/database.js';
import { Outbox, type OutboxOptions } from '../../../src-main/outbox/index.js';
import {
  startTestSandbox,
  type TestSandbox,
  type TestSandboxOptions,
} from '../../support/sandbox-harness.js';
import { seededRandom } from './crash-plan.js';
import { createTempDatabase, type TempDatabase } from './temp-database.js';

export const CASH = 'เงินสด';
/** The outbox's settle time in the fixture (on the test clock). */
export const SETTLE_MS = 5_000;

export class TestClock {
  constructor(public time = Date.UTC(2025, 5, 10, 3, 0, 0)) {}
  now = (): number => this.time;
  advance(ms: number): void {
    this.time += ms;
  }
}

export { seededRandom };

export interface OutboxFixture {
  readonly sandbox: TestSandbox;
  readonly temp: TempDatabase;
  readonly db: Database;
  readonly clock: TestClock;
  /** Builds a client for the sandbox's current address (it changes on restart). */
  client(options?: { readonly headersMs?: number }): BackofficeClient;
  /** An outbox on `db` (default the fixture's) with the fixture's clock and a fresh client. */
  outbox(options?: Partial<OutboxOptions> & { readonly db?: Database }): Outbox;
  /** Stock and available stock of products in a warehouse, read through v4. */
  stock(
    warehouseCode: string,
    productIds: readonly number[],
  ): Promise<Map<number, { stock: number; available: number }>>;
  /** How many incomes carry each uniquenumber, read through v4 (every page). */
  incomesByUniqueNumber(): Promise<Map<string, number>>;
  close(): Promise<void>;
}

export async function startOutboxFixture(options: TestSandboxOptions = {}): Promise<OutboxFixture> {
  const sandbox = await startTestSandbox({ products: 30, ...options });
  const temp = createTempDatabase();
  const clock = new TestClock();
  const clients: BackofficeClient[] = [];
  const outboxes: Outbox[] = [];

  const client = (clientOptions: { readonly headersMs?: number } = {}) => {
    const made = new BackofficeClient({
      baseUrl: sandbox.url,
      credentials: { storename: 'demo', apikey: 'demo-key', apisecret: 'demo-secret' },
      budget: new RequestBudget({
        store: new InMemoryRequestBudgetStore(),
        storeKey: 'demo',
        now: clock.now,
      }),
      timeouts: { connectMs: 2_000, headersMs: clientOptions.headersMs ?? 10_000, bodyMs: 10_000 },
      retry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 5 },
      now: clock.now,
    });
    clients.push(made);
    return made;
  };

  return {
    sandbox,
    temp,
    db: temp.db,
    clock,
    client,
    outbox: (outboxOptions = {}) => {
      const made = new Outbox({
        db: temp.db,
        client: client(),
        now: clock.now,
        random: seededRandom(7),
        backoff: { baseMs: 1_000, maxMs: 60_000 },
        settleMs: SETTLE_MS,
        ...outboxOptions,
      });
      outboxes.push(made);
      return made;
    },
    async stock(warehouseCode, productIds) {
      const answer = await sandbox.call('GetProducts', {
        query: { warehousecode: warehouseCode, limit: 500 },
        headers: { productidlist: productIds.join(',') },
      });
      const list = (answer.body as { list: Array<{ id: number; stock: string; availablestock: string }> })
        .list;
      return new Map(
        list.map((product) => [
          product.id,
          { stock: Number(product.stock), available: Number(product.availablestock) },
        ]),
      );
    },
    async incomesByUniqueNumber() {
      const counts = new Map<string, number>();
      for (let page = 1; ; page++) {
        const answer = await sandbox.call('GetIncomes', { query: { limit: 500, page } });
        const list = (answer.body as { list: Array<{ uniquenumber: string }> }).list;
        for (const income of list)
          counts.set(income.uniquenumber, (counts.get(income.uniquenumber) ?? 0) + 1);
        if (list.length < 500) return counts;
      }
    },
    async close() {
      for (const outbox of outboxes) await outbox.stop();
      for (const made of clients) await made.close();
      temp.close();
      await sandbox.close();
    },
  };
}

export interface StateRow {
  readonly id: number;
  readonly state: string;
  readonly outcome: string | null;
  readonly reason_code: string | null;
  readonly reason_text: string | null;
}

export function states(db: Database): StateRow[] {
  return db
    .prepare<[], StateRow>(
      'SELECT id, state, outcome, reason_code, reason_text FROM outbox_operations ORDER BY id',
    )
    .all();
}
