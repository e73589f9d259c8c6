// Issue 12's writes against every fault the sandbox can inject: serials (added, removed), a product's
// picture, a bundle made offline with an edit and an activation chained on its create, a bundle
// deleted. After healing, v4 (and the sandbox's serial table) shows each applied exactly once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Outbox } from '../../src-main/outbox/index.js';
import type { FaultMode, FaultTiming } from '../../src-main/sandbox/index.js';
import { enqueueBundleCase, imagesOf } from './support/bundle-case.js';
import { SETTLE_MS, startOutboxFixture, states, type OutboxFixture } from './support/outbox-fixture.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('bundles, serials and pictures against sandbox faults', () => {
  let fx: OutboxFixture;
  let nextProduct = 1;
  beforeAll(async () => {
    fx = await startOutboxFixture({ products: 60 });
  });
  afterAll(() => fx.close());

  async function enqueueCase() {
    const product = nextProduct;
    nextProduct += 2;
    const work = await enqueueBundleCase(fx.db, fx.sandbox, product);
    return {
      ...work,
      check: async () => {
        await work.check();
        expect(imagesOf(fx.sandbox, product)).toBe(1);
      },
    };
  }

  function expectAllDone(ids: readonly number[]): void {
    const byId = new Map(states(fx.db).map((row) => [row.id, row]));
    for (const id of ids) expect(byId.get(id)).toMatchObject({ state: 'done' });
  }

  const writeEndpoints = [
    'AddSerialNo',
    'DeleteSerialNo',
    'UpdateProductImage',
    'AddBundle',
    'UpdateBundle',
    'ActiveBundle',
    'DeleteBundle',
  ];
  const injected: Array<[FaultMode, FaultTiming]> = [
    ['reset', 'before'],
    ['reset', 'after'],
    ['http500', 'before'],
    ['http500', 'after'],
    ['res500', 'before'],
    ['res500', 'after'],
  ];

  it.each(injected)('%s %s the write commits: reconciled, applied once', async (mode, timing) => {
    const work = await enqueueCase();
    for (const endpoint of writeEndpoints) fx.sandbox.handle.scheduleFault({ endpoint, mode, timing });
    const outbox = fx.outbox();
    // Writes chained on the bundle's create meet their own fault a round later: drain until settled,
    // past the settle time of a reset and the backoff of an unclear write.
    for (let round = 0; round < 10; round++) {
      await outbox.drain();
      if (states(fx.db).every((row) => !work.ids.includes(row.id) || row.state === 'done')) break;
      fx.clock.advance(Math.max(SETTLE_MS, 10 * MINUTE));
    }
    expectAllDone(work.ids);
    const outcomes = states(fx.db)
      .filter((row) => work.ids.includes(row.id))
      .map((row) => row.outcome);
    if (timing === 'after') {
      // Serials: the resend's "already exists" after a lost answer is ours (or older): reconciled.
      // Picture: its imagepath moved since before sending. Bundle: found by its sku, same figures.
      expect(outcomes).toEqual([
        'reconciled',
        'reconciled',
        'applied',
        'reconciled',
        'reconciled',
        'reconciled',
        'reconciled',
        'reconciled',
      ]);
    } else {
      // Nothing reached the back office: the read-back finds the old state and the write is sent again;
      // but a new bundle is active from its create, so the activation's read-back finds it reached.
      expect(outcomes).toEqual([...Array(6).fill('applied'), 'reconciled', 'applied']);
    }
    await work.check();
  });

  it('a serial the back office already had is named a duplicate, with its words, not resent', async () => {
    const product = nextProduct;
    nextProduct += 2;
    await fx.sandbox.call('AddSerialNo', {
      query: { id: product },
      body: { serialsNo: [{ name: `DUP-${product}`, warehouseCode: 'W0001' }] },
    });
    const { enqueueSerialNumbers, ADD_SERIAL_KIND } = await import('../../src-main/outbox/index.js');
    const [id] = enqueueSerialNumbers(fx.db, [
      { kind: ADD_SERIAL_KIND, productId: product, sku: '', name: `DUP-${product}`, warehouseCode: 'W0001' },
      { kind: ADD_SERIAL_KIND, productId: product, sku: '', name: `BAD-${product}`, warehouseCode: 'W9999' },
    ]);
    await fx.outbox().drain();
    const rows = states(fx.db).filter((row) => row.id === id || row.id === (id ?? 0) + 1);
    expect(rows[0]).toMatchObject({ state: 'done', outcome: 'duplicate' });
    expect(rows[0]?.reason_text).toContain('already exists');
    expect(rows[1]).toMatchObject({ state: 'parked', reason_code: 'SERIAL_REFUSED' });
    expect(rows[1]?.reason_text).toContain('Warehouse W9999 not found');
  });

  it('refused connection (sandbox closed): waits with backoff, then drains', async () => {
    const work = await enqueueCase();
    const port = fx.sandbox.handle.port;
    await fx.sandbox.handle.close();
    const outbox = fx.outbox();
    expect((await outbox.drain()).stoppedBy).toBe('notSent');
    while ((await outbox.drain()).batches > 0);
    await fx.sandbox.restart({ port });
    fx.clock.advance(10 * MINUTE);
    await outbox.drain();
    expectAllDone(work.ids);
    await work.check();
  });

  it('two drainers on one file under random faults: every write applied once', async () => {
    const first = await enqueueCase();
    const second = await enqueueCase();
    const ids = [...first.ids, ...second.ids];
    fx.sandbox.handle.setFaults({ failRate: 0.3, seed: 12 });
    const one = fx.outbox();
    const two = fx.outbox({ db: fx.temp.open() });
    for (let round = 0; round < 80; round++) {
      await Promise.all([one.drain(), two.drain()]);
      const open = states(fx.db).filter((row) => ids.includes(row.id) && row.state !== 'done');
      if (open.length === 0) break;
      fx.clock.advance(5 * MINUTE);
    }
    fx.sandbox.handle.setFaults({ failRate: 0 });
    expectAllDone(ids);
    await first.check();
    await second.check();
  });

  it('quota reached: the queue holds until the next Thai day, then drains', async () => {
    const work = await enqueueCase();
    const { handle } = fx.sandbox;
    handle.setQuota(handle.quotaUsed('demo') + 1);
    const outbox = fx.outbox();
    expect((await outbox.drain()).stoppedBy).toBe('held');
    handle.setQuota(50_000);
    fx.clock.advance(DAY);
    await outbox.drain();
    expectAllDone(work.ids);
    await work.check();
  });

  it('credentials revoked mid-drain: the whole queue pauses until a person resumes it', async () => {
    const work = await enqueueCase();
    let requests = 0;
    const outbox: Outbox = fx.outbox({
      hooks: {
        afterResponse: () => {
          if (++requests === 1) fx.sandbox.handle.revokeStore('demo');
        },
      },
    });
    expect((await outbox.drain()).stoppedBy).toBe('paused');
    expect(states(fx.db).filter((row) => row.state === 'parked' && work.ids.includes(row.id))).toEqual([]);
    fx.sandbox.handle.restoreStore('demo');
    outbox.resume();
    await outbox.drain();
    expectAllDone(work.ids);
    await work.check();
  });
});
