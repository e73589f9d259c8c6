// Version 25 is another branch's migration (issue 24, shelves), not merged here yet: this placeholder
// only keeps the list without a gap on this branch. Drop it when that migration is merged.
import type { Migration } from './migration.js';

export const reservedMigration25: Migration = {
  version: 25,
  name: '0025-reserved',
  up() {},
};
