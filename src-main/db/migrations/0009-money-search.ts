// Keyword search over the money copy (decision 0014): one FTS5 trigram index per table over its
// search_text, so a keyword finds its candidates without reading every row. The keyword keeps its
// meaning (a substring of the lower-cased haystack): a row holding it holds all its trigrams, and each
// candidate is confirmed with instr(). Keywords under 3 characters have no trigram and scan.
// detail=none: no positions are needed (instr() confirms), and the index stays small.
// External content with explicit writes by the repositories, like product_search (decision 0009);
// 'rebuild' fills the index from rows written before this migration and is the repair.
import type { Migration } from './migration.js';

const MONEY_SEARCH_SCHEMA = `
  CREATE VIRTUAL TABLE money_records_search USING fts5 (
    search_text,
    content = 'money_records', content_rowid = 'id',
    tokenize = 'trigram case_sensitive 1', detail = 'none'
  );
  CREATE VIRTUAL TABLE money_transfers_search USING fts5 (
    search_text,
    content = 'money_transfers', content_rowid = 'id',
    tokenize = 'trigram case_sensitive 1', detail = 'none'
  );
  INSERT INTO money_records_search (money_records_search) VALUES ('rebuild');
  INSERT INTO money_transfers_search (money_transfers_search) VALUES ('rebuild');
`;

export const moneySearchMigration: Migration = {
  version: 9,
  name: '0009-money-search',
  up(db) {
    db.exec(MONEY_SEARCH_SCHEMA);
  },
};
