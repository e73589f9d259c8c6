// Search as you type over the local catalogue (catalogue.search), with each listed product's stock:
// the products page's search, and the counting page's find-product dialog's (without stock).
//
// - Typing waits SEARCH_DELAY_MS after the last key, then asks main; an answer that arrives after a
//   newer search started is dropped, so results never jump back to an older text.
// - Search results carry no stock, so the stock of each listed product is read with catalogue.product,
//   a few at a time (STOCK_READS_AT_ONCE), kept until the catalogue or the outbox changes.
// - Up and Down move the selected row; results for a new text select the first row, results read
//   again for the same text keep the selected one.
// - One search for the whole page life (`productSearch`): a product's detail and back keeps the text,
//   the results and the selected row.
import type { SendState } from '../../../src-shared/domain/vocabulary.js';
import type { ProductDetail, ProductSummary, StockroomBridge } from '../../../src-shared/ipc/index.js';
import { api } from '../../lib/api.js';

export const SEARCH_DELAY_MS = 120;
export const RESULT_LIMIT = 25;
const STOCK_READS_AT_ONCE = 4;

export interface ProductSearchOptions {
  /** The most results asked for; RESULT_LIMIT unless given. */
  readonly limit?: number;
  /** Whether each listed product's stock is read (`stock`); true unless given. */
  readonly withStock?: boolean;
  /**
   * The products page: a page at a time with how many match ("25 of 57"), more on demand, each
   * product marked with this PC's changes (catalogue.searchPage).
   */
  readonly paged?: boolean;
}

/** A listed product; on the paged list, with this PC's changes to it. */
export type ListedProduct = ProductSummary & {
  readonly madeHere?: boolean;
  readonly sendState?: SendState | null;
};

/** What the shelf should hold, all warehouses together: server figures plus writes still in the outbox. */
function totalExpected(product: ProductDetail): number {
  return product.stockByWarehouse.reduce((sum, line) => sum + line.expected, 0);
}

export class ProductSearch {
  readonly #api: StockroomBridge;
  readonly #limit: number;
  readonly #withStock: boolean;
  readonly #paged: boolean;
  #text = $state('');
  #shownText = $state('');
  #results = $state<ListedProduct[]>([]);
  #total = $state(0);
  #totalIsAtLeast = $state(false);
  #stock = $state<Record<number, number>>({});
  #selected = $state(0);
  #searching = $state(false);
  #error = $state<string | null>(null);

  #sequence = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #stockReads = 0;

  /** `bridge`: the way to main (the page's own unless a test gives another). */
  constructor(options: ProductSearchOptions = {}, bridge: StockroomBridge = api) {
    this.#api = bridge;
    this.#limit = options.limit ?? RESULT_LIMIT;
    this.#withStock = options.withStock ?? true;
    this.#paged = options.paged ?? false;
  }

  /** How many products match (paged list; at most 500, `totalIsAtLeast` beyond). */
  get total(): number {
    return this.#total;
  }

  get totalIsAtLeast(): boolean {
    return this.#totalIsAtLeast;
  }

  /** More matches than are listed: "more results" may be asked for. */
  get hasMore(): boolean {
    return this.#paged && this.#results.length < this.#total;
  }

  /** The text in the search box. */
  get text(): string {
    return this.#text;
  }

  /** The text the shown results are for. */
  get shownText(): string {
    return this.#shownText;
  }

  get results(): readonly ListedProduct[] {
    return this.#results;
  }

  /** Total expected stock by product id; absent while it is being read. */
  get stock(): Readonly<Record<number, number>> {
    return this.#stock;
  }

  /** The index of the selected row. */
  get selected(): number {
    return this.#selected;
  }

  /** A search is on its way to main. */
  get searching(): boolean {
    return this.#searching;
  }

  get error(): string | null {
    return this.#error;
  }

  /** Called on every input event. */
  type(text: string): void {
    this.#text = text;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.search(), SEARCH_DELAY_MS);
  }

