// For the demo-data seeder, which creates products through the handlers and then uses these for what
// no v4 endpoint can do: variations, a product's variants, back-dated creation and disabled products.
import type { Database } from 'better-sqlite3';
import { validation } from '../../core/sandbox-error.js';
import {
  insertVariationRow,
  insertVariationVariant,
  setProductVariation,
  variationExists,
} from './catalogue.repository.js';
import { readProductRow, setProductActiveAndCreatedRow } from './product.repository.js';

/** Creates a variation with its variants (in order); returns its id and the variants' ids. */
export function insertVariation(
  db: Database,
  storeId: number,
  v: { sku: string; name: string; variants: Array<{ variantname: string; name: string }> },
): { id: number; variantIds: number[] } {
  const id = insertVariationRow(db, storeId, v.sku, v.name);
  const variantIds = v.variants.map((variant, position) =>
    insertVariationVariant(db, storeId, id, position, variant),
  );
  return { id, variantIds };
}

/** Puts a product in a variation with the given variants (replacing any earlier assignment). */
export function assignVariation(
  db: Database,
  storeId: number,
  productId: number,
  variationId: number,
  variant: Array<{ variantid: number; variantname: string; name: string }>,
): void {
  if (!readProductRow(db, storeId, productId)) throw validation('productId', `${productId} is not a product`);
  if (!variationExists(db, storeId, variationId)) {
    throw validation('variationId', `${variationId} is not a variation`);
  }
  setProductVariation(db, storeId, productId, variationId, variant);
}

/**
 * Sets a product's active flag and back-dates its creation. updated_at moves to createdAt too (the
 * product has not changed since, in the seeded story); a later stock change moves it forward again.
 */
export function setProductActiveAndCreated(
  db: Database,
  storeId: number,
  productId: number,
  p: { active: boolean; createdAt: number },
): void {
  setProductActiveAndCreatedRow(db, storeId, productId, p.active, p.createdAt);
}
