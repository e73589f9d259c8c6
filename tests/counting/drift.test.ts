// Drift end to end: a count made on a PC whose catalogue came from the sandbox over v4, stock sold on
// the sandbox (DecreaseProductStockList) after counting and before the outbox drains, the commit
// drained by the real outbox, and the sandbox's figure read back over v4 — per drift policy.
import { describe, expect, it } from 'vitest';
import type { DriftPolicy } from '../../src-main/counting/index.js';
import { listParked, retryParked } from '../../src-main/outbox/index.js';
import { WAREHOUSE } from './support/counting-fixture.js';
import { useSandboxCounting } from './support/sandbox-counting-fixture.js';

describe('count drift against the sandbox', () => {
  const fixture = useSandboxCounting({ folderPrefix: 'stockroom-drift-', needsProducts: 2 });

  /** Counts `counted` units of each product by sku (one scan with the quantity) in a new session. */
  function count(policy: DriftPolicy, lines: ReadonlyArray<{ sku: string; counted: number }>): string {
    const { service } = fixture();
    const sessionId = service.createSession({ warehouseCode: WAREHOUSE, driftPolicy: policy }).id;
    for (const line of lines)
      service.scan({ sessionId, code: line.sku, counter: 'Somchai', quantity: line.counted });
    return sessionId;
  }

  it('keepDifference: counted + the movements since counting; a line without drift gets its count', async () => {
    const { db, service, outbox, pullCatalogue, sandboxStock, sell, productAt } = fixture();
    const sold = productAt(0);
    const still = productAt(1);
    const sessionId = count('keepDifference', [
      { sku: sold.sku, counted: Number(sold.stock) + 2 },
      { sku: still.sku, counted: Number(still.stock) - 1 },
    ]);
    await sell(sold.id, 3);
    await pullCatalogue(); // the PC syncs before committing: the review shows what moved
    expect(service.review(sessionId, 'drifted').rows).toEqual([
      expect.objectContaining({ productId: sold.id, countedAgainst: Number(sold.stock), drift: -3 }),
    ]);

    service.commit({ sessionId });
    await outbox.drain();

    expect(await sandboxStock(sold.id)).toBe(Number(sold.stock) + 2 - 3);
    expect(await sandboxStock(still.id)).toBe(Number(still.stock) - 1);
    expect(listParked(db)).toEqual([]);
  });

  it('keepCounted: the counted figure, whatever was sold since', async () => {
    const { service, outbox, sandboxStock, sell, productAt } = fixture();
    const sold = productAt(0);
    const sessionId = count('keepCounted', [{ sku: sold.sku, counted: Number(sold.stock) + 2 }]);
    service.commit({ sessionId });
    await sell(sold.id, 3); // after the commit, before the drain: still drift
    await outbox.drain();

    expect(await sandboxStock(sold.id)).toBe(Number(sold.stock) + 2);
  });

  it('ask: nothing is sent for a drifted line until a person decides; then their choice applies', async () => {
    const { db, service, outbox, sandboxStock, sell, productAt } = fixture();
    const sold = productAt(0);
    const still = productAt(1);
    const sessionId = count('ask', [
      { sku: sold.sku, counted: Number(sold.stock) + 2 },
      { sku: still.sku, counted: Number(still.stock) + 4 },
    ]);
    await sell(sold.id, 3);
    service.commit({ sessionId });
    await outbox.drain();

    expect(await sandboxStock(sold.id)).toBe(Number(sold.stock) - 3);
    expect(await sandboxStock(still.id)).toBe(Number(still.stock) + 4);
    const parked = listParked(db);
    expect(parked).toEqual([
      expect.objectContaining({
        productId: sold.id,
        value: Number(sold.stock) + 2,
        countedAgainst: Number(sold.stock),
        policy: 'ask',
      }),
    ]);

    retryParked(db, parked[0]?.id ?? 0, { policy: 'keepDifference' });
    await outbox.drain();
    expect(await sandboxStock(sold.id)).toBe(Number(sold.stock) + 2 - 3);
  });
});
