// The Outbox page's state: the parked operations (with product names from the catalogue), one page of
// the operation list ('open' or the whole history), and the person actions. Reloads are coalesced: a
// burst of outbox.changed events during a drain costs one reload at a time, never a pile of them. The
// page reads the state through getters and changes it only through the methods.
import type { CallValue, DriftPolicy, StockroomBridge } from '../../../src-shared/ipc/index.js';
import { api } from '../../lib/api.js';
import { coalesced } from '../../lib/coalesced.js';
import { refusalSaid, type MainRefusal, type Said } from '../../lib/refusal-words.js';
import type { OutboxItem, ParkedOperation } from './outbox-words.js';

export const PAGE_SIZE = 50;

/** The action form open on a parked row. */
export type FormMode = 'retry' | 'edit' | 'discard';

export type ParkedAction =
  | { readonly kind: 'retry'; readonly policy?: DriftPolicy }
  | { readonly kind: 'edit'; readonly value: number }
  | { readonly kind: 'discard'; readonly note: string };

export type ActionResult = { readonly ok: true } | { readonly ok: false; readonly error: MainRefusal };

export class OutboxView {
  readonly #api: StockroomBridge;
  #parked = $state<ParkedOperation[]>([]);
  #names = $state(new Map<number, string>());
  #items = $state<OutboxItem[]>([]);
  #total = $state(0);
  #offset = $state(0);
  #history = $state(false);
  #loaded = $state(false);
  #error = $state<MainRefusal | null>(null);
  #busy = $state(false);
  readonly #loader = coalesced(() => this.#read());

  /** `bridge`: the way to main (the page's own unless a test gives another). */
  constructor(bridge: StockroomBridge = api) {
    this.#api = bridge;
  }

  get parked(): readonly ParkedOperation[] {
    return this.#parked;
  }

  /** Product names of the parked rows, by product id (the catalogue's; missing ones show the SKU). */
  get names(): ReadonlyMap<number, string> {
    return this.#names;
  }

  /** One page of the operation list. */
  get items(): readonly OutboxItem[] {
    return this.#items;
  }

  /** How many operations the list has in all. */
  get total(): number {
    return this.#total;
  }

  /** The first row of the page shown (0-based). */
  get offset(): number {
    return this.#offset;
  }

  /** false: rows not yet sent ('open'); true: every row, sent and discarded too. */
  get history(): boolean {
    return this.#history;
  }

  /** The first read has answered. */
  get loaded(): boolean {
    return this.#loaded;
  }

  get error(): Said | null {
    return this.#error === null ? null : refusalSaid(this.#error);
  }

  /** An action on a parked row is running. */
  get busy(): boolean {
    return this.#busy;
  }

  /** Reads the parked rows and the current page; a call during a read runs once more after it. */
  load(): Promise<void> {
    return this.#loader.request();
  }

  showHistory(history: boolean): Promise<void> {
    this.#history = history;
    this.#offset = 0;
    return this.load();
  }

  page(direction: 1 | -1): Promise<void> {
    const next = this.#offset + direction * PAGE_SIZE;
    if (next < 0 || next >= this.#total) return Promise.resolve();
    this.#offset = next;
    return this.load();
  }

  async act(operationId: number, action: ParkedAction): Promise<ActionResult> {
    this.#busy = true;
    try {
      let result;
      if (action.kind === 'retry') {
        result = await this.#api.call(
          'outbox.retry',
          action.policy === undefined ? { operationId } : { operationId, policy: action.policy },
        );
      } else if (action.kind === 'edit') {
        result = await this.#api.call('outbox.editValue', { operationId, value: action.value });
      } else {
        result = await this.#api.call('outbox.discard', { operationId, note: action.note });
      }
      if (!result.ok) return { ok: false, error: result.error };
      await this.load();
      return { ok: true };
    } finally {
      this.#busy = false;
    }
  }

  /** Resumes a paused queue or ends a quota wait. */
  async resume(): Promise<MainRefusal | null> {
    const result = await this.#api.call('outbox.resume', {});
    return result.ok ? null : result.error;
  }

  /** Ends the waits after failed attempts: how many writes it woke, or the refusal's words. */
  async sendNow(): Promise<number | MainRefusal> {
    const result = await this.#api.call('outbox.sendNow', {});
    return result.ok ? result.value.woken : result.error;
  }

  async #read(): Promise<void> {
    const [parked, listing] = await Promise.all([
      this.#api.call('outbox.parked', {}),
      this.#api.call('outbox.list', {
        state: this.#history ? 'all' : 'open',
        offset: this.#offset,
        limit: PAGE_SIZE,
      }),
    ]);
    this.#error = !parked.ok ? parked.error : !listing.ok ? listing.error : null;
    if (parked.ok) {
      this.#parked = parked.value;
      await this.#readNames(parked.value);
    }
    if (listing.ok) this.#takeListing(listing.value);
    this.#loaded = true;
  }

  #takeListing(listing: CallValue<'outbox.list'>): void {
    // The list shrank under the page (rows were sent): step back to its last page.
    if (listing.items.length === 0 && listing.total > 0 && this.#offset > 0) {
      this.#offset = Math.floor((listing.total - 1) / PAGE_SIZE) * PAGE_SIZE;
      void this.#loader.request();
    }
    this.#items = listing.items;
    this.#total = listing.total;
  }

  async #readNames(rows: readonly ParkedOperation[]): Promise<void> {
    const missing = [
      ...new Set(
        rows.flatMap((row) =>
          row.productId === null || this.#names.has(row.productId) ? [] : [row.productId],
        ),
      ),
    ];
    if (missing.length === 0) return;
    const found = await Promise.all(
      missing.map((productId) => this.#api.call('catalogue.product', { productId })),
    );
    const names = new Map(this.#names);
    found.forEach((result, index) => {
      const productId = missing[index];
      if (result.ok && productId !== undefined) names.set(productId, result.value.name);
    });
    this.#names = names;
  }
}
