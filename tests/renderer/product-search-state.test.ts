// The search both the products page and the counting page's find-product dialog use
// (features/products/product-search.svelte.ts), against a fake bridge: when it asks main and for what,
// that a late answer never replaces a newer one, which row is selected, and the stock reads the
// products page wants and the dialog does not.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IpcResult, ProductDetail, ProductSummary } from '../../src-shared/ipc/index.js';
import {
  ProductSearch,
  RESULT_LIMIT,
  SEARCH_DELAY_MS,
} from '../../src-renderer/features/products/product-search.svelte.js';
import { FakeBridge, held, ok, refused } from './support/fake-bridge.js';

vi.mock('../../src-renderer/lib/api.js', () => import('./support/no-page-bridge.js'));

function summary(id: number): ProductSummary {
  return { id, sku: `SKU-${id}`, barcode: '', name: `Product ${id}`, unittext: 'pcs' } as ProductSummary;
}

function found(...ids: number[]): IpcResult<ProductSummary[], never> {
  return ok(ids.map(summary));
}

function detail(id: number, expected: number[]): IpcResult<ProductDetail, never> {
  return ok({ id, stockByWarehouse: expected.map((value) => ({ expected: value })) } as ProductDetail);
}

let bridge: FakeBridge;

beforeEach(() => {
  bridge = new FakeBridge();
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('search as you type', () => {
  it('asks once the typing pauses, for the last text only, trimmed', async () => {
    bridge.answer('catalogue.search', found(1, 2));
    const search = new ProductSearch({ withStock: false }, bridge);

    search.type('co');
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS - 1);
    search.type('cola ');
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS - 1);
    expect(bridge.calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);

    expect(bridge.argsOf('catalogue.search')).toEqual([{ text: 'cola', limit: RESULT_LIMIT }]);
    expect(search.text).toBe('cola ');
    expect(search.shownText).toBe('cola');
    expect(search.results.map((product) => product.id)).toEqual([1, 2]);
    expect(search.current).toBe(true);
  });

  it('names the selected product as exact once the box holds its whole SKU, before the last search', async () => {
    bridge.answer('catalogue.search', found(12, 120));
    const search = new ProductSearch({ withStock: false }, bridge);
    search.type('sku-1');
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS);
    expect(search.selectedProduct?.id).toBe(12);
    expect(search.exactSelection).toBeUndefined();
    // The whole SKU typed; its own search still waits for the pause: not current, but exact.
    search.type('SKU-12');
    expect(search.current).toBe(false);
    expect(search.exactSelection?.id).toBe(12);
    search.type('SKU-120');
    expect(search.exactSelection).toBeUndefined();
  });

  it('asks for the limit it was given, and stop() drops a search still waiting', async () => {
    bridge.answer('catalogue.search', found(1));
    const search = new ProductSearch({ limit: 20, withStock: false }, bridge);

    search.type('tea');
    search.stop();
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS);
    expect(bridge.calls).toEqual([]);

    await search.search();
    expect(bridge.argsOf('catalogue.search')).toEqual([{ text: 'tea', limit: 20 }]);
  });

  it('says it is searching until the answer to the latest text comes, and drops a late older answer', async () => {
    const older = held<IpcResult<ProductSummary[], never>>();
    bridge.answer('catalogue.search', () => older.promise, found(7));
    const search = new ProductSearch({ withStock: false }, bridge);

    search.type('c');
    const first = search.search();
    expect(search.searching).toBe(true);
    search.type('cola');
    await search.search();
    older.release(found(1, 2, 3));
    await first;

    expect(search.searching).toBe(false);
    expect(search.shownText).toBe('cola');
    expect(search.results.map((product) => product.id)).toEqual([7]);
  });

  it("keeps the results shown and says main's words when a search is refused", async () => {
    bridge.answer('catalogue.search', found(1), refused('no-profile', 'No store is open.'));
    const search = new ProductSearch({ withStock: false }, bridge);
    search.type('cola');
    await search.search();

    search.type('colas');
    await search.search();

    expect(search.error).toBe('No store is open.');
    expect(search.searching).toBe(false);
    expect(search.results.map((product) => product.id)).toEqual([1]);
    expect(search.current).toBe(false);
  });

  it('clears the results for an empty text without asking main', async () => {
    bridge.answer('catalogue.search', found(1));
    const search = new ProductSearch({ withStock: false }, bridge);
    search.type('cola');
    await search.search();

    search.clear();
    await vi.runAllTimersAsync();

    expect(bridge.argsOf('catalogue.search')).toHaveLength(1);
    expect(search.results).toEqual([]);
    expect(search.shownText).toBe('');
  });
});

describe('the selected row', () => {
  it('moves within the results, selects the first row for a new text, and keeps it for the same text', async () => {
    bridge.answer('catalogue.search', found(1, 2, 3), found(1, 2, 3), found(4, 5));
    const search = new ProductSearch({ withStock: false }, bridge);
    search.type('cola');
    await search.search();

    search.move(1);
    search.move(1);
    search.move(1);
    expect(search.selected).toBe(2);
    search.select(1);
    expect(search.selectedProduct?.id).toBe(2);

    search.refresh(); // the same text read again (back on the page)
    await vi.runAllTimersAsync();
    expect(search.selected).toBe(1);

    search.type('tea');
    await search.search();
    expect(search.selected).toBe(0);
    expect(search.selectedProduct?.id).toBe(4);
  });
});

describe('stock', () => {
  it("reads each listed product's expected stock, all warehouses together", async () => {
    bridge
      .answer('catalogue.search', found(1, 2))
      .answer('catalogue.product', (args) => detail(args.productId, args.productId === 1 ? [2, 3] : [7]));
    const search = new ProductSearch({}, bridge);
    search.type('cola');

    await search.search();
    await vi.runAllTimersAsync();

    expect(bridge.argsOf('catalogue.search')).toEqual([{ text: 'cola', limit: RESULT_LIMIT }]);
    expect(bridge.argsOf('catalogue.product')).toEqual([{ productId: 1 }, { productId: 2 }]);
    expect(search.stock).toEqual({ 1: 5, 2: 7 });
  });

  it('reads no stock for the find-product dialog', async () => {
    bridge.answer('catalogue.search', found(1, 2));
    const search = new ProductSearch({ limit: 20, withStock: false }, bridge);
    search.type('cola');

    await search.search();
    search.stockChanged();
    await vi.runAllTimersAsync();

    expect(bridge.names()).toEqual(['catalogue.search']);
    expect(search.stock).toEqual({});
  });
});
