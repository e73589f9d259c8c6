// Product images: the bytes live in SQLite; records point at them by the URL path
// /images/<storeId>/<imageId>, which the core serves with readProductImage.
import type { Database } from 'better-sqlite3';
import { cachedStatement } from './statement-cache.js';

export interface StoredImage {
  readonly mimeType: string;
  readonly data: Buffer;
}

interface ImageRow {
  readonly mime_type: string;
  readonly data: Buffer;
}

/** The URL path of an image, as imagepath and imageList carry it. */
export function productImagePath(storeId: number, imageId: number): string {
  return `/images/${storeId}/${imageId}`;
}

/** Stores an image of a product and makes it the product's imagepath; returns the image id. */
export function insertProductImage(
  db: Database,
  storeId: number,
  image: { productId: number; mimeType: string; data: Buffer; at: number },
): number {
  const result = cachedStatement<[number, number, string, Buffer, number]>(
    db,
    'INSERT INTO product_images (store_id, product_id, mime_type, data, created_at) VALUES (?, ?, ?, ?, ?)',
  ).run(storeId, image.productId, image.mimeType, image.data, image.at);
  const imageId = Number(result.lastInsertRowid);
  cachedStatement<[string, number, number, number]>(
    db,
    'UPDATE products SET imagepath = ?, updated_at = ? WHERE store_id = ? AND id = ?',
  ).run(productImagePath(storeId, imageId), image.at, storeId, image.productId);
  return imageId;
}

/**
 * An image's type and bytes for the core's /images/<storeId>/<imageId> route; undefined when there is no
 * such image (or, when storeId is given, when it belongs to another store).
 */
export function readProductImage(db: Database, imageId: number, storeId?: number): StoredImage | undefined {
  const row = cachedStatement<[{ imageId: number; storeId: number | null }], ImageRow>(
    db,
    'SELECT mime_type, data FROM product_images WHERE id = @imageId AND (@storeId IS NULL OR store_id = @storeId)',
  ).get({ imageId, storeId: storeId ?? null });
  return row ? { mimeType: row.mime_type, data: row.data } : undefined;
}
