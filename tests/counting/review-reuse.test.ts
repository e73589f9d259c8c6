// The review keeps what it computed for a session while the database is unchanged, so changing the
// filter or the page is cheap (bench/count-review.bench.ts). It must never answer from before a change:
// a scan, an outbox write or a sync on this connection, or a write by another connection.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CatalogueRepository } from '../../src-main/catalog/catalogue.repository.js';
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
});
