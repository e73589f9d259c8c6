// What the status bar shows: the catalogue sync, connectivity and the store's daily request budget.
import { z } from 'zod';
import { EMPTY_ARGS, count, epochMs } from './common.js';

export const SYNC_JOBS = ['firstSync', 'reference', 'incremental', 'sweep', 'money'] as const;
export const SYNC_PHASES = [
  'products',
  'reference',
  'bundleDetails',
  'contactDetails',
  'changes',
  'sweep',
] as const;

export const syncStatus = z.object({
  /**
   * no-profile: no store is active; idle: up to date, next job scheduled; running: a job runs;
   * waiting: held back (quota, budget reserve, daily allowance, credentials) until `waitingUntil`;
   * failed: the last job failed and will be retried; stopped: the schedule is not running.
   */
  state: z.enum(['no-profile', 'idle', 'running', 'waiting', 'failed', 'stopped']),
  job: z.enum(SYNC_JOBS).nullable(),
  /** Progress of the running first sync (other jobs are short and report none). */
  progress: z.object({ phase: z.enum(SYNC_PHASES), done: count, total: count }).nullable(),
  firstSyncComplete: z.boolean(),
  /** When a job last finished well. */
  lastSyncedAt: epochMs.nullable(),
  waitingUntil: epochMs.nullable(),
  waitReason: z.enum(['quota', 'reserve', 'allowance', 'auth']).nullable(),
  /** A safe one-line message of the last failure. */
  lastError: z.string().nullable(),
});
export type SyncStatus = z.output<typeof syncStatus>;

export const CONNECTIVITY_REASONS = [
  'no-profile',
  /** Nothing answered (no network, server down): requests were not sent. */
  'unreachable',
  /** The back office failed or timed out while answering. */
  'server-error',
  /** The back office refused the key or secret: the outbox is paused until a person resumes it. */
  'credentials',
  /** The store's daily request limit is used up. */
  'quota',
  /** The outbox is paused for another reason a person must look at. */
  'outbox-paused',
] as const;

export const connectivity = z.object({
  /** unknown: no request since the store started. */
  state: z.enum(['unknown', 'online', 'offline', 'paused']),
  reason: z.object({ code: z.enum(CONNECTIVITY_REASONS), message: z.string() }).nullable(),
  since: epochMs,
});
export type Connectivity = z.output<typeof connectivity>;

export const budget = z.object({
  /** Thai day, yyyy-MM-dd. */
  dayKey: z.string(),
  /** Requests this PC made today. */
  used: count,
  limit: count,
  remaining: count,
  /** The server said the quota is spent today, or this PC alone reached the limit. */
  exhausted: z.boolean(),
});
export type Budget = z.output<typeof budget>;

export const statusCalls = {
  'sync.status': { args: EMPTY_ARGS, result: syncStatus },
  /** Ends the current wait: due jobs run now. */
  'sync.syncNow': { args: EMPTY_ARGS, result: syncStatus },
  'connectivity.status': { args: EMPTY_ARGS, result: connectivity },
  /** null when no store is active. */
  'budget.get': { args: EMPTY_ARGS, result: budget.nullable() },
} as const;
