// Contacts made or edited on this PC (src-main/contacts), and a keyword index over the catalogue's
// contacts so a search of 20,000 of them does not read every row.
//
// contacts_here: one row per contact written here, the local view over the catalogue's server copy
// until the back office confirmed it. A contact made here has no server id until its AddContact is
// done; its row then gets the id, and once its last write is done the confirmed fields are written
// into the catalogue's `contacts` and the row stops being shown (`settled`), so a contact is never
// listed twice. The row is kept so a page holding its local id still finds it.
//
// contacts_search: an FTS5 trigram index of each catalogue contact's name, code, phone (also without
// dashes and spaces) and tax id, lower-cased (ASCII; Thai has no case). Triggers keep it: the catalogue
// writes contacts a page or one detail at a time, never in bulk loads where triggers would cost (0009).
import type { Migration } from './migration.js';

/**
 * The haystack of a contact row (`row`: the table or its alias; `new` in a trigger). Frozen with this
 * migration: the repository matches keywords against the same expression.
 */
export function contactSearchText(row: string): string {
  const [name, code, phone, idnumber] = ['name', 'code', 'phone', 'idnumber'].map((c) => `${row}.${c}`);
  return `lower(${name} || char(10) || ${code} || char(10) || ${phone} || char(10) ||
    replace(replace(${phone}, '-', ''), ' ', '') || char(10) || ${idnumber})`;
}

const CONTACTS_HERE = `
CREATE TABLE contacts_here (
  id                  INTEGER PRIMARY KEY,
  server_id           INTEGER UNIQUE,
  -- The AddContact queued here; null for a pulled contact edited here.
  create_operation_id INTEGER UNIQUE,
  -- The latest write queued here (the create or an edit): its state is the row's mark.
  operation_id        INTEGER NOT NULL,
  code                TEXT    NOT NULL,
  name                TEXT    NOT NULL,
  idnumber            TEXT    NOT NULL DEFAULT '',
  phone               TEXT    NOT NULL DEFAULT '',
  email               TEXT    NOT NULL DEFAULT '',
  address             TEXT    NOT NULL DEFAULT '',
  branchname          TEXT    NOT NULL DEFAULT '',
  branchno            TEXT    NOT NULL DEFAULT '',
  settled             INTEGER NOT NULL DEFAULT 0 CHECK (settled IN (0, 1)),
  created_at          INTEGER NOT NULL,
  updated_at          INTEGER NOT NULL
) STRICT;
CREATE INDEX contacts_here_by_code ON contacts_here (code);
CREATE INDEX contacts_here_shown ON contacts_here (settled, name);
`;

const CONTACTS_SEARCH = `
CREATE VIRTUAL TABLE contacts_search USING fts5 (
  search_text, tokenize = 'trigram case_sensitive 1', detail = 'none'
);
CREATE TRIGGER contacts_search_insert AFTER INSERT ON contacts BEGIN
  INSERT INTO contacts_search (rowid, search_text) SELECT new.id, ${contactSearchText('new')};
END;
CREATE TRIGGER contacts_search_update AFTER UPDATE OF name, code, phone, idnumber ON contacts BEGIN
  DELETE FROM contacts_search WHERE rowid = old.id;
  INSERT INTO contacts_search (rowid, search_text) SELECT new.id, ${contactSearchText('new')};
END;
CREATE TRIGGER contacts_search_delete AFTER DELETE ON contacts BEGIN
  DELETE FROM contacts_search WHERE rowid = old.id;
END;
INSERT INTO contacts_search (rowid, search_text) SELECT id, ${contactSearchText('contacts')} FROM contacts;
`;

export const contactsMigration: Migration = {
  version: 10,
  name: '0010-contacts',
  up(db) {
    db.exec(CONTACTS_HERE);
    db.exec(CONTACTS_SEARCH);
  },
};
