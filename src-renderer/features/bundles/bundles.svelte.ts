// The Bundles page's list and the chosen bundle's detail: search as you type (name or SKU), a page of
// PAGE_SIZE at a time with "more", Up/Down choose a bundle whose detail (items and quantities) is read;
// activate and delete go through main (queued in the outbox) and the list is read again. An older
// search's answer never replaces a newer one.
import type { BundleDetail, BundleSummary } from '../../../src-shared/ipc/schemas/bundles.js';
import type { StockroomBridge } from '../../../src-shared/ipc/index.js';
import { api } from '../../lib/api.js';

export const PAGE_SIZE = 50;

export class BundlesState {
  readonly #api: StockroomBridge;
  #text = $state('');
  #rows = $state<BundleSummary[]>([]);
  #total = $state(0);
  #all = $state(0);
  #loaded = $state(false);
  #selected = $state(-1);
  #detail = $state<BundleDetail | null>(null);
  #error = $state<string | null>(null);
  #busy = $state(false);
  #reads = 0;
  #detailReads = 0;

  /** `bridge`: the way to main (the page's own unless a test gives another). */
  constructor(bridge: StockroomBridge = api) {
    this.#api = bridge;
  }

  get text(): string {
    return this.#text;
  }
  get rows(): readonly BundleSummary[] {
    return this.#rows;
  }
  /** Bundles matching the search. */
  get total(): number {
    return this.#total;
  }
  /** Every bundle of the store on this PC. */
  get all(): number {
    return this.#all;
  }
  get loaded(): boolean {
    return this.#loaded;
  }
  get hasMore(): boolean {
    return this.#rows.length < this.#total;
  }
  get selected(): number {
    return this.#selected;
  }
  get selectedRow(): BundleSummary | undefined {
    return this.#rows[this.#selected];
  }
  /** The chosen bundle with its items (null while none is chosen or it is being read). */
  get detail(): BundleDetail | null {
    return this.#detail;
  }
  /** main's words for the last call that failed; null after one that worked. */
  get error(): string | null {
    return this.#error;
  }
  get busy(): boolean {
    return this.#busy;
  }

  /** The search text changed: the first page of what matches it. */
  search(text: string): Promise<void> {
    this.#text = text;
    return this.reload();
  }

  /** Reads the list again (as many rows as shown, at least a page), keeping the chosen bundle. */
  async reload(): Promise<void> {
    await this.#read(Math.max(PAGE_SIZE, this.#rows.length), false);
  }

  /** The next page after the rows shown. */
  async more(): Promise<void> {
    if (this.hasMore) await this.#read(PAGE_SIZE, true);
  }

  move(step: number): void {
    if (this.#rows.length === 0) return;
    const next = this.#selected < 0 ? 0 : this.#selected + step;
    this.select(Math.max(0, Math.min(this.#rows.length - 1, next)));
  }

  select(index: number): void {
    if (index === this.#selected && this.#detail?.id === this.#rows[index]?.id) return;
    this.#selected = index;
    void this.loadDetail();
  }

  /** Reads the chosen bundle's detail. */
  async loadDetail(): Promise<void> {
    const row = this.selectedRow;
    const read = ++this.#detailReads;
    if (row === undefined) {
      this.#detail = null;
      return;
    }
    const result = await this.#api.call('bundles.detail', { bundleId: row.id });
    if (read !== this.#detailReads) return;
    if (result.ok) this.#detail = result.value;
    else this.#error = result.error.message;
  }

  /** A bundle saved by the form: shown chosen, the list read again. */
  async saved(detail: BundleDetail): Promise<void> {
    this.#detail = detail;
    await this.reload();
    const index = this.#rows.findIndex((row) => row.id === detail.id);
    if (index >= 0) this.#selected = index;
  }

  activate(): Promise<boolean> {
    return this.#act(async (bundleId) => {
      const result = await this.#api.call('bundles.activate', { bundleId });
      if (result.ok) this.#detail = result.value;
      return result;
    });
  }

  remove(): Promise<boolean> {
    return this.#act(async (bundleId) => {
      const result = await this.#api.call('bundles.delete', { bundleId });
      if (result.ok) this.#detail = null;
      return result;
    });
  }

  async #act(
    work: (bundleId: number) => Promise<{ ok: true } | { ok: false; error: { message: string } }>,
  ): Promise<boolean> {
    const row = this.selectedRow;
    if (row === undefined || this.#busy) return false;
    this.#busy = true;
    try {
      const result = await work(row.id);
      this.#error = result.ok ? null : result.error.message;
      if (result.ok) await this.reload();
      return result.ok;
    } finally {
      this.#busy = false;
    }
  }

  async #read(limit: number, append: boolean): Promise<void> {
    const read = ++this.#reads;
    const offset = append ? this.#rows.length : 0;
    const result = await this.#api.call('bundles.list', { text: this.#text, offset, limit });
    if (read !== this.#reads) return;
    this.#loaded = true;
    if (!result.ok) {
      this.#error = result.error.message;
      return;
    }
    this.#error = null;
    const chosen = this.selectedRow?.id;
    this.#rows = append ? [...this.#rows, ...result.value.rows] : result.value.rows;
    this.#total = result.value.total;
    this.#all = result.value.all;
    if (append) return;
    const index = chosen === undefined ? -1 : this.#rows.findIndex((row) => row.id === chosen);
    this.#selected = index >= 0 ? index : this.#rows.length > 0 ? 0 : -1;
    await this.loadDetail();
  }
}
