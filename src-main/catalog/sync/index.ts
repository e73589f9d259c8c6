// The catalogue sync: what the app shell imports to pull the back office into the local catalogue.
export {
  CatalogueSync,
  DEFAULT_SYNC_SETTINGS,
  FirstSyncRequiredError,
  type CatalogueSyncOptions,
  type FirstSyncReport,
  type IncrementalReport,
} from './catalogue-sync.service.js';
export type { CatalogueWriter, UpsertProductsOptions } from './catalogue-writer.js';
export type { SweepReport } from './deletion-sweep.js';
export type { DetailReport } from './detail-pull.js';
export { changesSince, type ChangesReport } from './product-pages.js';
export type { ReferenceReport } from './reference-pull.js';
export {
  DEFAULT_SCHEDULE_POLICY,
  incrementalIntervalMs,
  nextThaiDayStart,
  type SyncSchedulePolicy,
} from './schedule-policy.js';
export { systemClock, type SchedulerClock } from './scheduler-clock.js';
export {
  SyncScheduler,
  type PauseReason,
  type ScheduledJob,
  type ScheduledPull,
  type SyncSchedulerEvent,
  type SyncSchedulerOptions,
} from './sync-scheduler.js';
export type { JobOptions, SyncPhase, SyncProgress, SyncSettings } from './sync-session.js';
export type { JobMarker, SyncJob } from './sync-state.repository.js';
