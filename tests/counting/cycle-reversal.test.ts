// Undoing an applied count (src-main/counting/cycle-reversal.ts), end to end against the sandbox over
// v4: a count committed and drained by the real outbox, then undone line by line and whole. Only a count
// that landed can be undone, never a line counted again since or undone already; the back office ends
// at the figure it had before the count plus what moved since (the session's drift policy), and the
// history keeps the count beside its reversal while the product becomes due again.
import { describe, expect, it } from 'vitest';
import { reversalPlan, reverseCount } from '../../src-main/counting/cycle-reversal.js';
import { isRefusal } from '../../src-main/refusal/refusal.js';
import { WAREHOUSE } from './support/counting-fixture.js';
import { useSandboxCounting, type SandboxCounting } from './support/sandbox-counting-fixture.js';

function refusalReason(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (isRefusal(error)) return error.reason;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('undoing an applied count', () => {
  const fixture = useSandboxCounting({ folderPrefix: 'stockroom-cycle-reversal-', needsProducts: 3 });

  const commitCount = (f: SandboxCounting, counts: ReadonlyMap<string, number>): string => {
    const sessionId = f.service.createSession({ warehouseCode: WAREHOUSE, driftPolicy: 'keepDifference' }).id;
    for (const [sku, quantity] of counts)
      f.service.scan({ sessionId, code: sku, counter: 'Somchai', quantity });
    f.service.commit({ sessionId });
    return sessionId;
  };
  const lastCountedBy = (f: SandboxCounting, productId: number) =>
    f.db
      .prepare<[string, number], string>(
        'SELECT session_id FROM count_last_counted WHERE warehouse_code = ? AND product_id = ?',
      )
      .pluck()
      .get(WAREHOUSE, productId);
  const reversalRows = (f: SandboxCounting) =>
    f.db
      .prepare<[], number>(`SELECT count(*) FROM outbox_operations WHERE kind = 'reverseStockCount'`)
      .pluck()
      .get();

  it('undoes one line, then the rest of the count, each landing once on the back office', async () => {
    const f = fixture();
    const [more, same, sold] = [f.productAt(0), f.productAt(1), f.productAt(2)];
    const stock = new Map([more, same, sold].map((product) => [product.id, Number(product.stock)]));
    const at = (id: number) => stock.get(id) ?? 0;
    const first = commitCount(
      f,
      new Map([
        [more.sku, at(more.id) + 4],
        [same.sku, at(same.id)],
        [sold.sku, at(sold.id) + 2],
      ]),
    );

    // Queued, not landed: nothing to undo yet (withdrawing it is the outbox's business).
    expect(reversalPlan(f.db, first).lines.map((line) => line.state)).toEqual(Array(3).fill('notApplied'));
    expect(refusalReason(() => reverseCount(f.db, { sessionId: first, now: Date.now() }))).toBe(
      'nothing-to-undo',
    );
    await f.outbox.drain();
    const plan = reversalPlan(f.db, first);
    const figures = (id: number) => plan.lines.find((line) => line.productId === id);
    expect(figures(more.id)).toMatchObject({
      state: 'reversible',
      counted: at(more.id) + 4,
      back: at(more.id),
    });
    expect(figures(sold.id)).toMatchObject({
      state: 'reversible',
      counted: at(sold.id) + 2,
      back: at(sold.id),
    });

    // One line: the back office goes back to its figure, and the product is due again.
    const afterOne = reverseCount(f.db, { sessionId: first, productIds: [more.id], now: Date.now() });
    expect(afterOne.lines.find((line) => line.productId === more.id)?.state).toBe('reversed');
    expect(lastCountedBy(f, more.id)).toBeUndefined();
    expect(refusalReason(() => reverseCount(f.db, { sessionId: first, productIds: [more.id], now: 1 }))).toBe(
      'reversed',
    );
    await f.outbox.drain();
    expect(await f.sandboxStock(more.id)).toBe(at(more.id));

    // A later count of one product keeps its line; a sale since the count is kept (keepDifference).
    const second = commitCount(f, new Map([[same.sku, at(same.id)]]));
    await f.outbox.drain();
    await f.sell(sold.id, 1);
    expect(refusalReason(() => reverseCount(f.db, { sessionId: first, productIds: [same.id], now: 1 }))).toBe(
      'later-count',
    );
    const whole = reverseCount(f.db, { sessionId: first, now: Date.now() });
    expect(whole.lines.map((line) => [line.productId, line.state]).sort()).toEqual(
      [
        [more.id, 'reversed'],
        [same.id, 'laterCount'],
        [sold.id, 'reversed'],
      ].sort(),
    );
    expect(lastCountedBy(f, same.id)).toBe(second);
    await f.outbox.drain();
    expect(await f.sandboxStock(sold.id)).toBe(at(sold.id) - 1);
    expect(refusalReason(() => reverseCount(f.db, { sessionId: first, now: 1 }))).toBe('nothing-to-undo');

    // Two reversals were sent; the history keeps the count's three lines beside them.
    expect(reversalRows(f)).toBe(2);
    const states = f.db
      .prepare<[], { state: string }>(`SELECT state FROM outbox_operations WHERE kind = 'reverseStockCount'`)
      .all();
    expect(states.map((row) => row.state)).toEqual(['done', 'done']);
    expect(
      f.db
        .prepare<[string], number>('SELECT count(*) FROM count_history WHERE session_id = ?')
        .pluck()
        .get(first),
    ).toBe(3);
  });
});
