// Every migration of the app database, in order. Add new ones at the end; never edit a released one.
import type { Migration } from '../migrate.js';
import { catalogueMigration } from './0001-catalogue.js';
import { syncStateMigration } from './0002-sync-state.js';
import { outboxMigration } from './0003-outbox.js';
import { countingMigration } from './0004-counting.js';
import { countFrozenExpectedMigration } from './0005-count-frozen-expected.js';
import { reservedMoneyMigration } from './0006-reserved-money.js';
import { outboxWritesMigration } from './0007-outbox-writes.js';
import { moneyMigration } from './0008-money.js';
import { moneySearchMigration } from './0009-money-search.js';

// 0006 is a no-op here: the money copy is 0008 (the lead's numbering); 0006 gives way to whichever
// branch owns that number when it merges.
export const migrations: readonly Migration[] = [
  catalogueMigration,
  syncStateMigration,
  outboxMigration,
  countingMigration,
  countFrozenExpectedMigration,
  reservedMoneyMigration,
  outboxWritesMigration,
  moneyMigration,
  moneySearchMigration,
];
