import { describe, expect, it } from 'vitest';
import { endpointList, endpoints } from '../../../src-shared/api/endpoints/index.js';
import { successSchema } from '../../../src-shared/api/index.js';

describe('the endpoint table', () => {
  it('holds every operation of the spec, once', () => {
    // 11 return purchase orders, 9 quotations, 11 finance, 16 products, 6 bundles, 4 contacts,
    // 4 merchant + 2 warehouses, 9 file attachments.
    expect(endpointList).toHaveLength(72);
    const paths = endpointList.map((row) => row.path.toLowerCase());
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('keys each row by its name, and the name is the last path segment', () => {
    for (const [key, row] of Object.entries(endpoints)) {
      expect(row.name).toBe(key);
      expect(row.path).toMatch(new RegExp(`^/v4/${row.group}/${row.name}$`));
    }
  });

  it('uses GET for reads and POST for writes', () => {
    for (const row of endpointList) {
      const reads = row.response.kind !== 'write';
      expect(row.method, row.name).toBe(reads ? 'GET' : 'POST');
      expect(row.body === null || row.method === 'POST', row.name).toBe(true);
    }
  });

  it('marks exactly the four uniquenumber creates as idempotent', () => {
    const idempotent = endpointList.filter((row) => row.idempotent).map((row) => row.name);
    expect(idempotent.sort()).toEqual(['AddExpense', 'AddIncome', 'AddMoneyTransfer', 'AddQuotation']);
    for (const name of idempotent) {
      expect(Object.keys(endpoints[name as keyof typeof endpoints].query.shape)).toContain('uniquenumber');
    }
  });

  it('marks the four upload operations', () => {
    const uploads = endpointList.filter((row) => row.upload).map((row) => row.name);
    expect(uploads.sort()).toEqual([
      'AddOrderFile',
      'AddPurchaseOrderFile',
      'AddQuotationFile',
      'UpdateProductImage',
    ]);
  });

  it('gives every list operation page and limit', () => {
    for (const row of endpointList.filter((entry) => entry.response.kind === 'list')) {
      expect(Object.keys(row.query.shape), row.name).toEqual(expect.arrayContaining(['page', 'limit']));
    }
  });

  it('parses query text into typed values and names bad ones', () => {
    const parsed = endpoints.GetProducts.query.safeParse({ page: '2', limit: '500', categoryid: '7' });
    expect(parsed.success && parsed.data).toEqual({ page: 2, limit: 500, categoryid: 7 });
    const bad = endpoints.GetProducts.query.safeParse({ page: 'two' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['page']);
    const date = endpoints.GetIncomes.query.safeParse({ incomedateafter: '2026-02-30' });
    expect(date.success).toBe(false);
  });

  it('enforces body rules: required fields, enums, id-or-sku lines, payment method with amount', () => {
    const stock = endpoints.UpdateProductStockList.body.safeParse({ stocks: [{ stock: 3 }] });
    expect(stock.error?.issues[0]?.path).toEqual(['stocks', 0, 'sku']);
    const income = endpoints.AddIncome.body.safeParse({ amount: 100, paymentamount: 100 });
    expect(income.error?.issues[0]?.path).toEqual(['paymentmethod']);
    const vat = endpoints.AddQuotation.body.safeParse({ number: 'Q1', amount: 1, vattype: 4 });
    expect(vat.error?.issues[0]?.path).toEqual(['vattype']);
    const ok = endpoints.AddReturnPurchaseOrder.body.safeParse({
      number: 'R1',
      amount: 107,
      vattype: 3,
      list: [{ sku: 'A', name: 'A', number: 1, pricepernumber: 107, totalprice: 107 }],
      unknownField: 'ignored',
    });
    expect(ok.success).toBe(true);
    expect(ok.data).not.toHaveProperty('unknownField');
  });

  it('reads answers leniently: numbers where the spec says String, nulls, unknown fields kept', () => {
    const schema = successSchema(endpoints.GetProducts);
    const parsed = schema.parse({
      res: { resCode: 200, resDesc: 'Success' },
      list: [{ id: 1, sku: 'A', stock: 12, barcode: null, futureField: 'kept' }],
      count: 1,
    }) as { res: { resCode: string }; list: Array<Record<string, unknown>> };
    expect(parsed.res.resCode).toBe('200');
    expect(parsed.list[0]).toMatchObject({ stock: '12', futureField: 'kept' });
    expect(parsed.list[0]?.['barcode']).toBeUndefined();
    expect(schema.safeParse({ res: { resCode: '200' }, list: 'nope', count: 1 }).success).toBe(false);
  });
});
