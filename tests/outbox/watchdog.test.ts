// A queue with work never sits idle: enqueues wake the drainer, a write made during a drain gets its
// pass, rows written without a signal (another process) are found by the watchdog, and a wait that
// runs out (backoff after a refused connection) resumes by itself. Real clock, real sandbox.
import { hostname } from 'node:os';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enqueueStockChange } from '../../src-main/outbox/index.js';
import { insertStockLine } from '../../src-main/outbox/core/operation.repository.js';
import { stockBatchKey, stockOrderKey } from '../../src-main/outbox/core/operation-keys.js';
import { startOutboxFixture, states, type OutboxFixture } from './support/outbox-fixture.js';

/** Whether `condition` came true within a few seconds of polling (no timing is asserted). */
async function eventually(condition: () => boolean): Promise<boolean> {
  for (let tries = 0; tries < 500; tries++) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return false;
}

describe('the watchdog and wake-ups', () => {
  let fx: OutboxFixture;
  beforeEach(async () => {
    fx = await startOutboxFixture({ products: 10 });
  });
  afterEach(() => fx.close());

  const allDone = () => states(fx.db).length > 0 && states(fx.db).every((row) => row.state === 'done');
  const increase = (product: number) =>
    enqueueStockChange(fx.db, {
      warehouseCode: 'W0001',
      change: 'increase',
      lines: [{ productId: product, sku: `SKU-${String(product).padStart(6, '0')}`, value: 1 }],
    });

  it('drains on its own after an enqueue, and gives a write made during a drain its pass', async () => {
    let wroteDuringDrain = false;
    const outbox = fx.outbox({
      now: Date.now,
      watchdogMs: 60_000,
      hooks: {
        beforeRequest: () => {
          if (wroteDuringDrain) return;
          wroteDuringDrain = true;
          increase(2);
        },
      },
    });
    outbox.start();
    increase(1);
    expect(await eventually(() => states(fx.db).length === 2 && allDone()), 'both increases done').toBe(true);
  });

  it('finds rows written without a signal (another process) on its watchdog tick', async () => {
    const outbox = fx.outbox({ now: Date.now, watchdogMs: 30 });
    outbox.start();
    expect(await eventually(() => outbox.counts().pending === 0), 'an idle start').toBe(true);
    insertStockLine(fx.db, {
      kind: 'stockChange',
      orderKey: stockOrderKey('W0001', 3, 'SKU-000003'),
      batchKey: stockBatchKey('increase', 'W0001'),
      warehouseCode: 'W0001',
      productId: 3,
      sku: 'SKU-000003',
      change: 'increase',
      value: 1,
      countedAgainst: null,
      policy: null,
      sessionId: null,
      now: Date.now(),
    });
    expect(await eventually(allDone), 'the unsignalled row done').toBe(true);
  });

  it('takes over a row another instance left on the wire once its lease expires, with nothing enqueued', async () => {
    const stockBefore = (await fx.stock('W0001', [5])).get(5)?.stock ?? NaN;
    const id = increase(5).operationIds[0];
    // Another instance of this process marked the row as sent and stopped before it could settle it
    // or release its lease (a quit that outran the request): no row is due, nothing will be enqueued.
    fx.db.prepare(`UPDATE outbox_operations SET state = 'sending' WHERE id = ?`).run(id);
    fx.db
      .prepare(
        `UPDATE outbox_lease SET holder = 'gone', holder_pid = ?, holder_host = ?, expires_at = ? WHERE id = 1`,
      )
      .run(process.pid, hostname(), Date.now() + 150);
    const outbox = fx.outbox({ now: Date.now, watchdogMs: 30, settleMs: 20 });
    outbox.start();
    // An increase sent with no figure known before it cannot be told applied or not: a person decides.
    const settled = () => states(fx.db).every((row) => row.state === 'parked');
    expect(await eventually(settled), 'the orphaned row taken over and reconciled').toBe(true);
    const parked = fx.db.prepare('SELECT reason_code FROM outbox_operations WHERE id = ?').get(id);
    expect(parked).toEqual({ reason_code: 'UNCERTAIN_DELTA' });
    expect((await fx.stock('W0001', [5])).get(5)?.stock).toBe(stockBefore);
  });

  it('sends again by itself once a backoff after a refused connection runs out', async () => {
    const port = fx.sandbox.handle.port;
    await fx.sandbox.handle.close();
    const outbox = fx.outbox({ now: Date.now, watchdogMs: 60_000, backoff: { baseMs: 50, maxMs: 200 } });
    outbox.start();
    increase(4);
    expect(await eventually(() => outbox.counts().retry === 1), 'the row waiting after ECONNREFUSED').toBe(
      true,
    );
    await fx.sandbox.restart({ port });
    expect(await eventually(allDone), 'the row sent after the wait').toBe(true);
  });
});
