// The six bundle endpoints. Items are existing products named by id or sku; a bundle's stock follows
// from its items' stock (bundle-view.ts), it has none of its own.
import type { Handlers } from '../../core/handler.js';
import { invalidId, validation } from '../../core/sandbox-error.js';
import { readKeyword, readPaging } from '../../core/list-helpers.js';
import { optionalWarehouse } from '../products/product-read.handlers.js';
import { assertSkuFree, readActiveOnly, readDecimalText } from '../products/product-fields.js';
import { findProductRef } from '../products/stock.repository.js';
import { bundleDetailView, bundleListViews } from './bundle-view.js';
import {
  countBundles,
  deleteBundleRows,
  insertBundle,
  insertBundleItem,
  listBundleRows,
  readBundleRow,
  setBundleActiveRow,
  updateBundleColumns,
  type BundleFilter,
  type BundleRow,
} from './bundle.repository.js';
import type { Database } from 'better-sqlite3';

function requireBundle(db: Database, storeId: number, bundleId: number | undefined): BundleRow {
  const row = bundleId === undefined ? undefined : readBundleRow(db, storeId, bundleId);
  if (!row) throw invalidId(bundleId === undefined ? undefined : `bundle ${bundleId} not found`);
  return row;
}

function requiredText(field: string, value: string): string {
  const text = value.trim();
  if (text === '') throw validation(field, 'is required');
  return text;
}

export const bundleHandlers = {
  GetBundles: ({ db, store, query, headerLists }) => {
    const warehouse = optionalWarehouse(db, store.id, query.warehousecode);
    const filter: BundleFilter = {
      keyword: readKeyword(query.keyword),
      activeOnly: readActiveOnly(query.activestatus),
      ids: headerLists.bundleidlist,
    };
    const { limit, offset } = readPaging(query);
    const rows = listBundleRows(db, store.id, filter, limit, offset);
    return {
      list: bundleListViews(db, store.id, rows, warehouse?.id ?? null),
      count: countBundles(db, store.id, filter),
    };
  },

  GetBundleDetail: ({ db, store, parent, query }) => {
    const warehouse = optionalWarehouse(db, store.id, query.warehousecode);
    const bundle = requireBundle(db, store.id, parent.id);
    return bundleDetailView(db, store.id, bundle, warehouse?.id ?? null);
  },

  AddBundle: ({ db, store, body, now }) => {
    const at = now();
    const name = requiredText('name', body.name);
    const sku = requiredText('sku', body.sku);
    const sellprice = readDecimalText('sellprice', requiredText('sellprice', body.sellprice)) ?? '0';
    assertSkuFree(db, store.id, sku);
    const seen = new Set<number>();
    const items = body.list.map((item, index) => {
      const product = findProductRef(db, store.id, { productId: item.id, sku: item.sku?.trim() });
      const named = item.id !== undefined && item.id !== 0 ? `id ${item.id}` : `sku ${item.sku ?? ''}`;
      if (!product) throw validation(`list[${index}]`, `names no product of this store (${named})`);
      if (seen.has(product.id)) {
        throw validation(
          `list[${index}]`,
          `repeats product ${product.id} (${product.sku}); give it once with its quantity`,
        );
      }
      seen.add(product.id);
      return { productId: product.id, quantity: item.quantity };
    });
    const id = insertBundle(db, {
      storeId: store.id,
      sku,
      name,
      sellprice,
      sell_vat_status: body.sell_vat_status ?? 0,
      createdAt: at,
    });
    items.forEach((item, position) => insertBundleItem(db, store.id, { bundleId: id, position, ...item }));
    return { id };
  },

  UpdateBundle: ({ db, store, parent, body, now }) => {
    const bundle = requireBundle(db, store.id, parent.id);
    const changes = {
      name: body.name === undefined ? undefined : requiredText('name', body.name),
      sellprice: readDecimalText('sellprice', body.sellprice),
      sell_vat_status: body.sell_vat_status,
    };
    if (Object.values(changes).some((value) => value !== undefined)) {
      updateBundleColumns(db, store.id, bundle.id, changes, now());
    }
    return {};
  },

  ActiveBundle: ({ db, store, parent, now }) => {
    const bundle = requireBundle(db, store.id, parent.id);
    const changed = setBundleActiveRow(db, store.id, bundle.id, true, now());
    return changed ? {} : { description: 'Success (nothing changed: the bundle is already active)' };
  },

  DeleteBundle: ({ db, store, parent }) => {
    const bundle = requireBundle(db, store.id, parent.id);
    deleteBundleRows(db, store.id, bundle.id);
    return {};
  },
} satisfies Partial<Handlers>;
