// Catalogue: products with stock per warehouse, reference data, FTS search.
import type { Migration } from '../migrate.js';

export const catalogueMigration: Migration = {
  version: 1,
  name: '0001-catalogue',
  up(db) {
    // Filled in by the owner of this migration; every statement here runs in one transaction.
    db.exec('SELECT 1');
  },
};
