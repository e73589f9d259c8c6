// Drift as the review shows it around a commit, end to end: a catalogue pulled from the sandbox over v4,
// a session counted, stock moved by others before the commit (a sale on the back office, pulled; a
// local write still queued), the commit drained by the real outbox and pulled again. A committed
// session keeps expected and drift as they stood at commit: its own queued counts, and later the
// counted figures the back office took, never show as drift.
import { describe, expect, it } from 'vitest';
import { CountingService } from '../../src-main/counting/index.js';
import type { CountedReviewRow } from '../../src-main/counting/count-review.js';
import { openDatabase } from '../../src-main/db/database.js';
import { enqueueStockChange } from '../../src-main/outbox/enqueue.js';
import { listParked } from '../../src-main/outbox/index.js';
import { WAREHOUSE } from './support/counting-fixture.js';
import { useSandboxCounting } from './support/sandbox-counting-fixture.js';

describe('drift of a committed session', () => {
  const fixture = useSandboxCounting({ folderPrefix: 'stockroom-committed-drift-', needsProducts: 4 });

  const countedRows = (sessionId: string): CountedReviewRow[] =>
    fixture()
      .service.review(sessionId, 'all')
      .rows.filter((row): row is CountedReviewRow => row.kind === 'counted');

  const sessionOperations = (sessionId: string): number =>
    fixture()
      .db.prepare<[string], number>('SELECT count(*) FROM outbox_operations WHERE session_id = ?')
      .pluck()
      .get(sessionId) ?? 0;

  it('shows drift 0 where nothing else moved and the real drift where others moved stock before the commit, right after the commit and after the drain and a sync', async () => {
    const { db, service, outbox, pullCatalogue, sandboxStock, sell, productAt } = fixture();
    const more = productAt(0); // counted above its figure, nothing else moves it
    const same = productAt(1); // counted at its figure
    const sold = productAt(2); // counted, then 3 sold on the back office (pulled before the commit)
    const moved = productAt(3); // counted, then 2 taken out by a local write still queued at the commit
    const sessionId = service.createSession({ warehouseCode: WAREHOUSE, driftPolicy: 'keepDifference' }).id;
    const counts = new Map([
      [more.id, Number(more.stock) + 4],
      [same.id, Number(same.stock)],
      [sold.id, Number(sold.stock) + 1],
      [moved.id, Number(moved.stock) - 1],
    ]);
    for (const product of [more, same, sold, moved])
      service.scan({ sessionId, code: product.sku, counter: 'Somchai', quantity: counts.get(product.id) });

    await sell(sold.id, 3);
    await pullCatalogue();
    enqueueStockChange(db, {
      warehouseCode: WAREHOUSE,
      change: 'decrease',
      lines: [{ productId: moved.id, sku: moved.sku, value: 2 }],
    });

    // Open: the session has queued nothing, so its drift is only what others moved.
    expect(sessionOperations(sessionId)).toBe(0);
    const expectedFigures = [
      { productId: more.id, expected: Number(more.stock), drift: 0 },
      { productId: same.id, expected: Number(same.stock), drift: 0 },
      { productId: sold.id, expected: Number(sold.stock) - 3, drift: -3 },
      { productId: moved.id, expected: Number(moved.stock) - 2, drift: -2 },
    ];
    const asSeen = (rows: readonly CountedReviewRow[]) =>
      rows.map(({ productId, expected, drift }) => ({ productId, expected, drift }));
    expect(asSeen(countedRows(sessionId))).toEqual(expectedFigures);

    service.commit({ sessionId });
    expect(sessionOperations(sessionId)).toBe(4);
    expect(asSeen(countedRows(sessionId))).toEqual(expectedFigures);
    expect(service.review(sessionId, 'all').totals.drifted).toBe(2);
    expect(
      service.review(sessionId, 'drifted').rows.map((row) => row.kind === 'counted' && row.productId),
    ).toEqual([sold.id, moved.id]);
    const lineFigures = service
      .lines(sessionId)
      .map((line) =>
        line.kind === 'product' ? { productId: line.product.id, expected: line.expected } : line,
      );
    expect(lineFigures).toEqual(expectedFigures.map(({ productId, expected }) => ({ productId, expected })));

    await outbox.drain();
    expect(listParked(db)).toEqual([]);
    // keepDifference: counted + what moved since counting.
    expect(await sandboxStock(more.id)).toBe(Number(more.stock) + 4);
    expect(await sandboxStock(sold.id)).toBe(Number(sold.stock) + 1 - 3);
    expect(await sandboxStock(moved.id)).toBe(Number(moved.stock) - 1 - 2);
    expect(asSeen(countedRows(sessionId))).toEqual(expectedFigures);

    await pullCatalogue();
    expect(asSeen(countedRows(sessionId))).toEqual(expectedFigures);
    expect(service.review(sessionId, 'all').totals.drifted).toBe(2);

    // Another connection (an app restart) reads the same frozen figures from the file.
    const reopened = openDatabase(db.name);
    try {
      const rows = new CountingService(reopened)
        .review(sessionId, 'all')
        .rows.filter((row): row is CountedReviewRow => row.kind === 'counted');
      expect(asSeen(rows)).toEqual(expectedFigures);
    } finally {
      reopened.close();
    }
  });
});
