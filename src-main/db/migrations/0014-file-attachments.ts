// Files attached on this PC and what the PC keeps of the back office's files (issue 11, src-main/files):
// - file_attachments: one row per file attached here: the record it goes on (a server id, a number, or
//   the create it waits for), the unique name it is stored and uploaded under, and its upload's outbox
//   operation (whose state says waiting / sent / needs attention);
// - file_lists: a record's file list as last read from the back office, so it lists offline;
// - file_copies: files downloaded once (bytes in the data folder), so they open offline;
// - file_settings: this PC's tag in unique names (random, made once per store database).
import type { Migration } from './migration.js';

export const fileAttachmentsMigration: Migration = {
  version: 14,
  name: '0014-file-attachments',
  up(db) {
    db.exec(`
      CREATE TABLE file_attachments (
        id INTEGER PRIMARY KEY,
        record_kind TEXT NOT NULL CHECK (record_kind IN ('order', 'purchaseOrder', 'quotation')),
        -- 'id:<n>', 'number:<text>' or 'operation:<n>': how the page named the record
        record_ref TEXT NOT NULL,
        file_name TEXT NOT NULL UNIQUE,
        original_name TEXT NOT NULL,
        mime_type TEXT NOT NULL,
        size INTEGER NOT NULL,
        -- relative to the store's files folder
        stored_path TEXT NOT NULL,
        operation_id INTEGER REFERENCES outbox_operations (id),
        created_at INTEGER NOT NULL
      );
      CREATE INDEX file_attachments_by_record ON file_attachments (record_kind, record_ref, id);
      CREATE TABLE file_lists (
        record_kind TEXT NOT NULL,
        record_ref TEXT NOT NULL,
        files_json TEXT NOT NULL,
        fetched_at INTEGER NOT NULL,
        PRIMARY KEY (record_kind, record_ref)
      );
      CREATE TABLE file_copies (
        record_kind TEXT NOT NULL,
        record_ref TEXT NOT NULL,
        file_id INTEGER NOT NULL,
        file_name TEXT NOT NULL,
        mime_type TEXT NOT NULL,
        size INTEGER NOT NULL,
        stored_path TEXT NOT NULL,
        fetched_at INTEGER NOT NULL,
        PRIMARY KEY (record_kind, record_ref, file_id)
      );
      CREATE TABLE file_settings (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        pc_tag TEXT NOT NULL
      );
    `);
  },
};
