// Every migration of the app database, in order. Add new ones at the end; never edit a released one.
import type { Migration } from '../migrate.js';
import { catalogueMigration } from './0001-catalogue.js';
import { syncStateMigration } from './0002-sync-state.js';
import { outboxMigration } from './0003-outbox.js';
import { countingMigration } from './0004-counting.js';
import { countFrozenExpectedMigration } from './0005-count-frozen-expected.js';
import { moneyMigration } from './0008-money.js';

/**
 * 0006 and 0007 belong to branches merged alongside this one (issue 10's outbox writes, and another);
 * until they are here these placeholders keep the versions gap-free. At the merge, the real ones replace
 * them (a database that ran a placeholder is a development copy only).
 */
const awaitingMerge = (version: number): Migration => ({
  version,
  name: `000${version}-awaiting-merge`,
  up() {},
});

export const migrations: readonly Migration[] = [
  catalogueMigration,
  syncStateMigration,
  outboxMigration,
  countingMigration,
  countFrozenExpectedMigration,
  awaitingMerge(6),
  awaitingMerge(7),
  moneyMigration,
];
