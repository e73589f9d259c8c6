// A list read one page at a time from the PC's local copy with a filter kept as typed: the page shown,
// the row chosen with the keyboard, and why the last read was refused (a refused filter field is named
// by path and the rows of the last good filter stay). Reads are coalesced (a burst of outbox events
// costs one read at a time). A list's state class extends it: it says how to read a page and keeps the
// rows; this keeps the rest.
import { refusalSaid, type MainRefusal, type Said } from './refusal-words.js';
import type { IpcIssue, IpcResult } from '../../src-shared/ipc/index.js';
import { issuesByPath } from './form-input.js';

/** The part of a listing answer paging needs. */
export interface PageListing {
  readonly total: number;
  readonly offset: number;
  readonly items: readonly unknown[];
}

export interface Paging {
  readonly offset: number;
  readonly limit: number;
}

/** One page's answer: refused, or a listing and how the owner shows its rows. */
export type PageAnswer =
  | { readonly ok: false; readonly error: MainRefusal & { issues?: readonly IpcIssue[] } }
  | { readonly ok: true; readonly listing: PageListing; readonly show: () => void };

/** The answer of a listing call, with how to show it once paging has accepted it. */
export function pageAnswer<L extends PageListing>(
  result: IpcResult<L>,
  show: (listing: L) => void,
): PageAnswer {
  if (!result.ok) return { ok: false, error: result.error };
  const listing = result.value;
  return { ok: true, listing, show: () => show(listing) };
}

export abstract class PagedList<F> {
  readonly #pageSize: number;
  #filter: F;
  #total = $state(0);
  #offset = $state(0);
  #selected = $state(0);
  #issues = $state<ReadonlyMap<string, IpcIssue>>(new Map());
  #error = $state<MainRefusal | null>(null);
  #loaded = $state(false);
  #reading = $state(false);
  #loading: Promise<void> | null = null;
  #again = false;

  /** `filter`: the filter shown first (nothing chosen). */
  constructor(pageSize: number, filter: F) {
    this.#pageSize = pageSize;
    this.#filter = $state(filter);
  }

  /** Reads one page with this filter; null when the answer no longer fits what is shown (dropped). */
  protected abstract readPage(filter: F, paging: Paging): Promise<PageAnswer | null>;

  /** Rows on the page shown (what Up/Down move within). */
  abstract get rowCount(): number;

  /** Runs after the pages are read, within the same load (e.g. reading the opened row again). */
  protected async afterRead(): Promise<void> {}

  /** The filter the list shows (as typed). */
  get filter(): F {
    return this.#filter;
  }

  /** Rows matching the filter in all. */
  get total(): number {
    return this.#total;
  }

  get offset(): number {
    return this.#offset;
  }

  /** 1-based number of the page shown and how many pages the filter has ("N of M"). */
  get pageNumber(): number {
    return Math.floor(this.#offset / this.#pageSize) + 1;
  }

  get pageCount(): number {
    return Math.max(1, Math.ceil(this.#total / this.#pageSize));
  }

  /** The chosen row on the page (0-based). */
  get selected(): number {
    return this.#selected;
  }

  /** Refused filter fields by path ('dateFrom', 'amountMin'…). */
  get issues(): ReadonlyMap<string, IpcIssue> {
    return this.#issues;
  }

  /** Why the last read failed, in the page's words (main's text behind Details). */
  get error(): Said | null {
    return this.#error === null ? null : refusalSaid(this.#error);
  }

  get loaded(): boolean {
    return this.#loaded;
  }

  /** A read is on its way: the rows shown may be of the filter or page before. */
  get reading(): boolean {
    return this.#reading;
  }

  /** A read beside the list failed: its message shows until the next good read. */
  protected failed(error: MainRefusal): void {
    this.#error = error;
  }

  /** What is shown changed wholesale (another tab): from its first page, not yet loaded. */
  protected restart(): void {
    this.#offset = 0;
    this.#selected = 0;
    this.#loaded = false;
  }

  /** Shows the list with this filter from its first page. */
  applyFilter(filter: F): Promise<void> {
    this.#filter = filter;
    this.#offset = 0;
    this.#selected = 0;
    return this.load();
  }

  page(direction: 1 | -1): Promise<void> {
    const next = this.#offset + direction * this.#pageSize;
    if (next < 0 || next >= this.#total) return Promise.resolve();
    this.#offset = next;
    this.#selected = 0;
    return this.load();
  }

  /** Moves the chosen row by `delta`, within the page. */
  move(delta: number): void {
    const last = this.rowCount - 1;
    this.#selected = Math.max(0, Math.min(last, this.#selected + delta));
  }

  select(index: number): void {
    if (index >= 0 && index < this.rowCount) this.#selected = index;
  }

  /** Resolves when the read on its way (if any) is done: what the page shows is then what was asked. */
  settled(): Promise<void> {
    return this.#loading ?? Promise.resolve();
  }

  /** Reads the page shown; a call during a read runs once more after it. */
  load(): Promise<void> {
    if (this.#loading !== null) {
      this.#again = true;
      return this.#loading;
    }
    this.#reading = true;
    this.#loading = (async () => {
      try {
        do {
          this.#again = false;
          await this.#read();
        } while (this.#again);
        await this.afterRead();
      } finally {
        this.#loading = null;
        this.#reading = false;
      }
    })();
    return this.#loading;
  }

  async #read(): Promise<void> {
    const pageSize = this.#pageSize;
    const answer = await this.readPage(this.#filter, { offset: this.#offset, limit: pageSize });
    if (answer === null) return;
    if (!answer.ok) {
      this.#issues = issuesByPath(answer.error.issues);
      // A refused filter is shown next to its field; the rows of the last good filter stay.
      this.#error = this.#issues.size > 0 ? null : answer.error;
      this.#loaded = true;
      return;
    }
    const listing = answer.listing;
    // The list shrank under the page: read its last page instead.
    if (listing.items.length === 0 && listing.total > 0 && this.#offset > 0) {
      this.#offset = Math.floor((listing.total - 1) / pageSize) * pageSize;
      this.#again = true;
      return;
    }
    answer.show();
    this.#total = listing.total;
    this.#offset = listing.offset;
    this.#selected = Math.min(this.#selected, Math.max(0, listing.items.length - 1));
    this.#issues = new Map();
    this.#error = null;
    this.#loaded = true;
  }
}
