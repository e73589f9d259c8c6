// The bundle tables. The products module runs this schema too (CREATE ... IF NOT EXISTS is idempotent):
// DeleteProduct must see bundle_items to refuse deleting a product a bundle still holds, whatever
// order the core creates module tables in.
export const bundleSchemaSql = `
CREATE TABLE IF NOT EXISTS bundles (
  id INTEGER PRIMARY KEY,
  store_id INTEGER NOT NULL,
  sku TEXT NOT NULL,
  name TEXT NOT NULL,
  sellprice TEXT NOT NULL,
  sell_vat_status INTEGER NOT NULL DEFAULT 0,
  active INTEGER NOT NULL DEFAULT 1,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  UNIQUE (store_id, sku)
);
CREATE INDEX IF NOT EXISTS bundles_newest_first ON bundles (store_id, created_at DESC, id DESC);
CREATE TABLE IF NOT EXISTS bundle_items (
  store_id INTEGER NOT NULL,
  bundle_id INTEGER NOT NULL,
  position INTEGER NOT NULL,
  product_id INTEGER NOT NULL,
  quantity REAL NOT NULL,
  PRIMARY KEY (store_id, bundle_id, position)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS bundle_items_by_product ON bundle_items (store_id, product_id);
`;
