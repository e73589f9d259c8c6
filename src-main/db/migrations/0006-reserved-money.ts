// Placeholder for version 6, which branch i10-money-data fills (the money local copy): migrations run
// 1..n without gaps, and this branch's 0007 must not wait for it. On merge, this file and its line in
// index.ts give way to the real 0006; it changes nothing, so no database depends on it.
import type { Migration } from '../migrate.js';

export const reservedMoneyMigration: Migration = {
  version: 6,
  name: '0006-reserved-money',
  up() {},
};
