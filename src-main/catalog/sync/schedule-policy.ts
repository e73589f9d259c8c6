// The default schedule and its arithmetic. The store has about 50,000 requests a day shared by every PC
// (and by the outbox's writes), so one idle PC's background sync must stay well under 1,000 a day;
// decision 0004 has the figures. Pure functions: the scheduler supplies the clock and the markers.
import { DAY_MS, THAI_OFFSET_MS } from '../../../src-shared/time/index.js';
import type { JobMarker, SyncJob } from './sync-state.repository.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export interface SyncSchedulePolicy {
  /** Shortest time between two incremental pulls. */
  readonly minIncrementalIntervalMs: number;
  /** What incremental pulls may spend a day: the interval stretches when a pull costs more pages. */
  readonly incrementalRequestsPerDay: number;
  readonly referenceIntervalMs: number;
  readonly sweepIntervalMs: number;
  /** Hard cap on the recurring jobs' requests per Thai day on this PC (the first sync is not counted). */
  readonly dailyRequestAllowance: number;
  /** Background sync stops while the budget's remaining requests are under this share of the limit. */
  readonly reserveShare: number;
  /** Waits after a failed job: doubling from base to max, with jitter. */
  readonly retryBaseMs: number;
  readonly retryMaxMs: number;
  /** After the quota is spent: wait for the next Thai day plus up to this much, so PCs do not stampede. */
  readonly quotaResumeSpreadMs: number;
  /** In [0, 1); injectable for repeatable tests. */
  readonly random: () => number;
}

export const DEFAULT_SCHEDULE_POLICY: SyncSchedulePolicy = {
  minIncrementalIntervalMs: 10 * MINUTE_MS,
  incrementalRequestsPerDay: 600,
  referenceIntervalMs: 6 * HOUR_MS,
  sweepIntervalMs: 24 * HOUR_MS,
  dailyRequestAllowance: 1_000,
  reserveShare: 0.2,
  retryBaseMs: MINUTE_MS,
  retryMaxMs: 30 * MINUTE_MS,
  quotaResumeSpreadMs: 15 * MINUTE_MS,
  random: Math.random,
};

/**
 * Time between incremental pulls: the minimum, stretched so that pulls costing `lastRequests` each
 * spend at most `incrementalRequestsPerDay` (3 warehouses, one page each: 3 × 144 = 432 a day at the
 * 10-minute minimum; 10 warehouses: every 24 minutes).
 */
export function incrementalIntervalMs(policy: SyncSchedulePolicy, lastRequests: number): number {
  const stretched = (DAY_MS * Math.max(1, lastRequests)) / Math.max(1, policy.incrementalRequestsPerDay);
  return Math.max(policy.minIncrementalIntervalMs, Math.ceil(stretched));
}

/** When a recurring job is next due, from its last success (now when it never ran). */
export function dueAt(
  policy: SyncSchedulePolicy,
  job: SyncJob,
  marker: JobMarker | undefined,
  now: number,
): number {
  if (marker === undefined) return now;
  switch (job) {
    case 'incremental':
      return marker.lastStartedAt + incrementalIntervalMs(policy, marker.lastRequests);
    case 'reference':
      return marker.lastStartedAt + policy.referenceIntervalMs;
    case 'sweep':
      return marker.lastStartedAt + policy.sweepIntervalMs;
  }
}

/** The wait before attempt `failures + 1` of a failed job: half fixed, half random, capped. */
export function retryDelayMs(policy: SyncSchedulePolicy, failures: number): number {
  const cap = Math.min(policy.retryMaxMs, policy.retryBaseMs * 2 ** Math.max(0, failures - 1));
  return Math.round(cap / 2 + (policy.random() * cap) / 2);
}

/** The first instant of the Thai day after `now`: when the store's daily quota starts again. */
export function nextThaiDayStart(now: number): number {
  return Math.floor((now + THAI_OFFSET_MS) / DAY_MS) * DAY_MS + DAY_MS - THAI_OFFSET_MS;
}
