// Every migration of the app database, in order. Add new ones at the end; never edit a released one.
import type { Migration } from './migration.js';
import { catalogueMigration } from './0001-catalogue.js';
import { syncStateMigration } from './0002-sync-state.js';
import { outboxMigration } from './0003-outbox.js';
import { countingMigration } from './0004-counting.js';
import { countFrozenExpectedMigration } from './0005-count-frozen-expected.js';
import { countScopeAndCodeAliasesMigration } from './0006-count-scope-and-code-aliases.js';
import { outboxWritesMigration } from './0007-outbox-writes.js';
import { moneyMigration } from './0008-money.js';
import { moneySearchMigration } from './0009-money-search.js';
import { contactsMigration } from './0010-contacts.js';
import { stockMovesMigration } from './0011-stock-moves.js';
import { quotationsMigration } from './0012-quotations.js';
import { returnsMigration } from './0013-returns.js';
import { fileAttachmentsMigration } from './0014-file-attachments.js';
import { productEditsMigration } from './0015-product-edits.js';
import { bundlesSerialsPicturesMigration } from './0016-bundles-serials-pictures.js';
import { quotationsSearchMigration } from './0017-quotations-search.js';
import { quotationTotalsMigration } from './0018-quotation-totals.js';
import { outboxDeliveryDoubtMigration } from './0019-outbox-delivery-doubt.js';
import { moneyReferencesMigration } from './0020-money-references.js';
import { cycleCountingMigration } from './0021-cycle-counting.js';
import { liveCountMigration } from './0022-live-count.js';
import { countReversalsMigration } from './0023-count-reversals.js';
import { paperSettingsMigration } from './0024-paper-settings.js';
import { shelvesMigration } from './0025-shelves.js';
import { countAccuracyDaysMigration } from './0026-count-accuracy-days.js';
import { countMergeShelvesMigration } from './0027-count-merge-shelves.js';
import { liveCountUnknownCodesMigration } from './0028-live-count-unknown-codes.js';
import { liveCountShelvesMigration } from './0029-live-count-shelves.js';
import { liveCountJoinAttemptsMigration } from './0030-live-count-join-attempts.js';

export const migrations: readonly Migration[] = [
  catalogueMigration,
  syncStateMigration,
  outboxMigration,
  countingMigration,
  countFrozenExpectedMigration,
  countScopeAndCodeAliasesMigration,
  outboxWritesMigration,
  moneyMigration,
  moneySearchMigration,
  contactsMigration,
  stockMovesMigration,
  quotationsMigration,
  returnsMigration,
  fileAttachmentsMigration,
  productEditsMigration,
  bundlesSerialsPicturesMigration,
  quotationsSearchMigration,
  quotationTotalsMigration,
  outboxDeliveryDoubtMigration,
  moneyReferencesMigration,
  cycleCountingMigration,
  liveCountMigration,
  countReversalsMigration,
  paperSettingsMigration,
  shelvesMigration,
  countAccuracyDaysMigration,
  countMergeShelvesMigration,
  liveCountUnknownCodesMigration,
  liveCountShelvesMigration,
  liveCountJoinAttemptsMigration,
];
