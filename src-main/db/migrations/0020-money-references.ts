// A new income or expense warns when its reference is already on another record of the same kind
// (receipts print the reference as the document's number): the lookup reads this index, not the copy.
import type { Migration } from './migration.js';

export const moneyReferencesMigration: Migration = {
  version: 20,
  name: '0020-money-references',
  up(db) {
    db.exec(`CREATE INDEX money_records_by_reference ON money_records (kind, reference COLLATE NOCASE)
               WHERE reference <> ''`);
  },
};
