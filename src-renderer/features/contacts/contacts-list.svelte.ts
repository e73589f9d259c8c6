// The contacts page's list: search as you type over this PC's copy (contacts.search), a page at a time
// ("25 of 57", more on demand), the selected row, and the selected contact's detail.
//
// - Typing waits SEARCH_DELAY_MS after the last key, then asks main; an answer that arrives after a
//   newer search started is dropped, so results never jump back to an older text.
// - `more()` appends the next page of the same search; a new text starts again at the first page.
// - Up and Down move the selected row; the detail follows the row opened with Enter (or a click).
// - `refresh()` reads the shown rows (as many as are shown) and the open detail again: after a save
//   here, an outbox change (send states) or a sync.
import { refusalSaid, type MainRefusal, type Said } from '../../lib/refusal-words.js';
import type {
  ContactDetail,
  ContactRef,
  ContactSummary,
  StockroomBridge,
} from '../../../src-shared/ipc/index.js';
import { api } from '../../lib/api.js';

export const SEARCH_DELAY_MS = 120;
export const PAGE_SIZE = 25;

/** How a listed contact is named in calls: its server id once known, else its local id. */
export function refOf(contact: ContactSummary): ContactRef {
  return contact.serverId !== null ? { serverId: contact.serverId } : { localId: contact.localId ?? 0 };
}

/** A stable key for a listed contact. */
export function keyOf(contact: ContactSummary): string {
  return contact.serverId !== null ? `s${contact.serverId}` : `l${contact.localId ?? 0}`;
}

export class ContactsList {
  readonly #api: StockroomBridge;
  #text = $state('');
  #shownText = $state<string | null>(null);
  #items = $state<ContactSummary[]>([]);
  #total = $state(0);
  #selected = $state(0);
  #detail = $state<ContactDetail | null>(null);
  #error = $state<MainRefusal | null>(null);
  #loading = $state(false);
  #sequence = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(bridge: StockroomBridge = api) {
    this.#api = bridge;
  }

  get text(): string {
    return this.#text;
  }

  get items(): readonly ContactSummary[] {
    return this.#items;
  }

  /** How many contacts match the shown text (all pages). */
  get total(): number {
    return this.#total;
  }

  /** The text the shown results are for; null before the first search. */
  get shownText(): string | null {
    return this.#shownText;
  }

  get selected(): number {
    return this.#selected;
  }

  get selectedContact(): ContactSummary | undefined {
    return this.#items[this.#selected];
  }

  /** The opened contact's detail. */
  get detail(): ContactDetail | null {
    return this.#detail;
  }

  /** Why the last read failed, in the page's words (main's text behind Details). */
  get error(): Said | null {
    return this.#error === null ? null : refusalSaid(this.#error);
  }

  get loading(): boolean {
    return this.#loading;
  }

  /** More contacts match than are shown. */
  get hasMore(): boolean {
    return this.#items.length < this.#total;
  }

  type(text: string): void {
    this.#text = text;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.search(), SEARCH_DELAY_MS);
  }

  /** The first page for the text in the box, now. */
  async search(): Promise<void> {
    clearTimeout(this.#timer);
    await this.#read(this.#text.trim(), 0, PAGE_SIZE, 'replace');
  }

  /** The next page of the shown search, added below. */
  async more(): Promise<void> {
    if (!this.hasMore || this.#shownText === null) return;
    await this.#read(this.#shownText, this.#items.length, PAGE_SIZE, 'append');
  }

  /** The shown rows and the opened contact read again (a save, a send, a sync). */
  async refresh(): Promise<void> {
    const text = this.#shownText ?? this.#text.trim();
    await this.#read(text, 0, Math.max(PAGE_SIZE, this.#items.length), 'keep');
    if (this.#detail !== null) await this.open(refOf(this.#detail));
  }

  move(step: number): void {
    if (this.#items.length === 0) return;
    this.#selected = Math.max(0, Math.min(this.#items.length - 1, this.#selected + step));
  }

  select(index: number): void {
    if (index >= 0 && index < this.#items.length) this.#selected = index;
  }

  /** Reads a contact's detail into the panel. */
  async open(ref: ContactRef): Promise<void> {
    const result = await this.#api.call('contacts.detail', { ref });
    if (!result.ok) {
      this.#error = result.error;
      return;
    }
    this.#error = null;
    this.#detail = result.value;
  }

  /** Opens the selected row's contact. */
  async openSelected(): Promise<void> {
    const contact = this.selectedContact;
    if (contact !== undefined) await this.open(refOf(contact));
  }

  /** A contact saved here: shown in the panel and chosen in the list when it is listed. */
  async saved(contact: ContactDetail): Promise<void> {
    this.#detail = contact;
    await this.refresh();
    const key = keyOf(contact);
    const index = this.#items.findIndex((item) => keyOf(item) === key);
    if (index >= 0) this.#selected = index;
  }

  async #read(text: string, offset: number, limit: number, mode: 'replace' | 'append' | 'keep') {
    const sequence = ++this.#sequence;
    this.#loading = true;
    const result = await this.#api.call('contacts.search', { text, offset, limit });
    if (sequence !== this.#sequence) return;
    this.#loading = false;
    if (!result.ok) {
      this.#error = result.error;
      return;
    }
    this.#error = null;
    const { items, total } = result.value;
    const sameText = text === this.#shownText;
    this.#items = mode === 'append' ? [...this.#items, ...items] : items;
    this.#total = total;
    this.#shownText = text;
    if (mode === 'replace' && !sameText) this.#selected = 0;
    this.#selected = Math.min(this.#selected, Math.max(0, this.#items.length - 1));
  }
}
