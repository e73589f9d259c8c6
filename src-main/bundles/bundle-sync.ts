// The bundles sync, a job of the sync scheduler (as the money sync is), careful with the request budget:
// - the listing (GetBundles, 500 a page, so 1 request for most stores) every 3 hours: v4 has no
//   "changed since" filter for bundles, and the listing carries everything but the items;
// - items (GetBundleDetail, one request per bundle) are read once per bundle — v4 has no write that
//   changes a bundle's items — at most `detailsPerRun` a run, so a store with many bundles spreads
//   the first fill over several runs. An idle day costs 8 requests.
// A bundle deleted on the back office leaves the copy with the next listing.
import type { BackofficeCaller } from '../outbox/operation-types.js';
import type { BundleItemCopy, BundleRepository, PulledBundle } from './bundle.repository.js';

const HOUR_MS = 60 * 60 * 1000;

export interface BundleSyncSettings {
  readonly intervalMs: number;
  readonly pageSize: number;
  readonly detailsPerRun: number;
}

export const DEFAULT_BUNDLE_SYNC_SETTINGS: BundleSyncSettings = {
  intervalMs: 3 * HOUR_MS,
  pageSize: 500,
  detailsPerRun: 40,
};

export interface BundleSyncOptions {
  readonly client: BackofficeCaller;
  readonly bundles: BundleRepository;
  /** Whether a write queued here is still open (a pull keeps the local fields of its bundle meanwhile). */
  readonly isOpen: (operationId: number) => boolean;
  readonly now: () => number;
  readonly settings?: Partial<BundleSyncSettings>;
  /** Called after a run that changed the copy (the `bundles.changed` event). */
  readonly onChanged?: () => void;
}

export class BundleSync {
  readonly #options: BundleSyncOptions;
  readonly settings: BundleSyncSettings;
  #missingItems = true;

  constructor(options: BundleSyncOptions) {
    this.#options = options;
    this.settings = { ...DEFAULT_BUNDLE_SYNC_SETTINGS, ...options.settings };
  }

  /** The last run's start is kept (bundle_sync_marker), so restarting the app does not pull again. */
  dueAt(now: number): number {
    const marker = this.#options.bundles.lastListing();
    if (marker === undefined) return now;
    // Items still to read: the next run comes sooner (still one listing + ≤ detailsPerRun reads).
    const interval = this.#missingItems ? this.settings.intervalMs / 6 : this.settings.intervalMs;
    return marker.startedAt + interval;
  }

  /** One run: the whole listing, then the items of bundles not read yet. Answers the requests made. */
  async runDue(options: { readonly signal?: AbortSignal } = {}): Promise<number> {
    const { client, bundles, isOpen, now } = this.#options;
    const started = now();
    let requests = 0;
    const listing: PulledBundle[] = [];
    for (let page = 1; ; page += 1) {
      options.signal?.throwIfAborted();
      const answer = await client.call('GetBundles', { query: { page, limit: this.settings.pageSize } });
      requests += 1;
      listing.push(...answer.list.map(pulledOf));
      if (answer.list.length < this.settings.pageSize || listing.length >= answer.count) break;
    }
    let changed = bundles.takeListing(listing, isOpen, started);
    for (const row of bundles.withoutItems(this.settings.detailsPerRun)) {
      if (row.server_id === null) continue;
      options.signal?.throwIfAborted();
      const detail = await client.call('GetBundleDetail', { id: row.server_id });
      requests += 1;
      bundles.setItems(row.id, itemsOf(detail.list ?? []));
      changed += 1;
    }
    this.#missingItems = bundles.withoutItems(1).length > 0;
    bundles.markListing({ startedAt: started, finishedAt: now(), requests });
    if (changed > 0) this.#options.onChanged?.();
    return requests;
  }
}

const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
const whole = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

function pulledOf(bundle: Record<string, unknown>): PulledBundle {
  return {
    id: whole(bundle['id']),
    sku: text(bundle['sku']),
    name: text(bundle['name']),
    sellprice: text(bundle['sellprice']),
    sell_vat_status: whole(bundle['sell_vat_status']),
    active: bundle['active'] === true,
    stock: text(bundle['stock']),
    availablestock: text(bundle['availablestock']),
  };
}

function itemsOf(list: ReadonlyArray<Record<string, unknown>>): BundleItemCopy[] {
  return list.map((item) => ({
    productId: whole(item['id']),
    sku: text(item['sku']),
    name: text(item['name']),
    quantity: whole(item['quantity']),
  }));
}
