// A count whose commit ends unclear (the connection reset after the back office committed) and whose
// product sold before the read-back: the read-back finds neither the figure sent nor the one read before
// sending. keepDifference and ask park the line with the counted and the current figure (resending a
// keepDifference count that landed would add the sale twice: 48 where 43 is right); keepCounted resends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueStockCount, listParked, type DriftPolicy } from '../../src-main/outbox/index.js';
import { SETTLE_MS, startOutboxFixture, states, type OutboxFixture } from './support/outbox-fixture.js';

describe('a count read back after an unclear commit, the product sold meanwhile', () => {
  let fx: OutboxFixture;
  beforeAll(async () => {
    fx = await startOutboxFixture({ products: 10 });
  });
  afterAll(() => fx.close());

  const stockOf = async (product: number) => (await fx.stock('W0002', [product])).get(product)?.stock;
  const rowOf = (id: number) => states(fx.db).find((row) => row.id === id);

  /**
   * Counts 45 against the server's 40 under `policy`; the commit lands but its answer is lost (reset
   * after commit); then 2 are sold on the back office; then the read-back runs once the settle time passed.
   */
  async function countCommitUnclearThenSell(product: number, policy: DriftPolicy): Promise<number> {
    await fx.sandbox.call('UpdateProductStockList', {
      query: { warehousecode: 'W0002' },
      body: { stocks: [{ productid: product, stock: 40 }] },
    });
    const [id = 0] = enqueueStockCount(fx.db, {
      sessionId: `unclear-${product}`,
      warehouseCode: 'W0002',
      policy,
      lines: [
        {
          productId: product,
          sku: `SKU-${String(product).padStart(6, '0')}`,
          counted: 45,
          countedAgainst: 40,
        },
      ],
    }).operationIds;
    fx.sandbox.handle.scheduleFault({ endpoint: 'UpdateProductStockList', mode: 'reset', timing: 'after' });
    const outbox = fx.outbox();
    await outbox.drain();
    expect(rowOf(id)?.state).toBe('unclear');
    expect(await stockOf(product)).toBe(45); // the back office committed it
    const sold = await fx.sandbox.call('DecreaseProductStockList', {
      query: { warehousecode: 'W0002' },
      body: { stocks: [{ productid: product, stock: 2 }] },
    });
    expect(sold.body).toMatchObject({ resCode: '200' });
    fx.clock.advance(SETTLE_MS);
    await outbox.drain();
    return id;
  }

  it.each([
    [1, 'keepDifference'],
    [2, 'ask'],
  ] as const)(
    'product %i under %s: parked with the counted and the current figure, never resent',
    async (product, policy) => {
      const id = await countCommitUnclearThenSell(product, policy);
      expect(rowOf(id)).toMatchObject({ state: 'parked', reason_code: 'UNCERTAIN_COUNT' });
      // The count landed and the sale came after it: 43 is right, and nothing changed it since.
      expect(await stockOf(product)).toBe(43);
      const parked = listParked(fx.db).find((row) => row.id === id);
      expect(parked).toMatchObject({ value: 45, countedAgainst: 40, serverBefore: 43 });
      expect(parked?.reasonText).toContain('counted 45 against 40, sent 45 when the server had 40');
      expect(parked?.reasonText).toContain('it has 43 now');
    },
  );

  it('under keepCounted: resent, so the counted figure wins', async () => {
    const id = await countCommitUnclearThenSell(3, 'keepCounted');
    // Read back as "moved", then sent again in the same drain with a fresh read.
    expect(rowOf(id)).toMatchObject({ state: 'done', outcome: 'applied' });
    expect(await stockOf(3)).toBe(45);
  });
});
