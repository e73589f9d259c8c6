// Requests counted per store per Thai day, persisted so a restart does not reset the day's quota.
import type { Database } from 'better-sqlite3';

export function readQuotaUsage(db: Database, storeId: number, day: string): number {
  const row = db
    .prepare<[number, string], { requests: number }>(
      'SELECT requests FROM quota_usage WHERE store_id = ? AND day = ?',
    )
    .get(storeId, day);
  return row?.requests ?? 0;
}

export function writeQuotaUsage(db: Database, storeId: number, day: string, requests: number): void {
  db.prepare(
    `INSERT INTO quota_usage (store_id, day, requests) VALUES (?, ?, ?)
     ON CONFLICT (store_id, day) DO UPDATE SET requests = excluded.requests`,
  ).run(storeId, day, requests);
}
