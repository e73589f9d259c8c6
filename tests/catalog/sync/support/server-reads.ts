// Reads of the sandbox through v4 (real HTTP via the harness, not through the client under test), to
// compare the catalogue with what the back office says.
import { z } from 'zod';
import { Product, type ProductRecord } from '../../../../src-shared/api/records.js';
import type { TestSandbox } from '../../../support/sandbox-harness.js';

const productList = z.looseObject({ list: z.array(Product), count: z.number() });

/** One product as v4 shows it, in one warehouse (stock figures as numbers). */
export async function serverProduct(
  sandbox: TestSandbox,
  id: number,
  warehousecode: string,
): Promise<ProductRecord & { stockFigure: number; availableFigure: number }> {
  const answer = await sandbox.call('GetProductDetail', { query: { id, warehousecode } });
  const product = Product.parse(answer.body);
  return { ...product, stockFigure: Number(product.stock), availableFigure: Number(product.availablestock) };
}

/** `count` and the first page of a GetProducts query. */
export async function serverProducts(
  sandbox: TestSandbox,
  query: Readonly<Record<string, string | number>>,
): Promise<{ list: ProductRecord[]; count: number }> {
  const answer = await sandbox.call('GetProducts', { query: { limit: 500, ...query } });
  return productList.parse(answer.body);
}

/** Posts a v4 write through the harness and fails the test unless the answer is code 200. */
export async function serverWrite(
  sandbox: TestSandbox,
  name: Parameters<TestSandbox['call']>[0],
  options: Parameters<TestSandbox['call']>[1],
): Promise<{ id: number | undefined }> {
  const answer = await sandbox.call(name, options);
  const body = z
    .looseObject({ resCode: z.string(), resDesc: z.string().optional(), detail: z.unknown().optional() })
    .parse(answer.body);
  if (body.resCode !== '200') throw new Error(`${name} answered ${body.resCode} ${body.resDesc ?? ''}`);
  const detail = z.looseObject({ id: z.number().optional() }).safeParse(body.detail);
  return { id: detail.success ? detail.data.id : undefined };
}
