// All SQL of the sync's own state (migration 0002): runs, passes and pages of full pulls, job markers,
// detail fingerprints and the daily request count. Statements are prepared once per repository.
import type { Database, Statement } from 'better-sqlite3';

export type RunKind = 'first' | 'warehouses';
export type SyncJob = 'incremental' | 'reference' | 'sweep';
export type DetailKind = 'bundle' | 'contact';

export interface RunState {
  readonly id: number;
  readonly kind: RunKind;
  readonly startedAt: number;
  readonly referenceDoneAt: number | undefined;
}

export interface PassState {
  readonly warehouseCode: string;
  readonly productCount: number;
  readonly pageSize: number;
  readonly pageCount: number;
  readonly completed: boolean;
  /** Pages already stored (page numbers). */
  readonly donePages: ReadonlySet<number>;
}

export interface JobMarker {
  readonly lastStartedAt: number;
  readonly lastFinishedAt: number;
  readonly lastRequests: number;
}

interface RunRow {
  id: number;
  kind: RunKind;
  started_at: number;
  reference_done_at: number | null;
}

interface PassRow {
  warehouse_code: string;
  product_count: number;
  page_size: number;
  page_count: number;
  completed_at: number | null;
}

interface PageRow {
  warehouse_code: string;
  page: number;
}

interface MarkerRow {
  last_started_at: number;
  last_finished_at: number;
  last_requests: number;
}

interface FingerprintRow {
  record_id: number;
  fingerprint: string;
}

interface CodeRow {
  warehouse_code: string;
}

interface RequestsRow {
  requests: number;
}

export class SyncStateRepository {
  readonly #db: Database;
  readonly #openRun: Statement<[RunKind], RunRow>;
  readonly #insertRun: Statement<[RunKind, number]>;
  readonly #markReferenceDone: Statement<[number, number]>;
  readonly #completeRun: Statement<[number, number]>;
  readonly #dropPages: Statement<[number]>;
  readonly #completedFirstRun: Statement<[], { id: number }>;
  readonly #passes: Statement<[number], PassRow>;
  readonly #pages: Statement<[number], PageRow>;
  readonly #insertPass: Statement<[number, string, number, number, number]>;
  readonly #completePass: Statement<[number, number, string]>;
  readonly #insertPage: Statement<[number, string, number, number, number]>;
  readonly #coveredWarehouses: Statement<[], CodeRow>;
  readonly #marker: Statement<[SyncJob], MarkerRow>;
  readonly #saveMarker: Statement<[SyncJob, number, number, number]>;
  readonly #fingerprints: Statement<[DetailKind], FingerprintRow>;
  readonly #saveFingerprint: Statement<[DetailKind, number, string, number]>;
  readonly #dropFingerprint: Statement<[DetailKind, number]>;
  readonly #dailyRequests: Statement<[string], RequestsRow>;
  readonly #addDailyRequests: Statement<[string, number]>;

