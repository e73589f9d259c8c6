// Checks and normalisation of the product fields AddProduct and UpdateProduct take, so both answer a
// wrong value the same way: code 100 with the field named.
import type { Database } from 'better-sqlite3';
import { invalidId, validation } from '../../core/sandbox-error.js';
import { findBundleBySku } from './bundle-usage.repository.js';
import { MAX_TAG_LENGTH } from '../shared/tags.js';
import { findProductIdBySku, readProductRow, type ProductRow } from './product.repository.js';

/** Prices, dimensions and AddProduct's stock: a non-negative decimal written as text. */
const DECIMAL_TEXT = /^\d+(\.\d+)?$/;

/**
 * A decimal text field (sellprice, weight, stock...): undefined when absent, '0' when empty, the trimmed
 * text as sent otherwise; anything that is not a non-negative decimal is refused naming the field.
 */
export function readDecimalText(field: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (text === '') return '0';
  if (!DECIMAL_TEXT.test(text)) throw validation(field, 'must be a number of at least 0 (e.g. "12.50")');
  return text;
}

/** Tags (each at most MAX_TAG_LENGTH characters, as document tags: docs/sandbox/states.md, rule 4) as stored: trimmed, each once, in the order sent; a blank or over-long tag is refused. */
export function normaliseTags(tags: readonly string[]): string[] {
  const trimmed = tags.map((tag, index) => {
    const text = tag.trim();
    if (text === '') throw validation(`tag[${index}]`, 'must not be blank');
    if ([...text].length > MAX_TAG_LENGTH) {
      throw validation(`tag[${index}]`, `must be at most ${MAX_TAG_LENGTH} characters`);
    }
    return text;
  });
  return [...new Set(trimmed)];
}

/** A sku no product and no bundle of the store uses yet (skus name one thing in documents). */
export function assertSkuFree(db: Database, storeId: number, sku: string): void {
  const productId = findProductIdBySku(db, storeId, sku);
  if (productId !== undefined) throw validation('sku', `is already used by product ${productId} (${sku})`);
  const bundle = findBundleBySku(db, storeId, sku);
  if (bundle) throw validation('sku', `is already used by bundle ${bundle.id} (${sku})`);
}

/** The product named by the query's id, or '100' "Invalid ID." naming it. */
export function requireProduct(db: Database, storeId: number, productId: number | undefined): ProductRow {
  const row = productId === undefined ? undefined : readProductRow(db, storeId, productId);
  if (!row) throw invalidId(productId === undefined ? undefined : `product ${productId} not found`);
  return row;
}

/** activestatus: 1 = active only; absent or 0 = all (the spec's default); other values are refused. */
export function readActiveOnly(activestatus: number | undefined): boolean {
  if (activestatus === undefined || activestatus === 0) return false;
  if (activestatus === 1) return true;
  throw validation('activestatus', 'must be 1 (active only) or 0 (all)');
}
