// Issue 13, fix 11: the log tells the story of a day. A retry (connection refused), a reconciliation
// (a reset after the server committed), a park (a product the back office does not have) and a pause
// (refused credentials) through the real outbox against the real sandbox: each is a `warn` line naming
// the operation and the reason, and no line carries a credential.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackofficeClient } from '../../src-main/backoffice/index.js';
import { enqueueProductBarcode } from '../../src-main/outbox/index.js';
import { memoryLogger, type LogEntry } from '../support/memory-logger.js';
import { SETTLE_MS, startOutboxFixture, states, type OutboxFixture } from './support/outbox-fixture.js';

type Entry = LogEntry & { operationIds?: number[] };

function warnsAbout(entries: readonly Entry[], operationId: number): Entry[] {
  return entries.filter((entry) => entry.level === 'warn' && entry.operationIds?.includes(operationId));
}

describe('the outbox tells retries, reconciliations, parks and pauses at warn', () => {
  let fx: OutboxFixture;
  beforeAll(async () => {
    fx = await startOutboxFixture({ products: 5 });
  });
  afterAll(() => fx.close());

  const stateOf = (id: number) => states(fx.db).find((row) => row.id === id)?.state;

  it('a retry says which operation, why, and when it tries again', async () => {
    const log = memoryLogger();
    const refused = new BackofficeClient({
      baseUrl: 'http://127.0.0.1:9', // discard port: nothing listens, the connection is refused
      credentials: { storename: 'demo', apikey: 'demo-key', apisecret: 'demo-secret' },
      retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
    });
    try {
      const { operationId } = enqueueProductBarcode(fx.db, {
        productId: 1,
        sku: 'SKU-1',
        barcode: 'LOG-RETRY',
      });
      await fx.outbox({ client: refused, logger: log.logger }).drain();
      expect(stateOf(operationId)).toBe('retry');
      const [line] = warnsAbout(log.entries(), operationId);
      expect(line).toMatchObject({
        message: expect.stringMatching(/retry/i),
        kind: 'productBarcode',
        code: expect.any(String),
        reason: expect.any(String),
        retryAt: expect.any(String),
      });
      // Once due, a drain that reaches the server sends it.
      fx.clock.advance(60_000);
      await fx.outbox().drain();
      expect(stateOf(operationId)).toBe('done');
    } finally {
      await refused.close();
    }
  });

  it('an unclear send and its reconciliation are told, with the operation and the result', async () => {
    const log = memoryLogger();
    const { operationId } = enqueueProductBarcode(fx.db, {
      productId: 2,
      sku: 'SKU-2',
      barcode: 'LOG-RECONCILE',
    });
    fx.sandbox.handle.scheduleFault({ endpoint: 'UpdateProduct', mode: 'reset', timing: 'after' });
    const outbox = fx.outbox({ logger: log.logger });
    await outbox.drain();
    expect(stateOf(operationId)).toBe('unclear');
    fx.clock.advance(SETTLE_MS);
    await outbox.drain();
    expect(stateOf(operationId)).toBe('done');
    const messages = warnsAbout(log.entries(), operationId).map((entry) => entry.message);
    expect(messages).toEqual([
      expect.stringMatching(/unclear/i),
      expect.stringMatching(/reconciling/i),
      expect.stringMatching(/reconciled/i),
    ]);
    expect(warnsAbout(log.entries(), operationId)[2]).toMatchObject({
      result: expect.stringMatching(/applied/),
    });
  });

  it('a park says the reason a person will see', async () => {
    const log = memoryLogger();
    const { operationId } = enqueueProductBarcode(fx.db, {
      productId: 99_999,
      sku: 'GONE',
      barcode: 'LOG-PARK',
    });
    await fx.outbox({ logger: log.logger }).drain();
    expect(stateOf(operationId)).toBe('parked');
    const [line] = warnsAbout(log.entries(), operationId);
    expect(line).toMatchObject({
      message: expect.stringMatching(/parked/i),
      code: 'UNKNOWN_PRODUCT',
      reason: expect.stringContaining('99999'),
    });
  });

  it('a pause says why every write waits, without the credentials', async () => {
    const log = memoryLogger();
    const wrongSecret = 'wrong-secret-never-logged-1234';
    const refused = new BackofficeClient({
      baseUrl: fx.sandbox.url,
      credentials: { storename: 'demo', apikey: 'demo-key', apisecret: wrongSecret },
    });
    try {
      const { operationId } = enqueueProductBarcode(fx.db, {
        productId: 3,
        sku: 'SKU-3',
        barcode: 'LOG-PAUSE',
      });
      const outbox = fx.outbox({ client: refused, logger: log.logger });
      await outbox.drain();
      const [line] = warnsAbout(log.entries(), operationId);
      expect(line).toMatchObject({ message: expect.stringMatching(/paused/i), reason: expect.any(String) });
      expect(log.lines.join('')).not.toContain(wrongSecret);
      expect(log.lines.join('')).not.toContain('demo-key');
      outbox.resume();
    } finally {
      await refused.close();
    }
  });
});
