// Return purchase order writes against every fault of the matrix (support/fault-cases.ts): a create
// made here (keyless: read back by its number and figures), then on it a payment, voiding the
// payments, a second payment, Success (which moves stock) and a tag. After healing, v4 reads show one
// order with that number, its payments, status and tag as meant, and its products' stock moved
// exactly once (GetProducts); the catalogue took the move once too.
import { expect } from 'vitest';
import { startReturnsFixture, WAREHOUSE, type ReturnsFixture } from '../returns/support/returns-fixture.js';
import { describeFaultMatrix, MINUTE, SETTLE_MS } from './support/fault-cases.js';

interface Held {
  readonly id: number;
  readonly status: string;
  readonly paymentamount: number;
  readonly tag: string[];
  readonly payments: Array<{ amount: number }>;
}

let nextProduct = 1;

describeFaultMatrix<ReturnsFixture>({
  title: 'return purchase order writes',
  start: () => startReturnsFixture({ products: 40 }),
  endpoints: [
    'AddReturnPurchaseOrder',
    'UpdateReturnPurchaseOrderPayment',
    'VoidReturnPurchaseOrderPayment',
    'UpdateReturnPurchaseOrderStatus',
    'AddReturnPurchaseOrderTag',
  ],
  /** One order per case on a product no other case touches, with the chain of writes on it. */
  async enqueue(rx) {
    const quantity = 2;
    // A product with goods to send back (the back office refuses a Success it has no stock for).
    let product = nextProduct++;
    let v4Before = (await rx.fx.stock(WAREHOUSE, [product])).get(product)?.stock ?? 0;
    while (v4Before < quantity) {
      product = nextProduct++;
      v4Before = (await rx.fx.stock(WAREHOUSE, [product])).get(product)?.stock ?? 0;
    }
    const catalogueBefore = rx.serverStock(product);
    const method = rx.methods[0];
    if (!method) throw new Error('no payment method');
    const { number } = rx.service.newNumber();
    const tag = `case-${product}`;
    const order = rx.service.create(
      rx.draft(number, [[product, quantity]], { payment: { methodId: method.id, amount: 1 } }),
    );
    rx.actions.recordPayment({ id: order.id, methodId: method.id, amount: 2 });
    rx.actions.voidPayment(order.id);
    rx.actions.recordPayment({ id: order.id, methodId: method.id, amount: 3 });
    rx.actions.setStatus({ id: order.id, status: 'Success' });
    const last = rx.actions.setTag(order.id, tag, true);
    expect(rx.expected.of(WAREHOUSE, product)).toBe(catalogueBefore - quantity);
    const ids = last.chain.map((link) => link.operationId);
    expect(ids).toHaveLength(6);
    return {
      ids,
      expectAppliedOnce: async () => {
        const answer = await rx.fx.sandbox.call('GetReturnPurchaseOrders', {
          query: { limit: 500 },
          headers: { numberlist: number },
        });
        const held = (answer.body as { list: Held[] }).list;
        expect(held).toHaveLength(1);
        expect(held[0]).toMatchObject({ status: 'Success', paymentamount: 3, tag: [tag] });
        expect(held[0]?.payments.map((payment) => payment.amount)).toEqual([3]);
        expect((await rx.fx.stock(WAREHOUSE, [product])).get(product)?.stock).toBe(v4Before - quantity);
        expect(rx.serverStock(product)).toBe(catalogueBefore - quantity);
        expect(rx.expected.of(WAREHOUSE, product)).toBe(catalogueBefore - quantity);
      },
    };
  },
  // A reset leaves the request possibly in flight: it is read back only after the settle time.
  settle: { stepMs: SETTLE_MS + MINUTE, rounds: 5 },
  randomSeed: 5,
  expectOutcomes({ timing }, outcomes) {
    if (timing === 'after') expect(outcomes).toContain('reconciled');
  },
  expectWhileRefused(rows) {
    // The chain waits for its create, which waits to be sent again.
    expect(rows[0]?.state).toBe('retry');
    expect(rows.slice(1).every((row) => row.state === 'pending')).toBe(true);
  },
});
