// The product tables: products, their stock per warehouse and its movement log, categories,
// variations, custom properties, serial numbers and images. Every table is keyed by store_id.
import { bundleSchemaSql } from './bundle-schema.repository.js';

const productTablesSql = `
CREATE TABLE IF NOT EXISTS product_categories (
  id INTEGER PRIMARY KEY,
  store_id INTEGER NOT NULL,
  name TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  UNIQUE (store_id, name)
);
CREATE TABLE IF NOT EXISTS product_variations (
  id INTEGER PRIMARY KEY,
  store_id INTEGER NOT NULL,
  sku TEXT NOT NULL,
  name TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS product_variations_by_store ON product_variations (store_id, id);
CREATE TABLE IF NOT EXISTS product_variation_variants (
  id INTEGER PRIMARY KEY,
  store_id INTEGER NOT NULL,
  variation_id INTEGER NOT NULL,
  position INTEGER NOT NULL,
  variantname TEXT NOT NULL,
  name TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS product_variation_variants_by_variation
  ON product_variation_variants (store_id, variation_id, position);
CREATE TABLE IF NOT EXISTS products (
  id INTEGER PRIMARY KEY,
  store_id INTEGER NOT NULL,
  sku TEXT NOT NULL,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  sellprice TEXT NOT NULL DEFAULT '0',
  purchaseprice TEXT NOT NULL DEFAULT '0',
  sell_vat_status INTEGER NOT NULL DEFAULT 0,
  purchase_vat_status INTEGER NOT NULL DEFAULT 0,
  barcode TEXT NOT NULL DEFAULT '',
  unittext TEXT NOT NULL DEFAULT '',
  weight TEXT NOT NULL DEFAULT '0',
  width TEXT NOT NULL DEFAULT '0',
  length TEXT NOT NULL DEFAULT '0',
  height TEXT NOT NULL DEFAULT '0',
  category_id INTEGER,
  producttype INTEGER NOT NULL DEFAULT 0,
  variation_id INTEGER,
  tags_json TEXT NOT NULL DEFAULT '[]',
  active INTEGER NOT NULL DEFAULT 1,
  imagepath TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  UNIQUE (store_id, sku)
);
-- Newest first, carrying the columns of the common filters so a page walks the index alone.
CREATE INDEX IF NOT EXISTS products_newest_first
  ON products (store_id, created_at DESC, id DESC, active, updated_at, category_id, variation_id);
CREATE INDEX IF NOT EXISTS products_by_updated ON products (store_id, updated_at);
CREATE INDEX IF NOT EXISTS products_by_category ON products (store_id, category_id);
CREATE INDEX IF NOT EXISTS products_by_variation ON products (store_id, variation_id);
CREATE TABLE IF NOT EXISTS product_variants (
  store_id INTEGER NOT NULL,
  product_id INTEGER NOT NULL,
  position INTEGER NOT NULL,
  variantid INTEGER NOT NULL,
  variantname TEXT NOT NULL,
  name TEXT NOT NULL,
  PRIMARY KEY (store_id, product_id, position)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS product_property_names (
  id INTEGER PRIMARY KEY,
  store_id INTEGER NOT NULL,
  name TEXT NOT NULL,
  UNIQUE (store_id, name)
);
CREATE TABLE IF NOT EXISTS product_properties (
  store_id INTEGER NOT NULL,
  product_id INTEGER NOT NULL,
  property_id INTEGER NOT NULL,
  value TEXT NOT NULL,
  PRIMARY KEY (store_id, product_id, property_id)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS product_stock (
  store_id INTEGER NOT NULL,
  product_id INTEGER NOT NULL,
  warehouse_id INTEGER NOT NULL,
  stock REAL NOT NULL,
  availablestock REAL NOT NULL,
  PRIMARY KEY (store_id, product_id, warehouse_id)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS stock_movements (
  id INTEGER PRIMARY KEY,
  store_id INTEGER NOT NULL,
  product_id INTEGER NOT NULL,
  warehouse_id INTEGER NOT NULL,
  warehouse_code TEXT NOT NULL,
  stock_delta REAL NOT NULL,
  available_delta REAL NOT NULL,
  stock REAL NOT NULL,
  availablestock REAL NOT NULL,
  reason TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS stock_movements_by_product ON stock_movements (store_id, product_id, id);
CREATE INDEX IF NOT EXISTS stock_movements_by_time ON stock_movements (store_id, at);
CREATE TABLE IF NOT EXISTS product_serials (
  id INTEGER PRIMARY KEY,
  store_id INTEGER NOT NULL,
  product_id INTEGER NOT NULL,
  warehouse_id INTEGER NOT NULL,
  warehouse_code TEXT NOT NULL,
  name TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  UNIQUE (store_id, product_id, name)
);
CREATE TABLE IF NOT EXISTS product_images (
  id INTEGER PRIMARY KEY,
  store_id INTEGER NOT NULL,
  product_id INTEGER NOT NULL,
  mime_type TEXT NOT NULL,
  data BLOB NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS product_images_by_product ON product_images (store_id, product_id, id);
`;

export const productSchemaSql = productTablesSql + bundleSchemaSql;
