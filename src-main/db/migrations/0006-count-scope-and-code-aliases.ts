// Issue 13, counting as a warehouse team does it:
//
// - `code_aliases`: codes this PC knows for a product besides its barcode. v4 holds ONE barcode per
//   product, so giving a product a second code as its barcode replaced the real one for the whole store;
//   an alias is kept here instead, never sent, and shared between the store's PCs by file. `units` 1 is
//   another code for the product; N > 1 a pack (a carton's GTIN-14, a supplier's case code) whose one
//   scan counts N units. Keyed by the code's comparison form (catalogue-codes.ts, barcodeKey), so a
//   UPC-A and its EAN-13 are one alias. No foreign key to products: a sync that deletes a product must
//   not fail, and the alias comes back to life if the product does.
// - Count sessions get who started them and a scope: the whole warehouse, chosen categories, or a list
//   of products (`count_session_scope`); products outside it are never set to 0 at commit.
// - Several PCs, one count: a session exported to a file and merged into another PC's session.
//   `count_merges` remembers what each source session contributed per product, so merging the same
//   file again changes nothing and a newer export of that session adds only the difference;
//   `handed_over_at` marks a session exported to be committed elsewhere (it can no longer change or
//   commit here, so the count is committed exactly once).
// - Recount: a counted line marked for a blind recount keeps its first count (`counted`, from its
//   events) and the recount beside it, and which of the two the commit sends.
import type { Migration } from './migration.js';

const SCHEMA = `
  CREATE TABLE code_aliases (
    code_key   TEXT PRIMARY KEY,
    code       TEXT NOT NULL,
    product_id INTEGER NOT NULL,
    units      INTEGER NOT NULL DEFAULT 1 CHECK (units >= 1),
    created_at INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX code_aliases_by_product ON code_aliases (product_id, code_key);

  ALTER TABLE count_sessions ADD COLUMN started_by TEXT;
  ALTER TABLE count_sessions ADD COLUMN scope_kind TEXT NOT NULL DEFAULT 'warehouse'
    CHECK (scope_kind IN ('warehouse', 'categories', 'products'));

  ALTER TABLE count_sessions ADD COLUMN handed_over_at INTEGER;

  ALTER TABLE count_lines ADD COLUMN recount_requested_at INTEGER;
  ALTER TABLE count_lines ADD COLUMN recounted REAL;
  ALTER TABLE count_lines ADD COLUMN recounted_by TEXT;
  ALTER TABLE count_lines ADD COLUMN recount_use TEXT CHECK (recount_use IN ('first', 'recount'));

  CREATE TABLE count_merges (
    session_id     TEXT NOT NULL REFERENCES count_sessions (id),
    source_session TEXT NOT NULL,
    source_label   TEXT NOT NULL,
    product_id     INTEGER NOT NULL,
    counted        REAL NOT NULL,
    merged_at      INTEGER NOT NULL,
    PRIMARY KEY (session_id, source_session, product_id)
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE count_session_scope (
    session_id TEXT NOT NULL REFERENCES count_sessions (id),
    kind       TEXT NOT NULL CHECK (kind IN ('category', 'product')),
    ref_id     INTEGER NOT NULL,
    PRIMARY KEY (session_id, kind, ref_id)
  ) STRICT, WITHOUT ROWID;
`;

export const countScopeAndCodeAliasesMigration: Migration = {
  version: 6,
  name: '0006-count-scope-and-code-aliases',
  up(db) {
    db.exec(SCHEMA);
  },
};
