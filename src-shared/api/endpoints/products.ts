// Products, stock per warehouse, serial numbers, variations and categories (spec: "Products").
import { z } from 'zod';
import { endpoint, intEnum, paging, requireIdOrKey } from '../define.js';
import { Category, Product, SerialNoData, StockUpdateDetail, Variation } from '../records.js';
import { body, query } from '../wire.js';

const idQuery = z.object({});

const propertyItem = z
  .object({ id: body.int().optional(), name: body.string().optional(), value: body.string().optional() })
  .superRefine(requireIdOrKey('id', 'name'));

/** Product fields UpdateProduct may change; AddProduct takes them too. */
const productEditableFields = {
  description: body.string().optional(),
  sellprice: body.string().optional(),
  purchaseprice: body.string().optional(),
  barcode: body.string().optional(),
  unittext: body.string().optional(),
  weight: body.string().optional(),
  width: body.string().optional(),
  length: body.string().optional(),
  height: body.string().optional(),
  category: body.string().optional(),
  sell_vat_status: intEnum([0, 1, 2, 3] as const).optional(),
  purchase_vat_status: intEnum([0, 1, 2] as const).optional(),
  tag: body.stringArray().optional(),
};

const stockLine = z
  .object({
    productid: body.int().optional(),
    sku: body.string().optional(),
    stock: body.double(),
    cost: body.double().optional(),
  })
  .superRefine(requireIdOrKey('productid', 'sku'));

const stockListBody = z.object({
  stocks: z.array(stockLine).min(1, { error: 'must hold at least one line' }),
});
const stockListQuery = z.object({ warehousecode: query.string().min(1, { error: 'is required' }) });

function stockListEndpoint<const N extends string>(name: N, summary: string) {
  return endpoint({
    name,
    method: 'POST',
    path: `/v4/Product/${name}`,
    summary,
    query: stockListQuery,
    body: stockListBody,
    response: { kind: 'write', created: false, payload: { key: 'detail', schema: StockUpdateDetail } },
  });
}

function productActionEndpoint<const N extends string>(name: N, summary: string) {
  return endpoint({
    name,
    method: 'POST',
    path: `/v4/Product/${name}`,
    summary,
    parent: 'id',
    query: idQuery,
    response: { kind: 'write', created: false },
  });
}

export const productEndpoints = {
  GetProducts: endpoint({
    name: 'GetProducts',
    method: 'GET',
    path: '/v4/Product/GetProducts',
    summary: "List products, newest first; with warehousecode, stock figures are that warehouse's.",
    query: z.object({
      warehousecode: query.string().optional(),
      createdafter: query.date().optional(),
      createdbefore: query.date().optional(),
      updatedafter: query.date().optional(),
      updatedbefore: query.date().optional(),
      keyword: query.string().optional(),
      searchsku: query.string().optional(),
      variationid: query.int().optional(),
      categoryid: query.int().optional(),
      activestatus: query.int().optional(),
      ...paging,
    }),
    headerLists: { skulist: 'string', productidlist: 'int' },
    response: { kind: 'list', item: Product, totals: [] },
  }),
  GetProductDetail: endpoint({
    name: 'GetProductDetail',
    method: 'GET',
    path: '/v4/Product/GetProductDetail',
    summary: 'Read one product; with warehousecode, stock figures are that warehouse’s.',
    parent: 'id',
    query: z.object({ warehousecode: query.string().optional() }),
    response: { kind: 'detail', record: Product },
  }),
  GetVariations: endpoint({
    name: 'GetVariations',
    method: 'GET',
    path: '/v4/Product/GetVariations',
    summary: 'List product variations.',
    query: z.object({ ...paging }),
    response: { kind: 'list', item: Variation, totals: [] },
  }),
  GetCategorys: endpoint({
    name: 'GetCategorys',
    method: 'GET',
    path: '/v4/Product/GetCategorys',
    summary: 'List product categories (the path is spelled so in the interface).',
    query: z.object({ ...paging }),
    response: { kind: 'list', item: Category, totals: [] },
  }),
  AddProduct: endpoint({
    name: 'AddProduct',
    method: 'POST',
    path: '/v4/Product/AddProduct',
    summary: 'Create a product; stock, when given, is placed in the first warehouse.',
    body: z.object({
      name: body.string().min(1, { error: 'is required' }),
      sku: body.string().min(1, { error: 'is required' }),
      ...productEditableFields,
      stock: body.string().optional(),
      producttype: intEnum([0, 1] as const).optional(),
      properties: z.array(propertyItem).optional(),
    }),
    response: { kind: 'write', created: true },
  }),
  UpdateProduct: endpoint({
    name: 'UpdateProduct',
    method: 'POST',
    path: '/v4/Product/UpdateProduct',
    summary: "Change a product's fields; fields left out keep their value.",
    parent: 'id',
    body: z.object({
      name: body.string().min(1, { error: 'must not be empty' }).optional(),
      ...productEditableFields,
    }),
    response: { kind: 'write', created: false },
  }),
  UpdateProductImage: endpoint({
    name: 'UpdateProductImage',
    method: 'POST',
    path: '/v4/Product/UpdateProductImage',
    summary: "Replace a product's image (multipart part named file).",
    parent: 'id',
    upload: true,
    response: { kind: 'write', created: false },
  }),
  UpdateProductStockList: stockListEndpoint(
    'UpdateProductStockList',
    'Set the stock of listed products in one warehouse (absolute).',
  ),
  IncreaseProductStockList: stockListEndpoint(
    'IncreaseProductStockList',
    'Increase the stock of listed products in one warehouse.',
  ),
  DecreaseProductStockList: stockListEndpoint(
    'DecreaseProductStockList',
    'Decrease the stock of listed products in one warehouse.',
  ),
  UpdateProductAvailableStockList: stockListEndpoint(
    'UpdateProductAvailableStockList',
    'Set the available (sellable) stock of listed products in one warehouse (absolute).',
  ),
  ActiveProduct: productActionEndpoint('ActiveProduct', 'Activate a product.'),
  DisableProduct: productActionEndpoint('DisableProduct', 'Disable a product.'),
  DeleteProduct: productActionEndpoint('DeleteProduct', 'Delete a product.'),
  AddSerialNo: endpoint({
    name: 'AddSerialNo',
    method: 'POST',
    path: '/v4/Product/AddSerialNo',
    summary: 'Attach serial numbers to a product, per warehouse.',
    parent: 'id',
    body: z.object({
      serialsNo: z
        .array(
          z.object({
            name: body.string().min(1, { error: 'is required' }),
            warehouseCode: body.string().min(1, { error: 'is required' }),
          }),
        )
        .min(1, { error: 'must hold at least one serial number' }),
    }),
    response: { kind: 'write', created: false, payload: { key: 'data', schema: SerialNoData } },
  }),
  DeleteSerialNo: endpoint({
    name: 'DeleteSerialNo',
    method: 'POST',
    path: '/v4/Product/DeleteSerialNo',
    summary: 'Remove serial numbers from a product.',
    parent: 'id',
    body: z.object({
      serialsNo: body.stringArray().min(1, { error: 'must hold at least one serial number' }),
    }),
    response: { kind: 'write', created: false },
  }),
};
