// The id sweep: v4 tells nobody about deleted products, so once in a while every product id is listed
// (without warehousecode: one pass, not one per warehouse) and compared with the catalogue. A local id
// the listing lacks is confirmed gone by asking for it by id before it is deleted, because a product
// deleted on the server while the pages were read shifts the later pages back by one and hides a
// living product from the listing. Ids the server has and the catalogue lacks are pulled per warehouse.
import { runBounded } from './bounded-parallel.js';
import { readProductPage, readProductsById } from './product-pages.js';
import { expectedRecords, type SyncSession } from './sync-session.js';

export interface SweepReport {
  readonly listed: number;
  readonly deleted: readonly number[];
  /** Products the server has that the catalogue lacked, now pulled. */
  readonly added: readonly number[];
}

export async function sweepDeletedProducts(
  session: SyncSession,
  warehouses: readonly string[],
): Promise<SweepReport> {
  const { catalogue, state } = session.deps;
  const { parallelism, pageSize } = session.settings;
  const serverIds = new Set<number>();
  let done = 0;

  const first = await readProductPage(session, {}, 1);
  const total = first.count;
  const collect = (list: readonly { readonly id: number }[], page: number): void => {
    for (const record of list) serverIds.add(record.id);
    done += expectedRecords(total, pageSize, page);
    session.progress('sweep', done, total);
  };
  collect(first.list, 1);
  const pages = Array.from({ length: Math.max(0, Math.ceil(total / pageSize) - 1) }, (_, index) => index + 2);
  await runBounded(pages, parallelism, session.signal, async (page) => {
    collect((await readProductPage(session, {}, page)).list, page);
  });

  const localIds = catalogue.productIds();
  const local = new Set(localIds);
  const candidates = localIds.filter((id) => !serverIds.has(id));
  const missing = [...serverIds].filter((id) => !local.has(id));

  const stillThere = new Set<number>();
  await runBounded(chunks(candidates, pageSize), parallelism, session.signal, async (ids) => {
    for (const record of (await readProductsById(session, ids, undefined)).list) stillThere.add(record.id);
  });
  const deleted = candidates.filter((id) => !stillThere.has(id));
  if (deleted.length > 0) state.transaction(() => catalogue.deleteProducts(deleted));

  // With no warehouse known yet, the product fields alone are still worth having.
  const targets = warehouses.length > 0 ? warehouses : [undefined];
  const pulls = targets.flatMap((warehouseCode) =>
    chunks(missing, pageSize).map((ids) => ({ warehouseCode, ids })),
  );
  await runBounded(pulls, parallelism, session.signal, async ({ warehouseCode, ids }) => {
    const answer = await readProductsById(session, ids, warehouseCode);
    const options = { syncedAt: answer.sentAt, ...(warehouseCode === undefined ? {} : { warehouseCode }) };
    state.transaction(() => catalogue.upsertProducts(answer.list, options));
  });
  return { listed: serverIds.size, deleted, added: missing };
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}
