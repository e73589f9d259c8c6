// Shared set-up of the bundle tests: the product sandbox plus two products with stock in two
// warehouses, and typed helpers for bundle answers.
import { expect } from 'vitest';
import { forFile, standIn } from '../../support/per-file.js';
import type { TestSandbox } from '../../support/sandbox-harness.js';
import {
  addProduct,
  freshSku,
  sendStockList,
  startProductSandbox,
  type ProductSandbox,
} from '../products/products-harness.js';

export interface BundleSandbox {
  readonly sandbox: ProductSandbox;
  readonly storeId: number;
  /** Stock W0001 10 (4 available), W0002 3; sell_vat_status 2. */
  readonly p1: { readonly id: number; readonly sku: string };
  /** Stock W0001 7, W0002 9. */
  readonly p2: { readonly id: number; readonly sku: string };
}

export interface BundleAnswer {
  id: number;
  name: string;
  sku: string;
  sellprice: string;
  sell_vat_status: number;
  stock: string;
  availablestock: string;
  imagepath: string;
  active: boolean;
  list?: { id: number; name: string; sku: string; sell_vat_status: number; quantity: number }[];
  imageList?: string[];
}

export async function startBundleSandbox(): Promise<BundleSandbox> {
  const sandbox = await startProductSandbox();
  const p1 = { id: 0, sku: freshSku('ITEM') };
  const p2 = { id: 0, sku: freshSku('ITEM') };
  p1.id = await addProduct(sandbox, { sku: p1.sku, name: 'แก้วน้ำ', sell_vat_status: 2 });
  p2.id = await addProduct(sandbox, { sku: p2.sku, name: 'จานรอง' });
  await sendStockList(sandbox, 'UpdateProductStockList', 'W0001', [
    { productid: p1.id, stock: 10 },
    { productid: p2.id, stock: 7 },
  ]);
  await sendStockList(sandbox, 'UpdateProductStockList', 'W0002', [
    { productid: p1.id, stock: 3 },
    { productid: p2.id, stock: 9 },
  ]);
  await sendStockList(sandbox, 'UpdateProductAvailableStockList', 'W0001', [{ productid: p1.id, stock: 4 }]);
  return { sandbox, storeId: sandbox.handle.stores[0]?.id ?? 0, p1, p2 };
}

/**
 * One bundle sandbox for the tests of a file (started before the first, closed after the last): the
 * sandbox and both products are stand-ins for the started ones; read storeId in a hook or a test.
 */
export function bundleSandboxForFile(): BundleSandbox {
  const current = forFile(startBundleSandbox, (started) => started.sandbox.close());
  return {
    sandbox: standIn(() => current().sandbox),
    p1: standIn(() => current().p1),
    p2: standIn(() => current().p2),
    get storeId() {
      return current().storeId;
    },
  };
}

export async function addBundle(sandbox: TestSandbox, body: Record<string, unknown>): Promise<number> {
  const answer = await sandbox.call('AddBundle', {
    body: { name: 'ชุดของขวัญ', sku: freshSku('BDL'), sellprice: '199', ...body },
  });
  const result = answer.body as { resCode: string; resDesc: string; detail?: { id: number } };
  expect(result.resDesc).toBe('Success');
  return result.detail?.id ?? 0;
}

export async function bundleDetail(
  sandbox: TestSandbox,
  id: number,
  warehousecode?: string,
): Promise<BundleAnswer> {
  return (await sandbox.call('GetBundleDetail', { query: { id, warehousecode } })).body as BundleAnswer;
}

export async function listBundles(
  sandbox: TestSandbox,
  query: Record<string, string | number> = {},
  headers?: Record<string, string>,
): Promise<{ list: BundleAnswer[]; count: number }> {
  const answer = await sandbox.call('GetBundles', { query, ...(headers ? { headers } : {}) });
  return answer.body as { list: BundleAnswer[]; count: number };
}
