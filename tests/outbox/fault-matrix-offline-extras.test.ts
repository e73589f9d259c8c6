// A picture and serial numbers queued on a product made offline (local id ≤ −1), against every fault
// the sandbox can inject on the create and on them: they wait for the product's create, are sent to the
// server id it answered (learnt by the outbox alone here: no catalogue moves the rows), and v4 (and the
// sandbox's serial table) shows one product with one picture and its serials, each applied once.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADD_SERIAL_KIND,
  DELETE_SERIAL_KIND,
  enqueueSerialNumbers,
  enqueueWrite,
  localProductId,
  OutboxInputError,
} from '../../src-main/outbox/index.js';
import { listSerialNumbers } from '../../src-main/sandbox/resources/products/index.js';
import type { FaultMode, FaultTiming } from '../../src-main/sandbox/index.js';
import { imagesOf, PNG_BYTES } from './support/bundle-case.js';
import { SETTLE_MS, startOutboxFixture, states, type OutboxFixture } from './support/outbox-fixture.js';

const MINUTE = 60_000;

describe('a picture and serials of a product made offline, against sandbox faults', () => {
  let fx: OutboxFixture;
  let nextCase = 1;
  beforeAll(async () => {
    fx = await startOutboxFixture({ products: 20 });
  });
  afterAll(() => fx.close());

  async function serverIdOf(sku: string): Promise<number[]> {
    const answer = await fx.sandbox.call('GetProducts', {
      query: { warehousecode: 'W0001', limit: 500 },
      headers: { skulist: sku },
    });
    return (answer.body as { list: Array<{ id: number }> }).list.map((product) => product.id);
  }

  /** A product made offline; two serials added and one of them removed; its picture replaced. */
  function enqueueCase(): { ids: number[]; serialIds: number[]; check: () => Promise<void> } {
    const n = nextCase++;
    const sku = `OX-${n}`;
    const create = enqueueWrite(fx.db, { kind: 'addProduct', body: { name: `Offline extras ${n}`, sku } });
    const productId = localProductId(create.operationId);
    const serial = (k: number) => `OX-${n}-SN${k}`;
    const serialIds = enqueueSerialNumbers(fx.db, [
      { kind: ADD_SERIAL_KIND, productId, sku, name: serial(1), warehouseCode: 'W0001' },
      { kind: ADD_SERIAL_KIND, productId, sku, name: serial(2), warehouseCode: 'W0001' },
      { kind: DELETE_SERIAL_KIND, productId, sku, name: serial(2), warehouseCode: '' },
    ]);
    const path = join(fx.temp.folder, `offline-picture-${n}.png`);
    writeFileSync(path, PNG_BYTES);
    const picture = enqueueWrite(fx.db, {
      kind: 'updateProductImage',
      target: { afterOperation: create.operationId },
      args: { file: { path, fileName: `offline-${n}.png`, type: 'image/png' } },
    });
    return {
      ids: [create.operationId, ...serialIds, picture.operationId],
      serialIds,
      check: async () => {
        const found = await serverIdOf(sku);
        expect(found).toHaveLength(1);
        const id = found[0] ?? 0;
        expect(imagesOf(fx.sandbox, id)).toBe(1);
        const storeId = fx.sandbox.handle.stores[0]?.id ?? 0;
        expect(listSerialNumbers(fx.sandbox.handle.db, storeId, id).map((entry) => entry.name)).toEqual([
          serial(1),
        ]);
      },
    };
  }

  function expectAllDone(ids: readonly number[]): void {
    const byId = new Map(states(fx.db).map((row) => [row.id, row]));
    for (const id of ids) expect(byId.get(id)).toMatchObject({ state: 'done' });
  }

  it('refuses serials on a product that is not made here, before storing anything', () => {
    const before = states(fx.db).length;
    const request = { kind: ADD_SERIAL_KIND, sku: 'X', name: 'SN', warehouseCode: 'W0001' } as const;
    expect(() => enqueueSerialNumbers(fx.db, [{ ...request, productId: -999_999 }])).toThrow(
      OutboxInputError,
    );
    expect(() => enqueueSerialNumbers(fx.db, [{ ...request, productId: 0 }])).toThrow(OutboxInputError);
    expect(states(fx.db)).toHaveLength(before);
  });

  it('the serials and the picture wait for the create, then go to its server id', async () => {
    const work = enqueueCase();
    const port = fx.sandbox.handle.port;
    await fx.sandbox.handle.close();
    const outbox = fx.outbox();
    while ((await outbox.drain()).batches > 0);
    expect(states(fx.db).some((row) => work.ids.includes(row.id) && row.state === 'done')).toBe(false);
    await fx.sandbox.restart({ port });
    fx.clock.advance(10 * MINUTE);
    await outbox.drain();
    expectAllDone(work.ids);
    await work.check();
  });

  const injected: Array<[FaultMode, FaultTiming]> = [
    ['reset', 'before'],
    ['reset', 'after'],
    ['http500', 'before'],
    ['http500', 'after'],
    ['res500', 'before'],
    ['res500', 'after'],
  ];
  const endpoints = ['AddProduct', 'AddSerialNo', 'DeleteSerialNo', 'UpdateProductImage'];

  it.each(injected)('%s %s the write commits: applied once', async (mode, timing) => {
    const work = enqueueCase();
    for (const endpoint of endpoints) fx.sandbox.handle.scheduleFault({ endpoint, mode, timing });
    const outbox = fx.outbox();
    await outbox.drain();
    // Each write on the product meets its fault in turn behind the create: each is read back in turn.
    for (
      let round = 0;
      round < 8 && states(fx.db).some((row) => work.ids.includes(row.id) && row.state !== 'done');
      round++
    ) {
      fx.clock.advance(SETTLE_MS + MINUTE);
      await outbox.drain();
    }
    expectAllDone(work.ids);
    const create = states(fx.db).find((row) => row.id === work.ids[0]);
    expect(create?.outcome).toBe(timing === 'after' ? 'reconciled' : 'applied');
    await work.check();
  });

  it('two drainers on one file under random faults: each applied once', async () => {
    const first = enqueueCase();
    const second = enqueueCase();
    const ids = [...first.ids, ...second.ids];
    fx.sandbox.handle.setFaults({ failRate: 0.3, seed: 21 });
    const one = fx.outbox();
    const two = fx.outbox({ db: fx.temp.open() });
    for (let round = 0; round < 80; round++) {
      await Promise.all([one.drain(), two.drain()]);
      if (states(fx.db).every((row) => !ids.includes(row.id) || row.state === 'done')) break;
      fx.clock.advance(5 * MINUTE);
    }
    fx.sandbox.handle.setFaults({ failRate: 0 });
    expectAllDone(ids);
    await first.check();
    await second.check();
  });
});
