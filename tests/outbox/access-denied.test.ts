// "Access Denied." is production's answer both for a warehouse code that does not exist and for
// credentials whose rights changed. decideAuth tells them apart by the store's list of warehouses:
// only a code missing from it parks the batch; a listed warehouse, or a list that is itself refused,
// pauses the whole queue (every write would meet the same refusal). Unit cases of every branch against
// the real sandbox, then both pauses through the outbox.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackofficeClient, type BackofficeFailure } from '../../src-main/backoffice/index.js';
import { createFailure } from '../../src-main/backoffice/failure.js';
import { enqueueStockChange } from '../../src-main/outbox/index.js';
import { decideAuth, decideFailure, UNKNOWN_WAREHOUSE } from '../../src-main/outbox/failure-handling.js';
import { handlers as sandboxHandlers } from '../../src-main/sandbox/resources/index.js';
import { accessDenied, type Handlers } from '../../src-main/sandbox/core/handler.js';
import { DEFAULT_STORE } from '../support/sandbox-harness.js';
import { startOutboxFixture, states, type OutboxFixture } from './support/outbox-fixture.js';

/** What the sandbox refuses with "Access Denied." while a test says so (rights taken away). */
const denied = { stockWrites: false, warehouseList: false };

const increase = sandboxHandlers.IncreaseProductStockList;
const listWarehouses = sandboxHandlers.GetWarehouses;
if (!increase || !listWarehouses) throw new Error('the sandbox lost a handler this test wraps');
const deniable: Partial<Handlers> = {
  IncreaseProductStockList: (context) => {
    if (denied.stockWrites) throw accessDenied();
    return increase(context);
  },
  GetWarehouses: (context) => {
    if (denied.warehouseList) throw accessDenied();
    return listWarehouses(context);
  },
};

function authFailure(text: string, endpoint = 'IncreaseProductStockList'): BackofficeFailure {
  return createFailure('auth', { endpoint, code: '100', text, sent: true, write: true });
}

