// Handlers of the merchant reference data and warehouse endpoints.
import type { Database, Handlers, ListResult, StoreContext } from '../../core/handler.js';
import { accessDenied, validation } from '../../core/handler.js';
import { readPaging, type PagingQuery } from '../../core/list-helpers.js';
import {
  countReferences,
  countWarehouses,
  findWarehouseByCode,
  insertWarehouse,
  listReferences,
  listWarehouses,
  readMerchantProfile,
  type ReferenceKind,
  type ReferenceRow,
  type WarehouseRow,
} from './merchant.repository.js';

function referenceList(
  { db, store, query }: StoreContext & { query: PagingQuery },
  kind: ReferenceKind,
): ListResult<ReferenceRow> {
  const { limit, offset } = readPaging(query);
  return {
    list: listReferences(db, store.id, kind, limit, offset),
    count: countReferences(db, store.id, kind),
  };
}

/**
 * The warehouse with this code, or '100' "Access Denied." as production answers an unknown code.
 * Every handler that takes a warehousecode uses it.
 */
export function requireWarehouse(db: Database, storeId: number, code: string): WarehouseRow {
  const warehouse = findWarehouseByCode(db, storeId, code);
  if (!warehouse) throw accessDenied();
  return warehouse;
}

export const merchantHandlers = {
  GetSalesChannels: (context) => referenceList(context, 'saleschannel'),
  GetPaymentMethods: (context) => referenceList(context, 'paymentmethod'),
  GetShippingChannels: (context) => referenceList(context, 'shippingchannel'),

  GetMerchantProfile: ({ db, store }) => {
    const profile = readMerchantProfile(db, store.id);
    if (!profile) throw accessDenied();
    return { id: store.id, ...profile };
  },

  GetWarehouses: ({ db, store, query }) => {
    const { limit, offset } = readPaging(query);
    return { list: listWarehouses(db, store.id, limit, offset), count: countWarehouses(db, store.id) };
  },

  AddWarehouse: ({ db, store, body, now }) => {
    const code = body.code.trim();
    const name = body.name.trim();
    if (code === '') throw validation('code', 'is required');
    if (name === '') throw validation('name', 'is required');
    if (findWarehouseByCode(db, store.id, code)) {
      throw validation('code', `is already used by another warehouse (${code})`);
    }
    const id = insertWarehouse(db, store.id, { code, name, address: body.address ?? '', createdAt: now() });
    return { id };
  },
} satisfies Partial<Handlers>;
