// A return purchase order's Success moves stock on the back office; the app adds the move to the figure
// it holds when the write is confirmed. A pull that lands after the back office applied the move but
// before that confirmation reads the figure with the move already in it: adding the move again would
// show it twice until a later pull. The store re-reads the moved products' stock after such a
// confirmation (CatalogueSync.refreshStock), so the figure shown is the back office's, moved once.
import { describe, expect, it } from 'vitest';
import { openSandboxStore, waitForDrained, waitForFirstSync, waitForValue } from './support/app-fixture.js';
import { useAppWithStoreSandbox } from './support/app-in-folder.js';

const STORE = { name: 'returned', apikey: 'returned-key-8812', apisecret: 'returned-secret-3391' };
const running = useAppWithStoreSandbox('stockroom-return-refresh-', { store: STORE, products: 20 });

async function v4(method: 'GET' | 'POST', path: string): Promise<unknown> {
  const answer = await fetch(`${running.sandbox.url}/v4/${path}`, {
    method,
    headers: { storename: STORE.name, apikey: STORE.apikey, apisecret: STORE.apisecret },
  });
  return answer.json();
}

async function v4Stock(productId: number, warehouseCode: string): Promise<number> {
  const detail = (await v4(
    'GET',
    `Product/GetProductDetail?id=${productId}&warehousecode=${warehouseCode}`,
  )) as {
    stock?: number;
  };
  return Number(detail.stock);
}

describe('a return set to Success that a pull saw applied before its confirmation', () => {
  it('shows the back office figure, the move counted once', async () => {
    const { app } = running;
    const warehouseCode = await openSandboxStore(app, {
      displayName: 'Returns shop',
      baseUrl: running.sandbox.url,
      store: STORE,
    });
    const product = (await app.ok('catalogue.search', { text: 'SKU-0000', limit: 5 }))[0];
    if (product === undefined) throw new Error('an empty store');
    const before = await v4Stock(product.id, warehouseCode);
    const shown = async () =>
      (await app.ok('catalogue.product', { productId: product.id })).stockByWarehouse.find(
        (line) => line.warehouseCode === warehouseCode,
      )?.expected;
    expect(await shown()).toBe(before);

    // Made and sent while online, Pending.
    const { number } = await app.ok('returns.newNumber', {});
    const made = await app.ok('returns.create', {
      number,
      warehouseCode,
      lines: [{ productId: product.id, sku: product.sku, name: product.name, quantity: 2, unitPrice: 10 }],
    });
    await waitForDrained(app);
    const listed = (await v4('GET', `ReturnPurchaseOrder/GetReturnPurchaseOrderDetail?number=${number}`)) as {
      id: number;
    };

    // Set to Success while the back office refuses us: queued, the outbox pauses.
    running.sandbox.revokeStore(STORE.name);
    await app.ok('returns.setStatus', { id: made.id, status: 'Success', warehouseCode });
    await waitForValue(app, 'outbox.summary', {}, (summary) => summary.paused);
    expect(await shown()).toBe(before - 2);

    // The back office applies it (as when the answer to our request was lost) and a pull reads it.
    running.sandbox.restoreStore(STORE.name);
    await v4(
      'POST',
      `ReturnPurchaseOrder/UpdateReturnPurchaseOrderStatus?id=${listed.id}&statu=1&warehousecode=${warehouseCode}`,
    );
    expect(await v4Stock(product.id, warehouseCode)).toBe(before - 2);
    await app.ok('sync.syncNow', {});
    await waitForFirstSync(app);

    // The write finds its status reached, is confirmed, and the figure settles on the back office's.
    await app.ok('outbox.resume', {});
    await waitForDrained(app);
    await expect.poll(shown, { timeout: 10_000 }).toBe(before - 2);
    expect(await v4Stock(product.id, warehouseCode)).toBe(before - 2);
  });
});
