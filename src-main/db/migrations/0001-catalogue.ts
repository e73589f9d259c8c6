// Catalogue: products with stock per warehouse, reference data, FTS search. Server state only: what a
// local write has not yet sent lives in the outbox, never here.
//
// Every record keeps its full JSON (`record_json`), so fields the spec does not name survive a round
// trip; columns hold only what the app queries or shows. Keys are the server's ids: numbers and skus
// repeat in real stores.
//
// Search: `product_search` is an external-content FTS5 table over products(name, sku, barcode,
// search_words), written by CatalogueRepository in the same transaction as each products row, by
// explicit statements rather than triggers (measured: a trigger doubles the CPU of indexing; see
// src-main/catalog/catalogue-search-index.repository.ts). External content (not contentless) lets
// FTS5's integrity-check compare the index with the products table and 'rebuild' repair it.
import type { Migration } from './migration.js';

const products = `
CREATE TABLE products (
  id INTEGER PRIMARY KEY,
  sku TEXT NOT NULL DEFAULT '',
  -- The barcode as a scanner would send it (control characters and outer spaces removed).
  barcode TEXT NOT NULL DEFAULT '',
  -- The barcode in the form lookups compare (a UPC-A as its EAN-13); NULL when there is none.
  barcode_key TEXT,
  name TEXT NOT NULL DEFAULT '',
  -- Thai runs of the name split into words (Intl.Segmenter), so a word inside a run can be found.
  search_words TEXT NOT NULL DEFAULT '',
  sellprice REAL,
  purchaseprice REAL,
  unittext TEXT NOT NULL DEFAULT '',
  category_id INTEGER,
  category_name TEXT,
  variation_id INTEGER,
  producttype INTEGER,
  active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  imagepath TEXT NOT NULL DEFAULT '',
  sharelink TEXT NOT NULL DEFAULT '',
  variants_json TEXT NOT NULL DEFAULT '[]',
  properties_json TEXT NOT NULL DEFAULT '[]',
  tags_json TEXT NOT NULL DEFAULT '[]',
  -- The record as the server sent it, unknown fields included, without stock and availablestock:
  -- those depend on the warehouse the record was read for and live in product_stock.
  record_json TEXT NOT NULL,
  -- Epoch ms of the pull that last changed the record (a pull that finds it unchanged writes nothing).
  synced_at INTEGER NOT NULL
) STRICT;
-- Both lookups want "active first, then the lowest id" among equal codes: the index hands them in that order.
CREATE INDEX products_by_barcode ON products (barcode_key, active DESC, id) WHERE barcode_key IS NOT NULL;
CREATE INDEX products_by_sku ON products (sku, active DESC, id);

CREATE TABLE product_stock (
  product_id INTEGER NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  warehouse_code TEXT NOT NULL,
  stock REAL NOT NULL,
  availablestock REAL NOT NULL,
  synced_at INTEGER NOT NULL,
  PRIMARY KEY (warehouse_code, product_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX product_stock_by_product ON product_stock (product_id);
`;

const search = `
CREATE VIRTUAL TABLE product_search USING fts5 (
  name, sku, barcode, search_words,
  content = 'products', content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '1 2 3'
);
-- bm25 weights per column: a hit in the name or a code counts more than one in the Thai suffixes.
-- Stored as the table's rank so queries can ORDER BY rank, which FTS5 sorts itself.
INSERT INTO product_search (product_search, rank) VALUES ('rank', 'bm25(4.0, 3.0, 3.0, 1.0)');
`;

