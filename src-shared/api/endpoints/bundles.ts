// Bundles of products (spec: "Bundles").
import { z } from 'zod';
import { endpoint, intEnum, paging, requireIdOrKey } from '../define.js';
import { Bundle, BundleDetail } from '../records.js';
import { body, query } from '../wire.js';

export const bundleEndpoints = {
  GetBundles: endpoint({
    name: 'GetBundles',
    method: 'GET',
    path: '/v4/Bundle/GetBundles',
    summary: 'List bundles, newest first; stock is how many whole bundles the items allow.',
    query: z.object({
      warehousecode: query.string().optional(),
      keyword: query.string().optional(),
      activestatus: query.int().optional(),
      ...paging,
    }),
    headerLists: { bundleidlist: 'int' },
    response: { kind: 'list', item: Bundle, totals: [] },
  }),
  GetBundleDetail: endpoint({
    name: 'GetBundleDetail',
    method: 'GET',
    path: '/v4/Bundle/GetBundleDetail',
    summary: 'Read one bundle with its items.',
    parent: 'id',
    query: z.object({ warehousecode: query.string().optional() }),
    response: { kind: 'detail', record: BundleDetail },
  }),
  AddBundle: endpoint({
    name: 'AddBundle',
    method: 'POST',
    path: '/v4/Bundle/AddBundle',
    summary: 'Create a bundle of existing products.',
    body: z.object({
      name: body.string().min(1, { error: 'is required' }),
      sku: body.string().min(1, { error: 'is required' }),
      sellprice: body.string().min(1, { error: 'is required' }),
      list: z
        .array(
          z
            .object({
              id: body.int().optional(),
              sku: body.string().optional(),
              quantity: body.double().positive({ error: 'must be greater than 0' }),
            })
            .superRefine(requireIdOrKey('id', 'sku')),
        )
        .min(1, { error: 'must hold at least one product' }),
      sell_vat_status: intEnum([0, 1, 2, 3, 4] as const).optional(),
    }),
    response: { kind: 'write', created: true },
  }),
  UpdateBundle: endpoint({
    name: 'UpdateBundle',
    method: 'POST',
    path: '/v4/Bundle/UpdateBundle',
    summary: "Change a bundle's name, price or vat status.",
    parent: 'id',
    body: z.object({
      name: body.string().min(1, { error: 'must not be empty' }).optional(),
      sellprice: body.string().optional(),
      sell_vat_status: intEnum([0, 1, 2, 3, 4] as const).optional(),
    }),
    response: { kind: 'write', created: false },
  }),
  ActiveBundle: endpoint({
    name: 'ActiveBundle',
    method: 'POST',
    path: '/v4/Bundle/ActiveBundle',
    summary: 'Activate a bundle.',
    parent: 'id',
    response: { kind: 'write', created: false },
  }),
  DeleteBundle: endpoint({
    name: 'DeleteBundle',
    method: 'POST',
    path: '/v4/Bundle/DeleteBundle',
    summary: 'Delete a bundle.',
    parent: 'id',
    response: { kind: 'write', created: false },
  }),
};
