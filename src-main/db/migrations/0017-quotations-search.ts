// Keyword search over the quotation copy, as money's (migration 0009, decision 0014): an FTS5 trigram
// index over each quotation's search_text, so a keyword finds its candidates without reading every row;
// instr() confirms each one, and keywords under 3 characters scan. External content, detail=none,
// written by the quotation repository in its own transactions; 'rebuild' fills it from the rows
// written before this migration and is the repair.
import type { Migration } from './migration.js';

const QUOTATIONS_SEARCH_SCHEMA = `
  CREATE VIRTUAL TABLE quotations_search USING fts5 (
    search_text,
    content = 'quotations', content_rowid = 'id',
    tokenize = 'trigram case_sensitive 1', detail = 'none'
  );
  INSERT INTO quotations_search (quotations_search) VALUES ('rebuild');
`;

export const quotationsSearchMigration: Migration = {
  version: 17,
  name: '0017-quotations-search',
  up(db) {
    db.exec(QUOTATIONS_SEARCH_SCHEMA);
  },
};
