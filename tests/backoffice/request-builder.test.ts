import { FormData } from 'undici';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src-shared/api/endpoints/index.js';
import {
  buildRequest,
  resolveBaseUrl,
  type BuiltRequest,
  type RawCallArgs,
} from '../../src-main/backoffice/request-builder.js';

const base = resolveBaseUrl('http://127.0.0.1:8080');

function build(name: keyof typeof endpoints, args: RawCallArgs, validate = true): BuiltRequest {
  const result = buildRequest(endpoints[name], base, args, validate);
  if (!result.ok) throw new Error(result.text);
  return result.request;
}

function rejection(name: keyof typeof endpoints, args: RawCallArgs): string {
  const result = buildRequest(endpoints[name], base, args, true);
  if (result.ok) throw new Error('expected a local rejection');
  return result.text;
}

describe('the base address', () => {
  it.each([
    ['https://host:1', 'https://host:1/'],
    ['http://127.0.0.1:1/', 'http://127.0.0.1:1/'],
    ['http://localhost:1/v4', 'http://localhost:1/'],
    ['http://[::1]:1/v4/', 'http://[::1]:1/'],
    ['https://host/V4/', 'https://host/'],
    ['https://host/api/v4', 'https://host/api'],
  ])('%s → %s', (given, expected) => {
    expect(resolveBaseUrl(given).href).toBe(expected);
  });

  it('keeps a path prefix and puts the table path after it', () => {
    const request = buildRequest(endpoints.GetWarehouses, resolveBaseUrl('https://host/api/v4/'), {}, true);
    expect(request.ok && request.request.path).toBe('/api/v4/Warehouse/GetWarehouses');
  });

  it('refuses other schemes and a user or password in the address', () => {
    expect(() => resolveBaseUrl('ftp://host')).toThrow(/http or https/);
    expect(() => resolveBaseUrl('https://user:pw@host')).toThrow(/user name or password/);
  });

  it.each(['http://host:1', 'http://192.168.1.20:8080', 'http://127.0.0.2', 'http://[::ffff:127.0.0.1]'])(
    'refuses plain http to %s, which is not this PC: the key and secret would travel in clear text',
    (address) => {
      expect(() => resolveBaseUrl(address)).toThrow(/only for this PC itself/);
    },
  );
});

describe('the query', () => {
  it('serialises typed values as text, parent first, skipping absent values', () => {
    const request = build('GetProductDetail', { id: 42, query: { warehousecode: 'W 01' } });
    expect(request.path).toBe('/v4/Product/GetProductDetail?id=42&warehousecode=W%2001');
    expect(request.method).toBe('GET');
    expect(request.body).toBeUndefined();

    const list = build('GetReturnPurchaseOrders', {
      query: { limit: 500, page: 2, fromamount: 10.5, keyword: 'ก&=?', createusername: undefined },
    });
    const search = new URLSearchParams(list.path.split('?')[1]);
    expect(Object.fromEntries(search)).toEqual({
      limit: '500',
      page: '2',
      fromamount: '10.5',
      keyword: 'ก&=?',
    });
  });

  it('sends id and number of an id-or-number parent', () => {
    expect(build('VoidQuotation', { number: 'QT-1' }).path).toBe('/v4/Quotation/VoidQuotation?number=QT-1');
    expect(build('ApproveQuotation', { id: 3, query: { approvedate: '2026-01-31' } }).path).toBe(
      '/v4/Quotation/ApproveQuotation?id=3&approvedate=2026-01-31',
    );
  });

  it('refuses locally what the server would refuse, naming the field', () => {
    expect(rejection('GetProductDetail', {})).toBe('Invalid ID. (id is required)');
    expect(rejection('VoidQuotation', { id: 0 })).toMatch(/^Invalid ID\./);
    expect(rejection('GetMovementReturnPurchaseOrders', { query: { dateafter: '2026-01-01' } })).toMatch(
      /^datebefore /,
    );
    expect(rejection('GetIncomes', { query: { incomedateafter: '2026-02-30' } })).toMatch(
      /^incomedateafter .*real calendar date/,
    );
    expect(rejection('GetProducts', { query: { limit: Number.NaN } })).toBe('limit must be a finite number');
  });

  it('sends unchecked requests when validation is off (to test the server)', () => {
    expect(build('GetProductDetail', {}, false).path).toBe('/v4/Product/GetProductDetail');
  });
});

describe('header lists', () => {
  it('are comma-joined', () => {
    const request = build('GetProducts', { headers: { productidlist: [1, 2, 3], skulist: ['A-1', 'B 2'] } });
    expect(request.headers).toMatchObject({ productidlist: '1,2,3', skulist: 'A-1,B 2' });
  });

  it('refuse entries a header cannot carry, and empty lists (which would mean "no filter")', () => {
    expect(rejection('GetProducts', { headers: { skulist: ['A,B'] } })).toMatch(/cannot be sent in a header/);
    expect(rejection('GetProducts', { headers: { skulist: ['สินค้า'] } })).toMatch(/cannot be sent/);
    expect(rejection('GetProducts', { headers: { productidlist: [] } })).toMatch(/at least one entry/);
    expect(rejection('GetProducts', { headers: { productidlist: [1.5] } })).toMatch(/whole numbers/);
    expect(rejection('GetProducts', { headers: { contactidlist: [1] } })).toMatch(/not a list header/);
  });
});

describe('bodies', () => {
  it('are JSON as given, with ids in the query', () => {
    const body = { stocks: [{ sku: 'P0001', stock: 10, cost: 100 }] };
    const request = build('UpdateProductStockList', { query: { warehousecode: 'W0001' }, body });
    expect(request.path).toBe('/v4/Product/UpdateProductStockList?warehousecode=W0001');
    expect(request.method).toBe('POST');
    expect(request.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(String(request.body))).toEqual(body);
  });

  it('are checked against the row, naming the first bad path', () => {
    expect(
      rejection('UpdateProductStockList', {
        query: { warehousecode: 'W1' },
        body: { stocks: [{ stock: 1 }] },
      }),
    ).toBe('stocks[0].sku is required when productid is 0 or absent');
    expect(rejection('AddIncome', { body: undefined })).toMatch(/^body /);
    const cyclic: Record<string, unknown> = { code: 'W1', name: 'W' };
    cyclic['self'] = cyclic;
    expect(rejection('AddWarehouse', { body: cyclic })).toMatch(/^body cannot be sent as JSON/);
  });

  it('are multipart with one part named file for uploads', async () => {
    const request = build('AddQuotationFile', {
      number: 'QT-9',
      file: { fileName: 'scan.pdf', data: new Uint8Array([37, 80, 68, 70]), type: 'application/pdf' },
    });
    expect(request.path).toBe('/v4/Quotation/AddQuotationFile?number=QT-9');
    expect(request.body).toBeInstanceOf(FormData);
    const form = request.body as FormData;
    expect([...form.keys()]).toEqual(['file']);
    const part = form.get('file') as File;
    expect(part.name).toBe('scan.pdf');
    expect(part.type).toBe('application/pdf');
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(new Uint8Array([37, 80, 68, 70]));
    expect(rejection('AddQuotationFile', { number: 'QT-9' })).toBe('file is required');
  });
});
