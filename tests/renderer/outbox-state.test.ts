// The outbox page's state (features/outbox/outbox.svelte.ts) against a fake bridge: the parked rows with
// their products' names, one page of the list ('open' or the whole history), reloads coalesced while
// one is running, and the person's actions on a parked row with main's refusals in words.
import './support/page-globals.js';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallValue, IpcResult, OutboxSummary, ProductDetail } from '../../src-shared/ipc/index.js';
import { OutboxView, PAGE_SIZE } from '../../src-renderer/features/outbox/outbox.svelte.js';
import type { OutboxItem, ParkedOperation } from '../../src-renderer/features/outbox/outbox-words.js';
import { FakeBridge, held, ok, refused, settled } from './support/fake-bridge.js';

vi.mock('../../src-renderer/lib/api.js', () => import('./support/no-page-bridge.js'));

function item(id: number): OutboxItem {
  return {
    id,
    kind: 'stockCount',
    state: 'pending',
    description: null,
    warehouseCode: 'MAIN',
    productId: id,
    sku: `SKU-${id}`,
    change: 'count',
    value: 1,
    productName: `Product ${id}`,
    barcode: null,
    countedAgainst: 1,
    policy: 'ask',
    sessionId: null,
    attempts: 0,
    nextAttemptAt: null,
    reasonCode: null,
    reasonText: null,
    outcome: null,
    createdAt: 1_700_000_000_000,
    updatedAt: 1_700_000_000_000,
    finishedAt: null,
  };
}

function parked(id: number, productId: number | null): ParkedOperation {
  return {
    ...item(id),
    state: 'parked',
    productId,
    sku: productId === null ? null : `SKU-${productId}`,
    value: 4,
    countedAgainst: 5,
    reasonCode: 'drift',
    reasonText: 'The stock moved since the count.',
    serverBefore: 7,
    uniqueNumber: null,
  };
}

/** The answer to outbox.list: the page of `total` rows from the asked offset. */
function listing(total: number) {
  return (args: { offset?: number }): IpcResult<CallValue<'outbox.list'>, never> => {
    const offset = args.offset ?? 0;
    const count = Math.max(0, Math.min(PAGE_SIZE, total - offset));
    return ok({
      total,
      offset,
      items: Array.from({ length: count }, (_, index) => item(offset + index + 1)),
    });
  };
}

function product(id: number): IpcResult<ProductDetail, never> {
  return ok({ id, name: `Product ${id}` } as ProductDetail);
}

const summary: OutboxSummary = {
  pending: 0,
  sending: 0,
  retry: 0,
  unclear: 0,
  parked: 0,
  paused: false,
  pauseReason: null,
  holdUntil: null,
  holdReason: null,
};

let bridge: FakeBridge;

beforeEach(() => {
  bridge = new FakeBridge();
});

describe('load', () => {
  it("reads the parked rows with their products' names and the first page of open rows", async () => {
    bridge
      .answer('outbox.parked', ok([parked(1, 10), parked(2, 10), parked(3, 11), parked(4, null)]))
      .answer('outbox.list', listing(3))
      .answer('catalogue.product', (args) => product(args.productId));
    const view = new OutboxView(bridge);

    await view.load();

    expect(bridge.argsOf('outbox.parked')).toEqual([{}]);
    expect(bridge.argsOf('outbox.list')).toEqual([{ state: 'open', offset: 0, limit: PAGE_SIZE }]);
    // Each product once; a row without a product asks nothing.
    expect(bridge.argsOf('catalogue.product')).toEqual([{ productId: 10 }, { productId: 11 }]);
    expect([...view.names]).toEqual([
      [10, 'Product 10'],
      [11, 'Product 11'],
    ]);
    expect(view.parked.map((row) => row.id)).toEqual([1, 2, 3, 4]);
    expect(view.items.map((row) => row.id)).toEqual([1, 2, 3]);
    expect(view.total).toBe(3);
    expect(view.loaded).toBe(true);
    expect(view.error).toBeNull();
  });

  it('asks the catalogue only for names it does not know yet', async () => {
    bridge
      .answer('outbox.parked', ok([parked(1, 10)]), ok([parked(1, 10), parked(2, 12)]))
      .answer('outbox.list', listing(0))
      .answer('catalogue.product', (args) => product(args.productId));
    const view = new OutboxView(bridge);

    await view.load();
    await view.load();

    expect(bridge.argsOf('catalogue.product')).toEqual([{ productId: 10 }, { productId: 12 }]);
    expect(view.names.get(12)).toBe('Product 12');
  });

  it("shows main's words when the parked rows cannot be read, and still shows the list", async () => {
    bridge
      .answer('outbox.parked', refused('no-profile', 'No store is open.'))
      .answer('outbox.list', listing(2));
    const view = new OutboxView(bridge);

    await view.load();

    expect(view.error).toEqual({
      sentence: 'No store is open. Add a store, or try the demo store.',
      details: 'No store is open.',
    });
    expect(view.parked).toEqual([]);
    expect(view.items.map((row) => row.id)).toEqual([1, 2]);
    expect(view.loaded).toBe(true);
  });

  it('coalesces loads asked for during a read into one more read after it', async () => {
    const first = held<IpcResult<ParkedOperation[], never>>();
    bridge.answer('outbox.parked', () => first.promise, ok([])).answer('outbox.list', listing(0));
    const view = new OutboxView(bridge);

    const loads = [view.load(), view.load(), view.load(), view.load()];
    await settled();
    expect(bridge.argsOf('outbox.parked')).toHaveLength(1);
    first.release(ok([]));
    await Promise.all(loads);

    expect(bridge.argsOf('outbox.parked')).toHaveLength(2);
    expect(bridge.argsOf('outbox.list')).toHaveLength(2);
  });
});