  /** Runs the search for the current text now. */
  async search(): Promise<void> {
    clearTimeout(this.#timer);
    const sequence = ++this.#sequence;
    const text = this.#text.trim();
    if (text === '') {
      this.#results = [];
      this.#shownText = '';
      this.#error = null;
      this.#searching = false;
      return;
    }
    this.#searching = true;
    const result = this.#paged
      ? await this.#page(text, 0, Math.max(this.#limit, this.#sameTextShown(text)))
      : await this.#api.call('catalogue.search', { text, limit: this.#limit });
    if (sequence !== this.#sequence) return;
    this.#searching = false;
    if (!result.ok) {
      this.#error = result.error.message;
      return;
    }
    const sameText = text === this.#shownText;
    this.#error = null;
    this.#results = result.value;
    this.#shownText = text;
    this.#selected = sameText ? Math.min(this.#selected, Math.max(0, result.value.length - 1)) : 0;
    void this.#readStock(sequence);
  }

  /** The next page of the paged list, added below (PageDown at the end, or the button). */
  async more(): Promise<void> {
    if (!this.hasMore || this.#searching) return;
    const sequence = this.#sequence;
    const text = this.#shownText;
    this.#searching = true;
    const result = await this.#page(text, this.#results.length, this.#limit);
    if (sequence !== this.#sequence) return;
    this.#searching = false;
    if (!result.ok) {
      this.#error = result.error.message;
      return;
    }
    const known = new Set(this.#results.map((product) => product.id));
    this.#results = [...this.#results, ...result.value.filter((product) => !known.has(product.id))];
    void this.#readStock(sequence);
  }

  /** Read again for the same text: as many rows as were shown, so "more" is not lost. */
  #sameTextShown(text: string): number {
    return text === this.#shownText ? Math.min(this.#results.length, 100) : 0;
  }

  async #page(text: string, offset: number, limit: number) {
    const answer = await this.#api.call('catalogue.searchPage', {
      text,
      offset,
      limit: Math.min(limit, 100),
    });
    if (!answer.ok) return answer;
    this.#total = answer.value.total;
    this.#totalIsAtLeast = answer.value.totalIsAtLeast;
    return { ok: true as const, value: answer.value.products };
  }

  /** Stops a search still waiting for the typing to pause (the search is left). */
  stop(): void {
    clearTimeout(this.#timer);
  }

  /** Forgets stock figures (the catalogue synced or the outbox changed) and reads them again. */
  stockChanged(): void {
    this.#stock = {};
    void this.#readStock(this.#sequence);
  }

  move(step: number): void {
    if (this.#results.length === 0) return;
    this.select(this.#selected + step);
  }

  /** Selects a listed row (a click on it). */
  select(index: number): void {
    if (this.#results.length === 0) return;
    this.#selected = Math.max(0, Math.min(this.#results.length - 1, index));
  }

  /** The selected product, if any is listed. */
  get selectedProduct(): ListedProduct | undefined {
    return this.#results[this.#selected];
  }

  /** Whether the listed results are for the text in the box (Enter then opens instead of searching). */
  get current(): boolean {
    return this.#results.length > 0 && this.#shownText === this.#text.trim();
  }

  /**
   * The product shown selected when its SKU or barcode is exactly the text in the box: Enter opens it
   * even while the search for the last keys is still waiting (a person typed the whole SKU and sees it).
   */
  get exactSelection(): ListedProduct | undefined {
    const typed = this.#text.trim().toLowerCase();
    const selected = this.selectedProduct;
    if (typed === '' || selected === undefined) return undefined;
    return selected.sku.toLowerCase() === typed || selected.barcode.toLowerCase() === typed
      ? selected
      : undefined;
  }

  /** Reads the results and their stock again for the same text (back on the page, or another store). */
  refresh(): void {
    this.#stock = {};
    void this.search();
  }

  clear(): void {
    this.type('');
    void this.search();
  }

  async #readStock(sequence: number): Promise<void> {
    if (!this.#withStock) return;
    const reads = ++this.#stockReads;
    const missing = this.#results.filter((product) => this.#stock[product.id] === undefined);
    const next = async (): Promise<void> => {
      for (let product = missing.shift(); product !== undefined; product = missing.shift()) {
        // A newer search or stock refresh took over: stop spending calls on rows no one sees.
        if (sequence !== this.#sequence || reads !== this.#stockReads) return;
        const detail = await this.#api.call('catalogue.product', { productId: product.id });
        if (detail.ok) this.#stock = { ...this.#stock, [product.id]: totalExpected(detail.value) };
      }
    };
    await Promise.all(Array.from({ length: STOCK_READS_AT_ONCE }, next));
  }
}

/** The products page's search, kept while other pages are shown. */
export const productSearch = new ProductSearch({ paged: true });
