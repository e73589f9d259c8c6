// The quotation list's totals without reading every row (bench/documents.bench.ts, ARCHITECTURE.md):
// - quotation_totals keeps each status's count and sum (in satang, integers: no drift however many
//   updates) up to date by triggers, so the first page and a status-only filter read three rows
//   instead of counting 20,000;
// - quotations_by_status serves a status filter in the list's order (doc_date, id newest first), with
//   amount beside it for the amount range, so a page stops after its rows and the filtered totals read
//   only that status's narrow entries, never the wide quotations_list entries (search_text).
import type { Migration } from './migration.js';

/** A quotation's amount in satang, as the triggers and the repository count it. */
const SATANG = (row: 'new' | 'old') => `CAST(round(${row}.amount * 100) AS INTEGER)`;

const QUOTATION_TOTALS_SCHEMA = `
  CREATE INDEX quotations_by_status ON quotations (status, doc_date DESC, id DESC, amount);

  CREATE TABLE quotation_totals (
    status TEXT    PRIMARY KEY CHECK (status IN ('Pending', 'Success', 'Voided')),
    count  INTEGER NOT NULL CHECK (count >= 0),
    satang INTEGER NOT NULL
  ) STRICT, WITHOUT ROWID;
  INSERT INTO quotation_totals (status, count, satang)
    SELECT status, 0, 0 FROM (SELECT 'Pending' AS status UNION ALL SELECT 'Success' UNION ALL SELECT 'Voided');
  UPDATE quotation_totals SET
    count = (SELECT count(*) FROM quotations WHERE quotations.status = quotation_totals.status),
    satang = (SELECT coalesce(sum(CAST(round(amount * 100) AS INTEGER)), 0) FROM quotations
              WHERE quotations.status = quotation_totals.status);

  CREATE TRIGGER quotation_totals_insert AFTER INSERT ON quotations BEGIN
    UPDATE quotation_totals SET count = count + 1, satang = satang + ${SATANG('new')}
      WHERE status = new.status;
  END;
  CREATE TRIGGER quotation_totals_delete AFTER DELETE ON quotations BEGIN
    UPDATE quotation_totals SET count = count - 1, satang = satang - ${SATANG('old')}
      WHERE status = old.status;
  END;
  CREATE TRIGGER quotation_totals_update AFTER UPDATE OF status, amount ON quotations BEGIN
    UPDATE quotation_totals SET count = count - 1, satang = satang - ${SATANG('old')}
      WHERE status = old.status;
    UPDATE quotation_totals SET count = count + 1, satang = satang + ${SATANG('new')}
      WHERE status = new.status;
  END;
`;

export const quotationTotalsMigration: Migration = {
  version: 18,
  name: '0018-quotation-totals',
  up(db) {
    db.exec(QUOTATION_TOTALS_SCHEMA);
  },
};