describe('history and paging', () => {
  it('shows the whole history from its first page, and pages within the total', async () => {
    bridge.answer('outbox.parked', ok([])).answer('outbox.list', listing(120));
    const view = new OutboxView(bridge);
    await view.load();

    await view.page(1);
    await view.page(1);
    await view.page(1); // past the last page: no call
    await view.showHistory(true);
    await view.page(-1); // before the first page: no call

    expect(bridge.argsOf('outbox.list')).toEqual([
      { state: 'open', offset: 0, limit: PAGE_SIZE },
      { state: 'open', offset: 50, limit: PAGE_SIZE },
      { state: 'open', offset: 100, limit: PAGE_SIZE },
      { state: 'all', offset: 0, limit: PAGE_SIZE },
    ]);
    expect(view.history).toBe(true);
    expect(view.offset).toBe(0);
  });

  it('steps back to the last page when the rows it showed were sent meanwhile', async () => {
    bridge.answer('outbox.parked', ok([])).answer('outbox.list', listing(120), listing(120), listing(60));
    const view = new OutboxView(bridge);
    await view.load();
    await view.page(1);

    await view.page(1); // 60 rows left: page 3 is empty

    expect(bridge.argsOf('outbox.list').map((args) => args.offset)).toEqual([0, 50, 100, 50]);
    expect(view.offset).toBe(50);
    expect(view.items.map((row) => row.id)).toEqual([51, 52, 53, 54, 55, 56, 57, 58, 59, 60]);
  });
});

describe('actions on a parked row', () => {
  it('retries (with a drift policy when chosen), edits the value or discards with a note, then reads again', async () => {
    bridge
      .answer('outbox.parked', ok([]))
      .answer('outbox.list', listing(0))
      .answer('outbox.retry', ok(summary))
      .answer('outbox.editValue', ok(summary))
      .answer('outbox.discard', ok(summary));
    const view = new OutboxView(bridge);

    expect(await view.act(7, { kind: 'retry' })).toEqual({ ok: true });
    expect(await view.act(7, { kind: 'retry', policy: 'keepCounted' })).toEqual({ ok: true });
    expect(await view.act(8, { kind: 'edit', value: 12 })).toEqual({ ok: true });
    expect(await view.act(9, { kind: 'discard', note: 'Counted twice' })).toEqual({ ok: true });

    expect(bridge.argsOf('outbox.retry')).toEqual([
      { operationId: 7 },
      { operationId: 7, policy: 'keepCounted' },
    ]);
    expect(bridge.argsOf('outbox.editValue')).toEqual([{ operationId: 8, value: 12 }]);
    expect(bridge.argsOf('outbox.discard')).toEqual([{ operationId: 9, note: 'Counted twice' }]);
    expect(bridge.argsOf('outbox.parked')).toHaveLength(4);
    expect(view.busy).toBe(false);
  });

  it("answers a refusal with main's words and reads nothing again", async () => {
    bridge.answer('outbox.editValue', refused('conflict', 'The row is not parked any more.'));
    const view = new OutboxView(bridge);

    const result = await view.act(8, { kind: 'edit', value: 12 });

    expect(result).toMatchObject({
      ok: false,
      error: { code: 'conflict', message: 'The row is not parked any more.' },
    });
    expect(bridge.names()).toEqual(['outbox.editValue']);
    expect(view.busy).toBe(false);
  });

  it('is busy while an action runs', async () => {
    const answer = held<IpcResult<OutboxSummary, never>>();
    bridge.answer('outbox.discard', () => answer.promise);
    const view = new OutboxView(bridge);

    const acting = view.act(9, { kind: 'discard', note: '' });
    expect(view.busy).toBe(true);
    answer.release(refused('conflict', 'Gone.'));
    await acting;
    expect(view.busy).toBe(false);
  });

  it("resumes the queue; a refusal answers main's words", async () => {
    bridge.answer('outbox.resume', ok(summary), refused('conflict', 'Nothing is paused.'));
    const view = new OutboxView(bridge);

    expect(await view.resume()).toBeNull();
    expect(await view.resume()).toMatchObject({ code: 'conflict', message: 'Nothing is paused.' });
    expect(bridge.argsOf('outbox.resume')).toEqual([{}, {}]);
  });
});
