// The daily request quota: counted per store per Thai day, only for authenticated requests, persisted.
// Over it the answer is production's: code 100 "API Request Limits (<n> requests/day)".
import type { Database } from 'better-sqlite3';
import { ResultCode, ResultText } from '../../src-shared/api/envelopes.js';
import { SandboxError } from './sandbox-error.js';
import { addQuotaUsage, readQuotaUsage, writeQuotaUsage } from './quota.repository.js';
import { thaiDayKey } from './thai-time.js';

export const DEFAULT_QUOTA_PER_DAY = 50_000;

export class QuotaCounter {
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
    const day = thaiDayKey(this.now());
    this.db.transaction(() => {
      if (readQuotaUsage(this.db, storeId, day) >= this.perDay) {
        throw new SandboxError(ResultCode.generalError, ResultText.quotaReached(this.perDay));
      }
      addQuotaUsage(this.db, storeId, day);
    })();
  }

  /** Requests counted for a store on a Thai day (today when absent). */
  used(storeId: number, day: string = thaiDayKey(this.now())): number {
    return readQuotaUsage(this.db, storeId, day);
  }

  /** Sets the day's count (tests: start near the limit without sending thousands of requests). */
  setUsed(storeId: number, requests: number, day: string = thaiDayKey(this.now())): void {
    writeQuotaUsage(this.db, storeId, day, requests);
  }

  private static check(perDay: number): void {
    if (!Number.isInteger(perDay) || perDay < 0) throw new Error('The quota must be a whole number ≥ 0');
  }
}
