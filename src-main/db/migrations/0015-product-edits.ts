// Issue 12, products kept from the warehouse PC:
//
// - `products_by_barcode_end`: staff read the END of a label, so the products page finds a product by
//   the last digits of its barcode. An expression index on the last four characters narrows a suffix
//   of 4 or more digits to a handful of rows (about 20 on 200,000 products), which `barcode LIKE '%…'`
//   then checks; no second copy of the barcode to keep in step.
// - `product_local_writes`: which products row each outbox write of a product (AddProduct …
//   DeleteProduct) was made for, so the local view marks a product "waiting to send / needs attention",
//   a pull never overwrites a change still on its way, and a product made here (a row with id ≤ −1,
//   minus its create's operation id) moves to its server id with everything that names it.
import type { Migration } from './migration.js';

export const productEditsMigration: Migration = {
  version: 15,
  name: '0015-product-edits',
  up(db) {
    db.exec(`
      CREATE INDEX products_by_barcode_end ON products (substr(barcode, -4), active DESC, id)
        WHERE barcode <> '';

      CREATE TABLE product_local_writes (
        operation_id INTEGER PRIMARY KEY REFERENCES outbox_operations (id),
        product_id   INTEGER NOT NULL,
        change       TEXT NOT NULL CHECK (change IN ('create', 'update', 'activate', 'disable', 'delete')),
        created_at   INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX product_local_writes_by_product ON product_local_writes (product_id, operation_id);
    `);
  },
};
