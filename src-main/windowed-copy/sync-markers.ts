// A windowed copy's own rows: one marker per job (when it last started and finished, what it cost), in
// the resource's marker table (job, last_started_at, last_finished_at, last_requests), and, for a
// resource that counts them, the requests it spent per Thai day.
import type { Database } from 'better-sqlite3';
import { StatementsBySql } from '../db/sql-conditions.js';

export interface JobMarker {
  readonly lastStartedAt: number;
  readonly lastFinishedAt: number;
  readonly lastRequests: number;
}

export class SyncMarkers<Job extends string = string> {
  readonly #statements: StatementsBySql;
  readonly #table: string;

  /** `table` is a migration's marker table (a constant, never input). */
  constructor(db: Database, table: string) {
    this.#statements = new StatementsBySql(db);
    this.#table = table;
  }

  marker(job: Job): JobMarker | undefined {
    return this.#statements
      .get<JobMarker>(
        `SELECT last_started_at AS lastStartedAt, last_finished_at AS lastFinishedAt,
                last_requests AS lastRequests FROM ${this.#table} WHERE job = ?`,
      )
      .get(job);
  }

  saveMarker(job: Job, marker: JobMarker): void {
    this.#statements
      .get(
        `INSERT INTO ${this.#table} (job, last_started_at, last_finished_at, last_requests)
         VALUES (?, ?, ?, ?)
         ON CONFLICT (job) DO UPDATE SET last_started_at = excluded.last_started_at,
           last_finished_at = excluded.last_finished_at, last_requests = excluded.last_requests`,
      )
      .run(job, marker.lastStartedAt, marker.lastFinishedAt, marker.lastRequests);
  }
}

/** Requests a resource's jobs spent per Thai day (`table`: day_key, requests). */
export class DailyRequests {
  readonly #statements: StatementsBySql;
  readonly #table: string;

  constructor(db: Database, table: string) {
    this.#statements = new StatementsBySql(db);
    this.#table = table;
  }

  spent(dayKey: string): number {
    const sql = `SELECT requests FROM ${this.#table} WHERE day_key = ?`;
    return this.#statements.get<{ requests: number }>(sql).get(dayKey)?.requests ?? 0;
  }

  add(dayKey: string, requests: number): void {
    if (requests <= 0) return;
    this.#statements
      .get(
        `INSERT INTO ${this.#table} (day_key, requests) VALUES (?, ?)
         ON CONFLICT (day_key) DO UPDATE SET requests = requests + excluded.requests`,
      )
      .run(dayKey, requests);
  }
}