/** A port nothing listens on: a client there fails with notSent. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

let fx: OutboxFixture;
beforeAll(async () => {
  fx = await startOutboxFixture({ products: 10, handlers: deniable });
});
afterAll(() => fx.close());

function resetRights(): void {
  denied.stockWrites = false;
  denied.warehouseList = false;
  fx.sandbox.handle.restoreStore(DEFAULT_STORE.name);
}

describe('decideAuth', () => {
  const requests = () => fx.sandbox.handle.quotaUsed(DEFAULT_STORE.name);

  it('pauses without asking anything when the request named no warehouse', async () => {
    const before = requests();
    const action = await decideAuth(authFailure('Access Denied.', 'GetOrderFiles'), fx.client(), undefined);
    expect(action).toEqual({ action: 'pause', code: '100', text: 'Access Denied.' });
    expect(requests()).toBe(before);
  });

  it('pauses without asking anything for another refusal (Invalid API) even with a warehouse', async () => {
    const before = requests();
    const failure = createFailure('auth', {
      endpoint: 'IncreaseProductStockList',
      code: '100',
      text: 'Invalid API',
      sent: true,
      write: true,
    });
    expect(await decideAuth(failure, fx.client(), 'W0001')).toEqual({
      action: 'pause',
      code: '100',
      text: 'Invalid API',
    });
    expect(requests()).toBe(before);
  });

  it('pauses when the back office lists the warehouse (the rights changed)', async () => {
    const before = requests();
    expect(await decideAuth(authFailure('Access Denied.'), fx.client(), 'W0001')).toEqual({
      action: 'pause',
      code: '100',
      text: 'Access Denied.',
    });
    expect(requests()).toBe(before + 1); // the one GetWarehouses
  });

  it('reads the refusal however it is cased or dotted', async () => {
    for (const text of ['access denied', ' ACCESS DENIED. ', 'Access Denied'])
      expect(await decideAuth(authFailure(text), fx.client(), 'W9999')).toMatchObject({
        action: 'park',
        code: UNKNOWN_WAREHOUSE,
      });
  });

  it('parks only the batch when the back office has no such warehouse, naming it', async () => {
    expect(await decideAuth(authFailure('Access Denied.'), fx.client(), 'W9999')).toEqual({
      action: 'park',
      code: UNKNOWN_WAREHOUSE,
      text: 'The back office has no warehouse W9999 (it answered "Access Denied.").',
    });
  });

  it('pauses when the warehouse list is itself refused: Access Denied. or Invalid API', async () => {
    try {
      denied.warehouseList = true;
      expect(await decideAuth(authFailure('Access Denied.'), fx.client(), 'W9999')).toMatchObject({
        action: 'pause',
        text: 'Access Denied.',
      });
      denied.warehouseList = false;
      fx.sandbox.handle.revokeStore(DEFAULT_STORE.name);
      expect(await decideAuth(authFailure('Access Denied.'), fx.client(), 'W9999')).toMatchObject({
        action: 'pause',
        text: 'Access Denied.',
      });
    } finally {
      resetRights();
    }
  });

  it('waits to ask again when the warehouse list could not be read (not sent, or a local fault)', async () => {
    const offline = new BackofficeClient({
      baseUrl: `http://127.0.0.1:${await closedPort()}`,
      credentials: { storename: 'demo', apikey: 'demo-key', apisecret: 'demo-secret' },
      retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
    });
    try {
      expect(await decideAuth(authFailure('Access Denied.'), offline, 'W0001')).toMatchObject({
        action: 'retry',
        code: '100',
        stopPass: true,
      });
    } finally {
      await offline.close();
    }
    // A fault of this PC's own (no back-office answer at all) cannot be read as either.
    const broken = { call: () => Promise.reject(new TypeError('socket hang up in a test')) };
    expect(await decideAuth(authFailure('Access Denied.'), broken, 'W0001')).toEqual({
      action: 'retry',
      code: '100',
      text: 'TypeError: socket hang up in a test',
      stopPass: true,
    });
  });

  it('is what decideFailure does with every auth failure, in either phase', async () => {
    for (const phase of ['read', 'write'] as const) {
      expect(await decideFailure(authFailure('Access Denied.'), phase, fx.client(), 'W0001')).toMatchObject({
        action: 'pause',
      });
      expect(await decideFailure(authFailure('Access Denied.'), phase, fx.client(), 'W9999')).toMatchObject({
        action: 'park',
      });
    }
  });
});

describe('"Access Denied." on a listed warehouse through the outbox', () => {
  const stockOf = async (warehouse: string, product: number) =>
    (await fx.stock(warehouse, [product])).get(product)?.stock;

  /** An increase on W0001 (denied) queued before one on W0002; each product its own. */
  function enqueueTwo(product: number) {
    const line = (id: number) => ({ productId: id, sku: `SKU-${String(id).padStart(6, '0')}`, value: 2 });
    const [first = 0] = enqueueStockChange(fx.db, {
      warehouseCode: 'W0001',
      change: 'increase',
      lines: [line(product)],
    }).operationIds;
    const [second = 0] = enqueueStockChange(fx.db, {
      warehouseCode: 'W0002',
      change: 'increase',
      lines: [line(product + 1)],
    }).operationIds;
    return [first, second] as const;
  }

  it.each([
    ['the warehouse list names it', { stockWrites: true, warehouseList: false }, 1],
    ['the warehouse list is refused too', { stockWrites: true, warehouseList: true }, 3],
  ] as const)(
    'pauses the queue when %s; nothing parked, all sent once resumed',
    async (_, rights, product) => {
      const before = [await stockOf('W0001', product), await stockOf('W0002', product + 1)];
      const ids = enqueueTwo(product);
      const outbox = fx.outbox();
      try {
        Object.assign(denied, rights);
        expect((await outbox.drain()).stoppedBy).toBe('paused');
        expect(outbox.control()).toMatchObject({
          paused: true,
          pauseCode: '100',
          pauseText: 'Access Denied.',
        });
        const rows = states(fx.db).filter((row) => ids.includes(row.id));
        expect(rows.map((row) => [row.state, row.reason_code])).toEqual([
          ['pending', null],
          ['pending', null],
        ]);
        // The queue stopped at the refusal: the write behind it was not sent either.
        expect(await stockOf('W0002', product + 1)).toBe(before[1]);
      } finally {
        resetRights();
      }
      outbox.resume();
      await outbox.drain();
      expect(
        states(fx.db)
          .filter((row) => ids.includes(row.id))
          .map((row) => row.state),
      ).toEqual(['done', 'done']);
      expect([await stockOf('W0001', product), await stockOf('W0002', product + 1)]).toEqual([
        (before[0] ?? 0) + 2,
        (before[1] ?? 0) + 2,
      ]);
    },
  );
});

describe('a warehouse past the first page of the list', () => {
  it('is read as listed: the walk goes on past 500 warehouses, so the queue pauses', async () => {
    // The list is newest first: 500 more push the seeded W0001 onto page 2.
    for (let n = 1; n <= 500; n++) {
      const added = await fx.sandbox.call('AddWarehouse', {
        body: { code: `WX${String(n).padStart(4, '0')}`, name: `Extra ${n}` },
      });
      expect(added.body).toMatchObject({ resCode: '200' });
    }
    const before = fx.sandbox.handle.quotaUsed(DEFAULT_STORE.name);
    expect(await decideAuth(authFailure('Access Denied.'), fx.client(), 'W0001')).toMatchObject({
      action: 'pause',
    });
    expect(fx.sandbox.handle.quotaUsed(DEFAULT_STORE.name)).toBe(before + 2);
    expect(await decideAuth(authFailure('Access Denied.'), fx.client(), 'W9999')).toMatchObject({
      action: 'park',
      code: UNKNOWN_WAREHOUSE,
    });
  });
});
