// The daily request quota: counted per store per Thai day, only for authenticated requests, persisted.
// Over it the answer is production's: code 100 "API Request Limits (<n> requests/day)".
// Counts live in memory and are written to the data file at most once a second and on close, so a
// read costs no disk flush (synchronous=FULL makes every commit an fsync); a crash loses ≤ 1 s of counts.
import type { Database } from 'better-sqlite3';
import { ResultCode, ResultText } from '../../../src-shared/api/envelopes.js';
import { SandboxError } from './sandbox-error.js';
import { readQuotaUsage, writeQuotaUsage } from './quota.repository.js';
import { thaiDayKey } from '../../../src-shared/time/index.js';

export const DEFAULT_QUOTA_PER_DAY = 50_000;
const FLUSH_INTERVAL_MS = 1000;

interface Usage {
  readonly storeId: number;
  readonly day: string;
  requests: number;
  dirty: boolean;
}

export class QuotaCounter {
  private readonly usage = new Map<string, Usage>();
  private flushTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Database,
    private readonly now: () => number,
    private perDay: number = DEFAULT_QUOTA_PER_DAY,
  ) {
    QuotaCounter.check(perDay);
  }

  get limit(): number {
    return this.perDay;
  }

  setLimit(perDay: number): void {
    QuotaCounter.check(perDay);
    this.perDay = perDay;
  }

  /** Counts one request, or throws the quota answer once the day's limit is used (not counted then). */
  consume(storeId: number): void {
    const entry = this.entry(storeId, thaiDayKey(this.now()));
    if (entry.requests >= this.perDay) {
      throw new SandboxError(ResultCode.generalError, ResultText.quotaReached(this.perDay));
    }
    entry.requests += 1;
    this.markDirty(entry);
  }

  /** Requests counted for a store on a Thai day (today when absent). */
  used(storeId: number, day: string = thaiDayKey(this.now())): number {
    return this.entry(storeId, day).requests;
  }

  /** Sets the day's count (tests: start near the limit without sending thousands of requests). */
  setUsed(storeId: number, requests: number, day: string = thaiDayKey(this.now())): void {
    const entry = this.entry(storeId, day);
    entry.requests = requests;
    this.markDirty(entry);
    this.flush();
  }

  /** Writes changed counts to the data file (also done on a timer and by close). */
  flush(): void {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const dirty = [...this.usage.values()].filter((entry) => entry.dirty);
    if (dirty.length === 0 || !this.db.open) return;
    this.db.transaction(() => {
      for (const entry of dirty) writeQuotaUsage(this.db, entry.storeId, entry.day, entry.requests);
    })();
    for (const entry of dirty) entry.dirty = false;
    // Only today's counts matter from now on; older days stay on disk.
    const today = thaiDayKey(this.now());
    for (const [key, entry] of this.usage) if (entry.day !== today) this.usage.delete(key);
  }

  close(): void {
    this.flush();
  }

  private entry(storeId: number, day: string): Usage {
    const key = `${storeId}/${day}`;
    let entry = this.usage.get(key);
    if (!entry) {
      entry = { storeId, day, requests: readQuotaUsage(this.db, storeId, day), dirty: false };
      this.usage.set(key, entry);
    }
    return entry;
  }

  private markDirty(entry: Usage): void {
    entry.dirty = true;
    if (this.flushTimer) return;
    this.flushTimer = setTimeout(() => this.flush(), FLUSH_INTERVAL_MS);
    this.flushTimer.unref();
  }

  private static check(perDay: number): void {
    if (!Number.isInteger(perDay) || perDay < 0) throw new Error('The quota must be a whole number ≥ 0');
  }
}
