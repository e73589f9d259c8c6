// Full passes: every product of a warehouse, page by page, resumable. A page's products and the row
// saying the page is done are written in one transaction, so after a crash or a quit the next start
// fetches exactly the pages that are missing (at most the `parallelism` pages that were in flight when
// a process was killed are read twice; a graceful abort keeps the ones in flight).
import { runBounded } from './bounded-parallel.js';
import { readProductPage, type ProductPage } from './product-pages.js';
import { expectedRecords, type SyncSession } from './sync-session.js';
import type { PassState, RunState } from './sync-state.repository.js';

export interface FullPullReport {
  /** Pages read by this call (a resume reads only the missing ones). */
  readonly pagesFetched: number;
  /** The `count` of each warehouse's pass, as its page 1 gave it. */
  readonly counts: ReadonlyMap<string, number>;
}

interface PageJob {
  readonly warehouseCode: string;
  readonly page: number;
}

/** Completes the passes of `warehouses` in `run`, starting those that have none yet. */
export async function pullWarehouses(
  session: SyncSession,
  run: RunState,
  warehouses: readonly string[],
): Promise<FullPullReport> {
  const { state } = session.deps;
  const { parallelism } = session.settings;
  let pagesFetched = 0;

  const known = new Set(state.passes(run.id).map((pass) => pass.warehouseCode));
  const starting = warehouses.filter((code) => !known.has(code));
  await runBounded(starting, parallelism, session.signal, async (warehousecode) => {
    const answer = await readProductPage(session, { warehousecode }, 1);
    pagesFetched += 1;
    state.transaction(() => {
      state.startPass(run.id, warehousecode, answer.count, session.settings.pageSize);
      storePage(session, run, { warehouseCode: warehousecode, page: 1 }, answer);
    });
  });

  const wanted = new Set(warehouses);
  const passes = state.passes(run.id).filter((pass) => wanted.has(pass.warehouseCode));
  const tracker = new PassTracker(session, passes);
  for (const pass of passes) {
    if (!pass.completed && tracker.remaining(pass.warehouseCode) === 0) {
      state.completePass(run.id, pass.warehouseCode, session.deps.now());
    }
  }
  tracker.report();

  const jobs: PageJob[] = passes.flatMap((pass) =>
    Array.from({ length: pass.pageCount }, (_, index) => index + 1)
      .filter((page) => !pass.donePages.has(page))
      .map((page) => ({ warehouseCode: pass.warehouseCode, page })),
  );
  await runBounded(jobs, parallelism, session.signal, async (job) => {
    const pass = tracker.pass(job.warehouseCode);
    const answer = await readProductPage(
      session,
      { warehousecode: job.warehouseCode },
      job.page,
      pass.pageSize,
    );
    pagesFetched += 1;
    state.transaction(() => {
      storePage(session, run, job, answer);
      if (tracker.pageDone(job) === 0) state.completePass(run.id, job.warehouseCode, session.deps.now());
    });
    tracker.report();
  });

  return {
    pagesFetched,
    counts: new Map(passes.map((pass) => [pass.warehouseCode, pass.productCount])),
  };
}

function storePage(session: SyncSession, run: RunState, job: PageJob, answer: ProductPage): void {
  const { catalogue, state, now } = session.deps;
  catalogue.upsertProducts(answer.list, { warehouseCode: job.warehouseCode, syncedAt: answer.sentAt });
  state.markPageDone(run.id, job.warehouseCode, job.page, answer.list.length, now());
}

/** Progress of the passes in products: a done page counts the records a full list holds there. */
class PassTracker {
  readonly #session: SyncSession;
  readonly #passes: Map<string, PassState>;
  readonly #remaining = new Map<string, number>();
  readonly #total: number;
  #done = 0;

  constructor(session: SyncSession, passes: readonly PassState[]) {
    this.#session = session;
    this.#passes = new Map(passes.map((pass) => [pass.warehouseCode, pass]));
    let total = 0;
    for (const pass of passes) {
      total += pass.productCount;
      this.#remaining.set(pass.warehouseCode, pass.pageCount - pass.donePages.size);
      for (const page of pass.donePages)
        this.#done += expectedRecords(pass.productCount, pass.pageSize, page);
    }
    this.#total = total;
  }

  pass(warehouseCode: string): PassState {
    const pass = this.#passes.get(warehouseCode);
    if (!pass) throw new Error(`No pass for warehouse ${warehouseCode}`);
    return pass;
  }

  remaining(warehouseCode: string): number {
    return this.#remaining.get(warehouseCode) ?? 0;
  }

  /** Counts a page as done; returns the pages the pass still misses. */
  pageDone(job: PageJob): number {
    const pass = this.pass(job.warehouseCode);
    this.#done += expectedRecords(pass.productCount, pass.pageSize, job.page);
    const left = this.remaining(job.warehouseCode) - 1;
    this.#remaining.set(job.warehouseCode, left);
    return left;
  }

  report(): void {
    this.#session.progress('products', this.#done, this.#total);
  }
}
