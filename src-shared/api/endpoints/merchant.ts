// Merchant reference data and warehouses (spec: "Merchant, warehouses").
import { z } from 'zod';
import { endpoint, paging } from '../define.js';
import { MerchantProfile, NamedReference, Warehouse } from '../records.js';
import { body } from '../wire.js';

export const merchantEndpoints = {
  GetSalesChannels: endpoint({
    name: 'GetSalesChannels',
    method: 'GET',
    path: '/v4/Merchant/GetSalesChannels',
    summary: 'List the sales channels.',
    query: z.object({ ...paging }),
    response: { kind: 'list', item: NamedReference, totals: [] },
  }),
  GetPaymentMethods: endpoint({
    name: 'GetPaymentMethods',
    method: 'GET',
    path: '/v4/Merchant/GetPaymentMethods',
    summary: 'List the payment methods.',
    query: z.object({ ...paging }),
    response: { kind: 'list', item: NamedReference, totals: [] },
  }),
  GetShippingChannels: endpoint({
    name: 'GetShippingChannels',
    method: 'GET',
    path: '/v4/Merchant/GetShippingChannels',
    summary: 'List the shipping channels.',
    query: z.object({ ...paging }),
    response: { kind: 'list', item: NamedReference, totals: [] },
  }),
  GetMerchantProfile: endpoint({
    name: 'GetMerchantProfile',
    method: 'GET',
    path: '/v4/Merchant/GetMerchantProfile',
    summary: "Read the store's merchant profile.",
    response: { kind: 'detail', record: MerchantProfile },
  }),
  GetWarehouses: endpoint({
    name: 'GetWarehouses',
    method: 'GET',
    path: '/v4/Warehouse/GetWarehouses',
    summary: 'List the warehouses.',
    query: z.object({ ...paging }),
    response: { kind: 'list', item: Warehouse, totals: [] },
  }),
  AddWarehouse: endpoint({
    name: 'AddWarehouse',
    method: 'POST',
    path: '/v4/Warehouse/AddWarehouse',
    summary: 'Add a warehouse.',
    body: z.object({
      code: body.string().min(1),
      name: body.string().min(1),
      address: body.string().optional(),
    }),
    response: { kind: 'write', created: true },
  }),
};
