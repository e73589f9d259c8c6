// The call signature, checked by the type checker (npx tsc -p tsconfig.node.json): every line marked
// as an expected error below must be one, or tsc fails. The test body only makes Vitest count it.
import { describe, expectTypeOf, it } from 'vitest';
import type { BackofficeClient, CallArgs, CallResult } from '../../src-main/backoffice/index.js';

/** Never called: it exists to be type-checked. */
export async function signatures(client: BackofficeClient): Promise<void> {
  // @ts-expect-error an endpoint that is not in the table
  await client.call('GetProduct');
  // @ts-expect-error GetProductDetail's parent rule is 'id': id is required
  await client.call('GetProductDetail', {});
  // @ts-expect-error ...and the argument object cannot be left out
  await client.call('GetProductDetail');
  // @ts-expect-error id or number (conventions rule 7)
  await client.call('VoidQuotation', {});
  // @ts-expect-error a required query field (datebefore)
  await client.call('GetMovementReturnPurchaseOrders', { query: { dateafter: '2026-01-01' } });
  // @ts-expect-error a required query field (warehousecode)
  await client.call('UpdateProductStockList', { query: {}, body: { stocks: [{ sku: 'P', stock: 1 }] } });
  // @ts-expect-error the body is required on a row that has one
  await client.call('UpdateProductStockList', { query: { warehousecode: 'W0001' } });
  const missingStock = { query: { warehousecode: 'W' }, body: { stocks: [{ sku: 'P' }] } };
  // @ts-expect-error a required body field (stock)
  await client.call('UpdateProductStockList', missingStock);
  // @ts-expect-error a misspelt query field
  await client.call('GetProducts', { query: { warehouseCode: 'W0001' } });
  // @ts-expect-error a query value of the wrong type (limit is an Int)
  await client.call('GetProducts', { query: { limit: '500' } });
  // @ts-expect-error a header list the row does not have
  await client.call('GetProducts', { headers: { contactidlist: [1] } });
  // @ts-expect-error an int header list holds numbers
  await client.call('GetProducts', { headers: { productidlist: ['1'] } });
  // @ts-expect-error an upload needs its file
  await client.call('UpdateProductImage', { id: 1 });
  // @ts-expect-error vattype is 1, 2 or 3
  await client.call('AddQuotation', { body: { number: 'Q1', amount: 1, vattype: 4 } });

  // And what is right compiles.
  await client.call('GetMerchantProfile');
  await client.call('GetProducts', {
    query: { limit: 500 },
    headers: { skulist: ['P-1'], productidlist: [1] },
  });
  await client.call('VoidQuotation', { number: 'QT-1' });
  await client.call('UpdateProductImage', { id: 1, file: { fileName: 'a.png', data: new Uint8Array(1) } });
  await client.call('AddIncome', { query: { uniquenumber: 'INC-1' }, body: { amount: 100 } });
}

describe('call types', () => {
  it('derive arguments and answers from the endpoint table', () => {
    expectTypeOf<CallArgs<'GetProductDetail'>>().toExtend<{ readonly id: number }>();
    expectTypeOf<CallResult<'GetProducts'>['list'][number]['stock']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<CallResult<'GetProducts'>['count']>().toEqualTypeOf<number>();
    expectTypeOf<CallResult<'GetReturnPurchaseOrders'>['totalAmount']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<CallResult<'GetProductDetail'>['id']>().toEqualTypeOf<number>();
    expectTypeOf<CallResult<'AddIncome'>['detail']>().toEqualTypeOf<{ readonly id: number } | undefined>();
    expectTypeOf<
      NonNullable<CallResult<'UpdateProductStockList'>['detail']>['stockupdate']['success']
    >().toEqualTypeOf<number | undefined>();
    expectTypeOf<CallResult<'GetOrderFiles'>[number]['fileName']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<CallResult<'GetOrderFileDetail'>['content']>().toEqualTypeOf<string>();
  });
});
