// A sandbox over real HTTP for the documents tests, with a clock the tests move, and the few calls
// every documents test needs (products with stock, stock read back, verdicts).
import { expect } from 'vitest';
import type { EndpointName } from '../../../../src-shared/api/endpoints/index.js';
import * as documents from '../../../../src-main/sandbox/resources/documents/index.js';
import * as products from '../../../../src-main/sandbox/resources/products/index.js';
import {
  startTestSandbox,
  verdict,
  type CallOptions,
  type TestSandbox,
  type TestSandboxOptions,
} from '../../../support/sandbox-harness.js';
import { forFile, standIn } from '../../../support/per-file.js';

/** 2026-03-10 10:00 Thai time. */
export const START = Date.parse('2026-03-10T03:00:00Z');
export const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;

export interface DocumentsSandbox {
  readonly sandbox: TestSandbox;
  /** Sets the sandbox's clock (epoch ms). */
  setNow(instant: number): void;
  /** Moves the clock forward. */
  advance(ms: number): void;
  call(name: EndpointName, options?: CallOptions): Promise<Record<string, unknown>>;
  /** Calls and expects resCode 200; returns the body. */
  ok(name: EndpointName, options?: CallOptions): Promise<Record<string, unknown>>;
  /** Calls and expects a refusal with `code` whose description contains every fragment. */
  refused(name: EndpointName, options: CallOptions, code: string, ...fragments: string[]): Promise<string>;
  /** Calls and expects code 100 with a description that starts with the field's name. */
  refusedField(name: EndpointName, options: CallOptions, field: string): Promise<string>;
  /** AddProduct, then its stock in one warehouse (UpdateProductStockList). */
  addProduct(sku: string, stock: number, warehousecode?: string, as?: CallOptions['as']): Promise<number>;
  /** stock and availablestock of a sku in a warehouse, read through GetProducts?warehousecode=…. */
  stockOf(sku: string, warehousecode: string): Promise<{ stock: number; availablestock: number }>;
  close(): Promise<void>;
}

const MODULE_TABLES = ['products', 'return_purchase_orders', 'quotations'] as const;

export async function startDocumentsSandbox(options: TestSandboxOptions = {}): Promise<DocumentsSandbox> {
  let clock = START;
  const sandbox = await startTestSandbox({
    seed: 'demo',
    products: 0,
    now: () => clock,
    // Until the core's registry (resources/index.ts) imports these modules, the test brings their
    // handlers; merged over the registry's, this is a no-op once it does.
    handlers: { ...products.handlers, ...documents.handlers },
    ...options,
  });
  ensureModuleTables(sandbox);

  async function call(name: EndpointName, callOptions: CallOptions = {}): Promise<Record<string, unknown>> {
    const answer = await sandbox.call(name, callOptions);
    expect(answer.status, `${name} HTTP status`).toBe(200);
    expect(typeof answer.body, `${name} answers JSON: ${answer.text}`).toBe('object');
    return answer.body as Record<string, unknown>;
  }

  async function ok(name: EndpointName, callOptions: CallOptions = {}): Promise<Record<string, unknown>> {
    const body = await call(name, callOptions);
    const status = verdict(body);
    // Detail reads carry no verdict: the record itself is the answer.
    if (status !== undefined)
      expect(status, `${name} ${JSON.stringify(callOptions)}`).toMatchObject({ code: '200' });
    return body;
  }

  async function refused(
    name: EndpointName,
    callOptions: CallOptions,
    code: string,
    ...fragments: string[]
  ): Promise<string> {
    const body = await call(name, callOptions);
    const status = verdict(body);
    expect(status?.code, `${name} refused: ${JSON.stringify(body)}`).toBe(code);
    for (const fragment of fragments) expect(status?.description).toContain(fragment);
    return status?.description ?? '';
  }

  async function refusedField(name: EndpointName, callOptions: CallOptions, field: string): Promise<string> {
    const text = await refused(name, callOptions, '100');
    expect(text, `${name} names ${field}`).toMatch(new RegExp(`^${escapeRegExp(field)} `));
    return text;
  }

  return {
    sandbox,
    refusedField,
    setNow: (instant) => {
      clock = instant;
    },
    advance: (ms) => {
      clock += ms;
    },
    call,
    ok,
    refused,
    async addProduct(sku, stock, warehousecode = 'W0001', as = undefined) {
      const added = await ok('AddProduct', { body: { name: `Product ${sku}`, sku, unittext: 'ชิ้น' }, as });
      const id = (added['detail'] as { id: number }).id;
      if (stock !== 0) {
        await ok('UpdateProductStockList', {
          query: { warehousecode },
          body: { stocks: [{ sku, stock }] },
          as,
        });
      }
      return id;
    },
    async stockOf(sku, warehousecode) {
      const body = await ok('GetProducts', { query: { warehousecode }, headers: { skulist: sku } });
      const list = body['list'] as { sku: string; stock: string; availablestock: string }[];
      const product = list.find((item) => item.sku === sku);
      expect(product, `product ${sku} listed`).toBeDefined();
      return { stock: Number(product?.stock), availablestock: Number(product?.availablestock) };
    },
    close: () => sandbox.close(),
  };
}

/** One documents sandbox for the tests of a file (started before the first, closed after the last). */
export function documentsSandboxForFile(options: TestSandboxOptions = {}): DocumentsSandbox {
  return standIn(
    forFile(
      () => startDocumentsSandbox(options),
      (sandbox) => sandbox.close(),
    ),
  );
}

/**
 * Until the registry imports the products and documents modules their tables do not exist; create
 * them (CREATE TABLE IF NOT EXISTS, so nothing happens once the registry does).
 */
function ensureModuleTables(sandbox: TestSandbox): void {
  const existing = sandbox.handle.db
    .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
    .all()
    .map((row) => row.name);
  if (MODULE_TABLES.every((table) => existing.includes(table))) return;
  sandbox.handle.db.exec(products.schemaSql);
  sandbox.handle.db.exec(documents.schemaSql);
}

/** A line of a document body. */
export function line(
  sku: string,
  number: number,
  pricepernumber: number,
  totalprice: number,
  discount?: string,
) {
  return {
    sku,
    name: `Line ${sku}`,
    number,
    pricepernumber,
    totalprice,
    ...(discount === undefined ? {} : { discount }),
  };
}

/** The detail.id of a creating write. */
export function createdId(body: Record<string, unknown>): number {
  const detail = body['detail'] as { id?: unknown } | undefined;
  expect(typeof detail?.id).toBe('number');
  return detail?.id as number;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
