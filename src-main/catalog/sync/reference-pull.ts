// Reference data: warehouses, categories, variations, payment methods, sales and shipping channels, the
// merchant profile, bundles and contacts. Lists are small and read whole (one request each unless a list
// passes 500 records). Bundles and contacts need a detail read per record for their items, sub-contacts
// and shipping addresses, which a big store cannot afford on every refresh: see detail-pull.ts.
import type { SyncSession } from './sync-session.js';
import { runBounded } from './bounded-parallel.js';
import { bundleDetails, contactDetails, pullDetails, type DetailReport } from './detail-pull.js';

export interface ReferenceReport {
  readonly lists: number;
  readonly bundles: DetailReport;
  readonly contacts: DetailReport;
}

interface ListPage<T> {
  readonly list: readonly T[];
  readonly count: number;
}

/** Every record of a paged list: page 1 gives the count, the rest are read `parallelism` at a time. */
export async function readWholeList<T>(
  session: SyncSession,
  readPage: (page: number, limit: number) => Promise<ListPage<T>>,
): Promise<T[]> {
  const { pageSize, parallelism } = session.settings;
  const first = await readPage(1, pageSize);
  const pages: (readonly T[])[] = [first.list];
  const rest = Array.from({ length: Math.max(0, Math.ceil(first.count / pageSize) - 1) }, (_, i) => i + 2);
  await runBounded(rest, parallelism, session.signal, async (page) => {
    pages[page - 1] = (await readPage(page, pageSize)).list;
  });
  return pages.flat();
}

/** Reads the warehouses and stores them; the list of codes drives the per-warehouse passes. */
export async function pullWarehouseList(session: SyncSession): Promise<string[]> {
  const warehouses = await readWholeList(session, (page, limit) =>
    session.call('GetWarehouses', { query: { page, limit } }),
  );
  session.deps.state.transaction(() => session.deps.catalogue.replaceWarehouses(warehouses));
  return warehouses.map((warehouse) => warehouse.code ?? '').filter((code) => code !== '');
}

/**
 * Refreshes every reference list (the warehouses too unless the caller just read them). Each list is
 * replaced only once it was read whole, so a failure half-way leaves the previous lists in place.
 */
export async function pullReference(
  session: SyncSession,
  options: { readonly includeWarehouses: boolean; readonly detailAllowance: number },
): Promise<ReferenceReport> {
  const { catalogue, state } = session.deps;
  const steps: Array<() => Promise<void>> = [
    async () => {
      const list = await readWholeList(session, (page, limit) =>
        session.call('GetCategorys', { query: { page, limit } }),
      );
      state.transaction(() => catalogue.replaceCategories(list));
    },
    async () => {
      const list = await readWholeList(session, (page, limit) =>
        session.call('GetVariations', { query: { page, limit } }),
      );
      state.transaction(() => catalogue.replaceVariations(list));
    },
    async () => {
      const list = await readWholeList(session, (page, limit) =>
        session.call('GetPaymentMethods', { query: { page, limit } }),
      );
      state.transaction(() => catalogue.replacePaymentMethods(list));
    },
    async () => {
      const list = await readWholeList(session, (page, limit) =>
        session.call('GetSalesChannels', { query: { page, limit } }),
      );
      state.transaction(() => catalogue.replaceSalesChannels(list));
    },
    async () => {
      const list = await readWholeList(session, (page, limit) =>
        session.call('GetShippingChannels', { query: { page, limit } }),
      );
      state.transaction(() => catalogue.replaceShippingChannels(list));
    },
    async () => {
      const profile = await session.call('GetMerchantProfile');
      state.transaction(() => catalogue.setMerchantProfile(profile));
    },
  ];
  if (options.includeWarehouses) steps.unshift(async () => void (await pullWarehouseList(session)));

  const total = steps.length + 2;
  let done = 0;
  session.progress('reference', done, total);
  const advance = (): void => session.progress('reference', (done += 1), total);
  // Small lists one after another: they are a handful of requests, and the order keeps the log readable.
  for (const step of steps) {
    await step();
    advance();
  }
  const bundleList = await readWholeList(session, (page, limit) =>
    session.call('GetBundles', { query: { page, limit } }),
  );
  advance();
  const contactList = await readWholeList(session, (page, limit) =>
    session.call('GetContacts', { query: { page, limit } }),
  );
  advance();

  const allowance = options.detailAllowance;
  const bundles = await pullDetails(session, bundleDetails(session), bundleList, allowance);
  const contactBudget = Math.max(0, allowance - bundles.fetched);
  const contacts = await pullDetails(session, contactDetails(session), contactList, contactBudget);
  return { lists: total, bundles, contacts };
}
