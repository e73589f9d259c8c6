// Issue 12's local records beside the catalogue:
// - bundle_copy: the bundles as the page shows them: the catalogue's pulled bundles (0001 `bundles`,
//   filled by the reference pull) taken over after each pull, and the ones made on this PC
//   (operation_id, no server_id until their create is done); items_json is NULL until the pull read a
//   bundle's detail. last_operation_id is the newest write queued here on the bundle: a refresh does
//   not overwrite the row while it is still open, so an edit shows at once and stays.
// - product_serials: what THIS PC added or removed (v4 has no read of a product's serial numbers), one
//   row per serial and action with the outbox operation that sends it; results come from the outbox.
// - product_pictures: a picture chosen here, stored in the store's uploads folder and shown instead of
//   the server's until its upload is done and a pull brought the server's new imagepath.
import type { Migration } from './migration.js';

export const bundlesSerialsPicturesMigration: Migration = {
  version: 16,
  name: '0016-bundles-serials-pictures',
  up(db) {
    db.exec(`
      CREATE TABLE bundle_copy (
        id                INTEGER PRIMARY KEY,
        server_id         INTEGER,
        operation_id      INTEGER,
        last_operation_id INTEGER,
        sku               TEXT    NOT NULL,
        name              TEXT    NOT NULL,
        sellprice         TEXT    NOT NULL,
        sell_vat_status   INTEGER NOT NULL,
        active            INTEGER NOT NULL CHECK (active IN (0, 1)),
        stock             TEXT    NOT NULL DEFAULT '',
        availablestock    TEXT    NOT NULL DEFAULT '',
        items_json        TEXT,
        -- Lower-cased name and sku: the search's haystack.
        search_text       TEXT    NOT NULL,
        -- A delete queued here: hidden from the list at once, forgotten when the catalogue no longer has it.
        deleted           INTEGER NOT NULL DEFAULT 0 CHECK (deleted IN (0, 1)),
        pulled_at         INTEGER,
        created_at        INTEGER NOT NULL
      ) STRICT;
      CREATE UNIQUE INDEX bundle_copy_by_server ON bundle_copy (server_id) WHERE server_id IS NOT NULL;
      CREATE INDEX bundle_copy_by_sku ON bundle_copy (sku);
      CREATE INDEX bundle_copy_list ON bundle_copy (deleted, created_at DESC, id DESC);


      CREATE TABLE product_serials (
        id             INTEGER PRIMARY KEY,
        product_id     INTEGER NOT NULL,
        -- The warehouse an add names; '' for a removal (DeleteSerialNo names none).
        warehouse_code TEXT    NOT NULL,
        name           TEXT    NOT NULL,
        action         TEXT    NOT NULL CHECK (action IN ('add', 'remove')),
        operation_id   INTEGER NOT NULL,
        created_at     INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX product_serials_by_product ON product_serials (product_id, name, id);

      CREATE TABLE product_pictures (
        product_id       INTEGER PRIMARY KEY,
        operation_id     INTEGER NOT NULL,
        file_path        TEXT    NOT NULL,
        file_name        TEXT    NOT NULL,
        mime_type        TEXT    NOT NULL,
        -- The product's imagepath when the picture was chosen: a pull that brings another one ends the
        -- local picture's reign (once its upload is done).
        imagepath_before TEXT    NOT NULL,
        created_at       INTEGER NOT NULL
      ) STRICT;
    `);
  },
};
