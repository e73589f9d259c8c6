// Reading product lists page by page at the largest page size, and the incremental pull of products
// changed since a watermark. Lists are newest first, so a product created while pages are read shifts
// later pages by one: the reader tolerates a record read twice, and the overlap of the next incremental
// pull (or the catch-up that ends a first sync) picks up anything pushed past the pages read.
import type { ProductRecord } from '../../../src-shared/api/records.js';
import { DAY_MS, formatThaiDate } from '../../../src-shared/time/index.js';
import { runBounded } from './bounded-parallel.js';
import { expectedRecords, type SyncSession } from './sync-session.js';

export interface ProductPageQuery {
  readonly warehousecode?: string;
  readonly updatedafter?: string;
}

export interface ProductPage {
  readonly list: readonly ProductRecord[];
  readonly count: number;
  /** When the request was sent: the records are the server's state at some instant after it. */
  readonly sentAt: number;
}

export async function readProductPage(
  session: SyncSession,
  query: ProductPageQuery,
  page: number,
  pageSize = session.settings.pageSize,
): Promise<ProductPage> {
  const sentAt = session.deps.now();
  const answer = await session.call('GetProducts', { query: { ...query, page, limit: pageSize } });
  return { list: answer.list, count: answer.count, sentAt };
}

/** Products whose ids are listed, in one warehouse or (without a code) product fields only. */
export async function readProductsById(
  session: SyncSession,
  ids: readonly number[],
  warehousecode: string | undefined,
): Promise<ProductPage> {
  const sentAt = session.deps.now();
  const answer = await session.call('GetProducts', {
    query: { limit: session.settings.pageSize, ...(warehousecode === undefined ? {} : { warehousecode }) },
    headers: { productidlist: ids },
  });
  return { list: answer.list, count: answer.count, sentAt };
}

export interface ChangesReport {
  /** The `updatedafter` day sent (Thai, yyyy-MM-dd). */
  readonly since: string;
  /** Records stored, summed over warehouses (a product counts once per warehouse). */
  readonly records: number;
}

/**
 * The first day an incremental pull asks for: the Thai day of (watermark − overlap). `updatedafter`
 * has day granularity, so the whole day is read again anyway; the overlap adds room for a PC clock that
 * runs ahead of the server's and for a product pushed past the last page read last time.
 */
export function changesSince(watermark: number, overlapMs: number): string {
  return formatThaiDate(watermark - Math.max(0, overlapMs));
}

export const DEFAULT_OVERLAP_MS = DAY_MS;

/**
 * Pulls products updated since `changesSince(watermark)` in each warehouse and stores them as the
 * server's figures of that warehouse. Page 1 of every warehouse first (it gives the count), then the
 * remaining pages, `parallelism` at a time.
 */
export async function pullChanges(
  session: SyncSession,
  warehouses: readonly string[],
  watermark: number,
): Promise<ChangesReport> {
  const { catalogue, state } = session.deps;
  const { parallelism, pageSize, overlapMs } = session.settings;
  const since = changesSince(watermark, overlapMs);
  const counts = new Map<string, number>();
  let records = 0;
  let done = 0;
  // Progress is reported once every warehouse's count is known (after the first pages).
  let total: number | undefined = undefined;

  const store = (warehouseCode: string, page: number, answer: ProductPage): void => {
    state.transaction(() =>
      catalogue.upsertProducts(answer.list, { warehouseCode, syncedAt: answer.sentAt }),
    );
    records += answer.list.length;
    done += expectedRecords(counts.get(warehouseCode) ?? 0, pageSize, page);
    if (total !== undefined) session.progress('changes', done, total);
  };

  await runBounded(warehouses, parallelism, session.signal, async (warehousecode) => {
    const answer = await readProductPage(session, { warehousecode, updatedafter: since }, 1);
    counts.set(warehousecode, answer.count);
    store(warehousecode, 1, answer);
  });
  total = [...counts.values()].reduce((sum, count) => sum + count, 0);
  session.progress('changes', done, total);

  const rest = warehouses.flatMap((warehousecode) => {
    const pages = Math.ceil((counts.get(warehousecode) ?? 0) / pageSize);
    return Array.from({ length: Math.max(0, pages - 1) }, (_, index) => ({ warehousecode, page: index + 2 }));
  });
  await runBounded(rest, parallelism, session.signal, async ({ warehousecode, page }) => {
    const answer = await readProductPage(session, { warehousecode, updatedafter: since }, page);
    store(warehousecode, page, answer);
  });
  return { since, records };
}
