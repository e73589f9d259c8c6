// The review keeps what it computed for a session while the database is unchanged, so changing the
// filter or the page is cheap (bench/count-review.bench.ts). It must never answer from before a change:
// a scan, an outbox write or a sync on this connection, or a write by another connection. After the
// service's own scans it brings the kept review up to date line by line (issue 26), and that answer must
// be the one a review from nothing gives.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CatalogueRepository } from '../../src-main/catalog/catalogue.repository.js';
import { CountingService, REVIEW_FILTERS } from '../../src-main/counting/index.js';
import { CountReviewRepository } from '../../src-main/counting/count-review.repository.js';
import {
  openCountingFixture,
  productRecord,
  WAREHOUSE,
  type CountingFixture,
} from './support/counting-fixture.js';

describe('review reuse', () => {
  let fixture: CountingFixture;
  let sessionId: string;

  beforeEach(() => {
    fixture = openCountingFixture();
    fixture.seed([
      { id: 1, sku: 'A', stock: 5 },
      { id: 2, sku: 'B', stock: 7 },
      { id: 3, sku: 'C', stock: 0 },
    ]);
    sessionId = fixture.service.createSession({ warehouseCode: WAREHOUSE }).id;
  });
  afterEach(() => fixture.close());

  const notCounted = () =>
    fixture.service
      .review(sessionId, 'notCounted')
      .rows.map((row) => (row.kind === 'notCounted' ? [row.productId, row.expected] : []));

  it('follows scans, queued outbox writes, pulls, and writes by another connection', () => {
    expect(notCounted()).toEqual([
      [1, 5],
      [2, 7],
    ]);
    expect(fixture.service.review(sessionId, 'all', { offset: 1, limit: 1 }).rows).toMatchObject([
      { kind: 'notCounted', productId: 2 },
    ]);
    fixture.service.scan({ sessionId, code: 'A', counter: 'Malee' });
    expect(notCounted()).toEqual([[2, 7]]);
    fixture.queueStockChange(3, 'increase', 4);
    expect(notCounted()).toEqual([
      [2, 7],
      [3, 4],
    ]);
    fixture.serverStock(2, 9);
    expect(notCounted()).toEqual([
      [2, 9],
      [3, 4],
    ]);
    // Another connection (another process on the same file) pulls a figure.
    const other = fixture.reopen();
    new CatalogueRepository(other).upsertProducts([productRecord({ id: 2, sku: 'B', stock: 0 })], {
      warehouseCode: WAREHOUSE,
      syncedAt: fixture.now,
    });
    expect(notCounted()).toEqual([[3, 4]]);
    expect(fixture.service.review(sessionId, 'all').totals).toMatchObject({ countedLines: 1, notCounted: 1 });
  });

  /** Every filter's whole review, by this service (which reuses) and by a new one (which cannot). */
  const reviews = (service: CountingService) =>
    REVIEW_FILTERS.map((filter) => service.review(sessionId, filter));

  it('answers after each scan exactly as a review from nothing does', () => {
    fixture.seed([
      { id: 4, sku: 'D', stock: 3 },
      { id: 5, sku: 'E', stock: 0 },
      { id: 6, sku: 'F', stock: 2 },
    ]);
    fixture.queueStockChange(6, 'increase', 5);
    const scans = ['B', 'B', 'ZZZ-1', 'F', 'ZZZ-1', 'E', 'A', 'D', 'B', 'ZZZ-2'];
    reviews(fixture.service);
    for (const [index, code] of scans.entries()) {
      fixture.tick();
      fixture.service.scan({ sessionId, code, counter: 'Malee' });
      // A pull moves B's figure after it was counted: its line drifts, and later scans keep it so.
      if (index === 2) fixture.serverStock(2, 1);
      if (index === 5) {
        // An undo (not a scan: the review is built afresh), then the line counted again by a scan.
        fixture.service.undoLast({ sessionId, counter: 'Malee' });
        reviews(fixture.service);
        fixture.service.scan({ sessionId, code, counter: 'Malee' });
      }
      expect(reviews(fixture.service), `after scanning ${code}`).toEqual(
        reviews(new CountingService(fixture.db)),
      );
    }
    expect(fixture.service.review(sessionId, 'all').totals).toMatchObject({
      countedLines: 5,
      notCounted: 0,
      unknownCodes: 2,
    });
  });

  it('reads no whole warehouse again for the review after a scan', () => {
    reviews(fixture.service);
    const warehouseReads = vi.spyOn(CountReviewRepository.prototype, 'warehouseStock');
    try {
      fixture.service.scan({ sessionId, code: 'B', counter: 'Malee' });
      fixture.service.scan({ sessionId, code: 'ZZZ-1', counter: 'Malee' });
      expect(notCounted()).toEqual([[1, 5]]);
      expect(warehouseReads).not.toHaveBeenCalled();
      // Anything else (here a queued stock change) still makes it read the warehouse afresh.
      fixture.queueStockChange(3, 'increase', 4);
      expect(notCounted()).toEqual([
        [1, 5],
        [3, 4],
      ]);
      expect(warehouseReads).toHaveBeenCalledTimes(1);
    } finally {
      warehouseReads.mockRestore();
    }
  });
});