  constructor(db: Database) {
    this.#db = db;
    this.#openRun = db.prepare(
      `SELECT id, kind, started_at, reference_done_at FROM sync_run
        WHERE kind = ? AND completed_at IS NULL ORDER BY id LIMIT 1`,
    );
    this.#insertRun = db.prepare(`INSERT INTO sync_run (kind, started_at) VALUES (?, ?)`);
    this.#markReferenceDone = db.prepare(`UPDATE sync_run SET reference_done_at = ? WHERE id = ?`);
    this.#completeRun = db.prepare(`UPDATE sync_run SET completed_at = ? WHERE id = ?`);
    this.#dropPages = db.prepare(`DELETE FROM sync_page WHERE run_id = ?`);
    this.#completedFirstRun = db.prepare(
      `SELECT id FROM sync_run WHERE kind = 'first' AND completed_at IS NOT NULL LIMIT 1`,
    );
    this.#passes = db.prepare(
      `SELECT warehouse_code, product_count, page_size, page_count, completed_at
         FROM sync_pass WHERE run_id = ? ORDER BY warehouse_code`,
    );
    this.#pages = db.prepare(`SELECT warehouse_code, page FROM sync_page WHERE run_id = ?`);
    this.#insertPass = db.prepare(
      `INSERT INTO sync_pass (run_id, warehouse_code, product_count, page_size, page_count)
       VALUES (?, ?, ?, ?, ?)`,
    );
    this.#completePass = db.prepare(
      `UPDATE sync_pass SET completed_at = ? WHERE run_id = ? AND warehouse_code = ?`,
    );
    this.#insertPage = db.prepare(
      `INSERT OR REPLACE INTO sync_page (run_id, warehouse_code, page, records, fetched_at)
       VALUES (?, ?, ?, ?, ?)`,
    );
    this.#coveredWarehouses = db.prepare(
      `SELECT DISTINCT p.warehouse_code FROM sync_pass p JOIN sync_run r ON r.id = p.run_id
        WHERE r.completed_at IS NOT NULL AND p.completed_at IS NOT NULL ORDER BY p.warehouse_code`,
    );
    this.#marker = db.prepare(
      `SELECT last_started_at, last_finished_at, last_requests FROM sync_job_marker WHERE job = ?`,
    );
    this.#saveMarker = db.prepare(
      `INSERT INTO sync_job_marker (job, last_started_at, last_finished_at, last_requests) VALUES (?, ?, ?, ?)
       ON CONFLICT (job) DO UPDATE SET last_started_at = excluded.last_started_at,
         last_finished_at = excluded.last_finished_at, last_requests = excluded.last_requests`,
    );
    this.#fingerprints = db.prepare(
      `SELECT record_id, fingerprint FROM sync_detail_fingerprint WHERE kind = ?`,
    );
    this.#saveFingerprint = db.prepare(
      `INSERT OR REPLACE INTO sync_detail_fingerprint (kind, record_id, fingerprint, fetched_at)
       VALUES (?, ?, ?, ?)`,
    );
    this.#dropFingerprint = db.prepare(
      `DELETE FROM sync_detail_fingerprint WHERE kind = ? AND record_id = ?`,
    );
    this.#dailyRequests = db.prepare(`SELECT requests FROM sync_daily_requests WHERE day_key = ?`);
    this.#addDailyRequests = db.prepare(
      `INSERT INTO sync_daily_requests (day_key, requests) VALUES (?, ?)
       ON CONFLICT (day_key) DO UPDATE SET requests = requests + excluded.requests`,
    );
  }

  /** Runs `body` in one transaction (a savepoint when the caller already holds one). */
  transaction<T>(body: () => T): T {
    return this.#db.transaction(body)();
  }

  /** The unfinished run of a kind, or a new one started now. */
  openOrStartRun(kind: RunKind, now: number): RunState {
    const open = this.#openRun.get(kind);
    if (open) return runState(open);
    const id = Number(this.#insertRun.run(kind, now).lastInsertRowid);
    return { id, kind, startedAt: now, referenceDoneAt: undefined };
  }

  openRun(kind: RunKind): RunState | undefined {
    const open = this.#openRun.get(kind);
    return open ? runState(open) : undefined;
  }

  isFirstSyncComplete(): boolean {
    return this.#completedFirstRun.get() !== undefined;
  }

  markReferenceDone(runId: number, at: number): void {
    this.#markReferenceDone.run(at, runId);
  }

  /** Ends a run; its page rows are no longer needed once every pass is complete. */
  completeRun(runId: number, at: number): void {
    this.transaction(() => {
      this.#completeRun.run(at, runId);
      this.#dropPages.run(runId);
    });
  }

  passes(runId: number): PassState[] {
    const pages = new Map<string, Set<number>>();
    for (const row of this.#pages.all(runId)) {
      const done = pages.get(row.warehouse_code) ?? new Set<number>();
      done.add(row.page);
      pages.set(row.warehouse_code, done);
    }
    return this.#passes.all(runId).map((row) => ({
      warehouseCode: row.warehouse_code,
      productCount: row.product_count,
      pageSize: row.page_size,
      pageCount: row.page_count,
      completed: row.completed_at !== null,
      donePages: pages.get(row.warehouse_code) ?? new Set<number>(),
    }));
  }

  startPass(runId: number, warehouseCode: string, productCount: number, pageSize: number): void {
    const pageCount = Math.max(1, Math.ceil(productCount / pageSize));
    this.#insertPass.run(runId, warehouseCode, productCount, pageSize, pageCount);
  }

  completePass(runId: number, warehouseCode: string, at: number): void {
    this.#completePass.run(at, runId, warehouseCode);
  }

  markPageDone(runId: number, warehouseCode: string, page: number, records: number, at: number): void {
    this.#insertPage.run(runId, warehouseCode, page, records, at);
  }

  /** Warehouses whose every product has been pulled once: the incremental sync keeps them current. */
  coveredWarehouses(): string[] {
    return this.#coveredWarehouses.all().map((row) => row.warehouse_code);
  }

  marker(job: SyncJob): JobMarker | undefined {
    const row = this.#marker.get(job);
    return row
      ? {
          lastStartedAt: row.last_started_at,
          lastFinishedAt: row.last_finished_at,
          lastRequests: row.last_requests,
        }
      : undefined;
  }

  saveMarker(job: SyncJob, marker: JobMarker): void {
    this.#saveMarker.run(job, marker.lastStartedAt, marker.lastFinishedAt, marker.lastRequests);
  }

  fingerprints(kind: DetailKind): Map<number, string> {
    return new Map(this.#fingerprints.all(kind).map((row) => [row.record_id, row.fingerprint]));
  }

  saveFingerprint(kind: DetailKind, recordId: number, fingerprint: string, at: number): void {
    this.#saveFingerprint.run(kind, recordId, fingerprint, at);
  }

  dropFingerprint(kind: DetailKind, recordId: number): void {
    this.#dropFingerprint.run(kind, recordId);
  }

  dailyRequests(dayKey: string): number {
    return this.#dailyRequests.get(dayKey)?.requests ?? 0;
  }

  addDailyRequests(dayKey: string, requests: number): void {
    if (requests > 0) this.#addDailyRequests.run(dayKey, requests);
  }
}

function runState(row: RunRow): RunState {
  return {
    id: row.id,
    kind: row.kind,
    startedAt: row.started_at,
    referenceDoneAt: row.reference_done_at ?? undefined,
  };
}