const bundlesAndContacts = `
CREATE TABLE bundles (
  id INTEGER PRIMARY KEY,
  sku TEXT NOT NULL DEFAULT '',
  name TEXT NOT NULL DEFAULT '',
  sellprice REAL,
  active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  imagepath TEXT NOT NULL DEFAULT '',
  record_json TEXT NOT NULL
) STRICT;
CREATE INDEX bundles_by_sku ON bundles (sku);
-- product_id has no foreign key: a bundle may name a product the catalogue has not pulled yet.
CREATE TABLE bundle_items (
  bundle_id INTEGER NOT NULL REFERENCES bundles (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  product_id INTEGER,
  sku TEXT NOT NULL DEFAULT '',
  name TEXT NOT NULL DEFAULT '',
  quantity REAL NOT NULL,
  PRIMARY KEY (bundle_id, position)
) STRICT, WITHOUT ROWID;
CREATE INDEX bundle_items_by_product ON bundle_items (product_id);

CREATE TABLE contacts (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL DEFAULT '',
  code TEXT NOT NULL DEFAULT '',
  idnumber TEXT NOT NULL DEFAULT '',
  phone TEXT NOT NULL DEFAULT '',
  email TEXT NOT NULL DEFAULT '',
  address TEXT NOT NULL DEFAULT '',
  branchname TEXT NOT NULL DEFAULT '',
  branchno TEXT NOT NULL DEFAULT '',
  tags_json TEXT NOT NULL DEFAULT '[]',
  properties_json TEXT NOT NULL DEFAULT '[]',
  -- Sub-contacts and shipping addresses are only shown, never queried: JSON keeps them whole.
  sub_contacts_json TEXT NOT NULL DEFAULT '[]',
  shipping_addresses_json TEXT NOT NULL DEFAULT '[]',
  record_json TEXT NOT NULL
) STRICT;
CREATE INDEX contacts_by_code ON contacts (code);
CREATE INDEX contacts_by_name ON contacts (name);
`;

const referenceData = `
CREATE TABLE categories (id INTEGER PRIMARY KEY, name TEXT NOT NULL DEFAULT '', record_json TEXT NOT NULL) STRICT;

CREATE TABLE variations (
  id INTEGER PRIMARY KEY,
  sku TEXT NOT NULL DEFAULT '',
  name TEXT NOT NULL DEFAULT '',
  record_json TEXT NOT NULL
) STRICT;
CREATE TABLE variation_variants (
  variation_id INTEGER NOT NULL REFERENCES variations (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  variant_id INTEGER,
  variantname TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (variation_id, position)
) STRICT, WITHOUT ROWID;

-- code is not declared unique: a store's data is taken as it comes, never refused.
CREATE TABLE warehouses (
  id INTEGER PRIMARY KEY,
  code TEXT NOT NULL DEFAULT '',
  name TEXT NOT NULL DEFAULT '',
  address TEXT NOT NULL DEFAULT '',
  record_json TEXT NOT NULL
) STRICT;
CREATE INDEX warehouses_by_code ON warehouses (code);

CREATE TABLE payment_methods (id INTEGER PRIMARY KEY, name TEXT NOT NULL DEFAULT '', record_json TEXT NOT NULL) STRICT;
CREATE TABLE sales_channels (id INTEGER PRIMARY KEY, name TEXT NOT NULL DEFAULT '', record_json TEXT NOT NULL) STRICT;
CREATE TABLE shipping_channels (id INTEGER PRIMARY KEY, name TEXT NOT NULL DEFAULT '', record_json TEXT NOT NULL) STRICT;

-- One row: the store this database belongs to.
CREATE TABLE merchant_profile (
  singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
  id INTEGER NOT NULL,
  name TEXT NOT NULL DEFAULT '',
  phone TEXT NOT NULL DEFAULT '',
  email TEXT NOT NULL DEFAULT '',
  address TEXT NOT NULL DEFAULT '',
  taxid TEXT NOT NULL DEFAULT '',
  fax TEXT NOT NULL DEFAULT '',
  website TEXT NOT NULL DEFAULT '',
  record_json TEXT NOT NULL
) STRICT;
`;

export const catalogueMigration: Migration = {
  version: 1,
  name: '0001-catalogue',
  up(db) {
    db.exec(products);
    db.exec(search);
    db.exec(bundlesAndContacts);
    db.exec(referenceData);
  },
};
