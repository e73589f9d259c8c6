// GetProducts, GetProductDetail, GetVariations and GetCategorys.
import type { Database, Handlers } from '../../core/handler.js';
import { dayRange, readKeyword, readPaging } from '../../core/list-helpers.js';
import { requireWarehouse, type WarehouseRow } from '../merchant/index.js';
import {
  countCategories,
  countVariations,
  listCategories,
  listVariations,
  variationVariantsFor,
} from './catalogue.repository.js';
import { readActiveOnly, requireProduct } from './product-fields.js';
import { countProducts, listProductRows, type ProductFilter } from './product-query.repository.js';
import { productViews } from './product-view.js';

/** The warehouse a read is narrowed to; an empty code is no narrowing, an unknown one "Access Denied.". */
export function optionalWarehouse(
  db: Database,
  storeId: number,
  code: string | undefined,
): WarehouseRow | undefined {
  const text = code?.trim() ?? '';
  return text === '' ? undefined : requireWarehouse(db, storeId, text);
}

export const productReadHandlers = {
  GetProducts: ({ db, store, query, headerLists }) => {
    const warehouse = optionalWarehouse(db, store.id, query.warehousecode);
    const searchsku = query.searchsku?.trim() ?? '';
    const filter: ProductFilter = {
      keyword: readKeyword(query.keyword),
      searchsku: searchsku === '' ? undefined : searchsku,
      variationId: query.variationid,
      categoryId: query.categoryid,
      activeOnly: readActiveOnly(query.activestatus),
      created: dayRange(query.createdafter, query.createdbefore),
      updated: dayRange(query.updatedafter, query.updatedbefore),
      skus: headerLists.skulist,
      ids: headerLists.productidlist,
    };
    const { limit, offset } = readPaging(query);
    const count = countProducts(db, store.id, filter);
    const rows = listProductRows(db, store.id, filter, { limit, offset, matching: count });
    return { list: productViews(db, store.id, rows, warehouse?.id ?? null), count };
  },

  GetProductDetail: ({ db, store, parent, query }) => {
    const warehouse = optionalWarehouse(db, store.id, query.warehousecode);
    const product = requireProduct(db, store.id, parent.id);
    const [view] = productViews(db, store.id, [product], warehouse?.id ?? null);
    if (!view) throw new Error(`product ${product.id} has no view`);
    return view;
  },

  GetVariations: ({ db, store, query }) => {
    const { limit, offset } = readPaging(query);
    const rows = listVariations(db, store.id, limit, offset);
    const variants = variationVariantsFor(
      db,
      store.id,
      rows.map((row) => row.id),
    );
    return {
      list: rows.map((row) => ({ ...row, variants: variants.get(row.id) ?? [] })),
      count: countVariations(db, store.id),
    };
  },

  GetCategorys: ({ db, store, query }) => {
    const { limit, offset } = readPaging(query);
    return { list: listCategories(db, store.id, limit, offset), count: countCategories(db, store.id) };
  },
} satisfies Partial<Handlers>;
