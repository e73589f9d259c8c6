// AddProduct, UpdateProduct, ActiveProduct, DisableProduct and DeleteProduct.
// Every value is checked before anything is written, so a refused request changes nothing even when a
// handler runs outside the core's transaction (the seeder, unit use).
import type { Database } from 'better-sqlite3';
import type { Handlers } from '../../core/handler.js';
import { validation } from '../../core/sandbox-error.js';
import { findBundleHoldingProduct } from './bundle-usage.repository.js';
import type { PropertyInput } from '../shared/property-input.js';
import { assertSkuFree, normaliseTags, readDecimalText, requireProduct } from './product-fields.js';
import {
  deleteProductRows,
  findOrCreateCategory,
  findOrCreatePropertyName,
  findPropertyName,
  insertProduct,
  setProductActive,
  setProductProperty,
  updateProductColumns,
  type ProductColumns,
} from './product.repository.js';
import { applyStockFigures, firstWarehouse, stockByWarehouse } from './stock.repository.js';

/** A property by id (which must exist) or by name (created when new; done after all checks). */
type ResolvedProperty =
  { readonly id: number; readonly value: string } | { readonly name: string; readonly value: string };

function resolveProperties(
  db: Database,
  storeId: number,
  items: readonly PropertyInput[],
): ResolvedProperty[] {
  return items.map((item, index) => {
    const value = item.value ?? '';
    if (item.id !== undefined && item.id !== 0) {
      if (findPropertyName(db, storeId, item.id) === undefined) {
        throw validation(`properties[${index}].id`, `${item.id} is not a property of this store`);
      }
      return { id: item.id, value };
    }
    const name = item.name?.trim() ?? '';
    if (name === '') throw validation(`properties[${index}].name`, 'is required when id is 0 or absent');
    return { name, value };
  });
}

function requiredText(field: string, value: string): string {
  const text = value.trim();
  if (text === '') throw validation(field, 'is required');
  return text;
}

export const productWriteHandlers = {
  AddProduct: ({ db, store, body, now }) => {
    const at = now();
    const name = requiredText('name', body.name);
    const sku = requiredText('sku', body.sku);
    assertSkuFree(db, store.id, sku);
    const columns = {
      sellprice: readDecimalText('sellprice', body.sellprice) ?? '0',
      purchaseprice: readDecimalText('purchaseprice', body.purchaseprice) ?? '0',
      weight: readDecimalText('weight', body.weight) ?? '0',
      width: readDecimalText('width', body.width) ?? '0',
      length: readDecimalText('length', body.length) ?? '0',
      height: readDecimalText('height', body.height) ?? '0',
    };
    const stock = Number(readDecimalText('stock', body.stock) ?? '0');
    const properties = resolveProperties(db, store.id, body.properties ?? []);
    const warehouse = stock > 0 ? firstWarehouse(db, store.id) : undefined;
    if (stock > 0 && !warehouse) throw validation('stock', 'needs a warehouse; the store has none');

    const category = body.category?.trim() ?? '';
    const id = insertProduct(db, {
      storeId: store.id,
      sku,
      name,
      description: body.description ?? '',
      ...columns,
      sell_vat_status: body.sell_vat_status ?? 0,
      purchase_vat_status: body.purchase_vat_status ?? 0,
      barcode: body.barcode?.trim() ?? '',
      unittext: body.unittext?.trim() ?? '',
      category_id: category === '' ? null : findOrCreateCategory(db, store.id, category, at),
      producttype: body.producttype ?? 0,
      tags_json: JSON.stringify(normaliseTags(body.tag ?? [])),
      createdAt: at,
    });
    for (const property of properties) {
      const propertyId =
        'id' in property ? property.id : findOrCreatePropertyName(db, store.id, property.name);
      setProductProperty(db, store.id, id, propertyId, property.value);
    }
    if (warehouse) {
      applyStockFigures(db, store.id, {
        productId: id,
        warehouse,
        stock,
        availablestock: stock,
        reason: 'AddProduct',
        at,
        before: { stock: 0, availablestock: 0 },
      });
    }
    return { id };
  },

  UpdateProduct: ({ db, store, parent, body, now }) => {
    const at = now();
    const product = requireProduct(db, store.id, parent.id);
    const changes: { -readonly [K in keyof ProductColumns]?: ProductColumns[K] } = {
      sellprice: readDecimalText('sellprice', body.sellprice),
      purchaseprice: readDecimalText('purchaseprice', body.purchaseprice),
      weight: readDecimalText('weight', body.weight),
      width: readDecimalText('width', body.width),
      length: readDecimalText('length', body.length),
      height: readDecimalText('height', body.height),
      description: body.description,
      barcode: body.barcode?.trim(),
      unittext: body.unittext?.trim(),
      sell_vat_status: body.sell_vat_status,
      purchase_vat_status: body.purchase_vat_status,
    };
    if (body.name !== undefined) changes.name = requiredText('name', body.name);
    if (body.tag !== undefined) changes.tags_json = JSON.stringify(normaliseTags(body.tag));
    if (body.category !== undefined) {
      const category = body.category.trim();
      // An empty category takes the product out of its category; the column is NULL then.
      changes.category_id = category === '' ? null : findOrCreateCategory(db, store.id, category, at);
    }
    const given = Object.values(changes).some((value) => value !== undefined);
    if (given) updateProductColumns(db, store.id, product.id, changes, at);
    return {};
  },

  ActiveProduct: ({ db, store, parent, now }) => {
    const product = requireProduct(db, store.id, parent.id);
    const changed = setProductActive(db, store.id, product.id, true, now());
    return changed ? {} : { description: 'Success (nothing changed: the product is already active)' };
  },

  DisableProduct: ({ db, store, parent, now }) => {
    const product = requireProduct(db, store.id, parent.id);
    const changed = setProductActive(db, store.id, product.id, false, now());
    return changed ? {} : { description: 'Success (nothing changed: the product is already disabled)' };
  },

  DeleteProduct: ({ db, store, parent, now }) => {
    const at = now();
    const product = requireProduct(db, store.id, parent.id);
    const bundle = findBundleHoldingProduct(db, store.id, product.id);
    if (bundle) {
      throw validation(
        'id',
        `${product.id} (${product.sku}) is an item of bundle ${bundle.id} (${bundle.sku}); delete the bundle first`,
      );
    }
    // The stock leaves through the movement log, so the log still adds up to every warehouse's figure.
    for (const figures of stockByWarehouse(db, store.id, product.id)) {
      if (figures.stock === 0 && figures.availablestock === 0) continue;
      applyStockFigures(db, store.id, {
        productId: product.id,
        warehouse: { id: figures.warehouseId, code: figures.warehouseCode },
        stock: 0,
        availablestock: 0,
        reason: 'DeleteProduct',
        at,
        before: figures,
      });
    }
    deleteProductRows(db, store.id, product.id);
    return {};
  },
} satisfies Partial<Handlers>;
