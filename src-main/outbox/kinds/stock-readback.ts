// Reading the server's stock figures of a batch's products in one warehouse: one GetProducts call per
// ≤ 450 products (productidlist header; skulist for lines known only by sku).
import type { BackofficeCaller } from '../../backoffice/index.js';
import type { OperationRow } from '../core/operation-types.js';
import { readQuantity } from '../core/quantity.js';

export interface ServerFigures {
  readonly stock: number;
  readonly availablestock: number;
}

export interface ServerStock {
  /** The row's product as the server has it in the warehouse; undefined when the server does not know it. */
  of(row: OperationRow): ServerFigures | undefined;
}

export const READBACK_CHUNK = 450;

export async function readServerStock(
  client: BackofficeCaller,
  warehouseCode: string,
  rows: readonly OperationRow[],
  chunkSize = READBACK_CHUNK,
): Promise<ServerStock> {
  const ids = unique(rows.filter((row) => (row.product_id ?? 0) > 0).map((row) => row.product_id ?? 0));
  const skus = unique(rows.filter((row) => (row.product_id ?? 0) <= 0).map((row) => row.sku ?? ''));
  const byId = new Map<number, ServerFigures>();
  const bySku = new Map<string, ServerFigures>();
  for (const chunk of chunks(ids, chunkSize)) {
    const answer = await client.call('GetProducts', {
      query: { warehousecode: warehouseCode, limit: chunk.length, page: 1 },
      headers: { productidlist: chunk },
    });
    for (const product of answer.list) byId.set(product.id, figuresOf(product));
  }
  for (const chunk of chunks(skus, chunkSize)) {
    const answer = await client.call('GetProducts', {
      query: { warehousecode: warehouseCode, limit: chunk.length, page: 1 },
      headers: { skulist: chunk },
    });
    for (const product of answer.list) bySku.set((product.sku ?? '').trim(), figuresOf(product));
  }
  return {
    of: (row) =>
      (row.product_id ?? 0) > 0 ? byId.get(row.product_id ?? 0) : bySku.get((row.sku ?? '').trim()),
  };
}

function figuresOf(product: { readonly stock?: string; readonly availablestock?: string }): ServerFigures {
  return { stock: readQuantity(product.stock), availablestock: readQuantity(product.availablestock) };
}

function unique<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}

function chunks<T>(values: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < values.length; start += size) result.push(values.slice(start, start + size));
  return result;
}
