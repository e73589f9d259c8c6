// Finding a catalogue product as a person types or scans, for the product pickers (the document line
// editor's and the bundle form's): typed text searches the catalogue (catalogue.search, at most
// PRODUCT_SEARCH_LIMIT results, the first one chosen), Up/Down move the choice, and a code is looked up
// whole (barcode, SKU or a code kept on this PC: catalogue.lookup). An older search's answer never
// replaces a newer one, nor comes back after the picker was cleared.
import type { ProductSummary, StockroomBridge } from '../../src-shared/ipc/index.js';
import { api } from './api.js';

export const PRODUCT_SEARCH_LIMIT = 8;

/** What the picker could not do: typed text nothing matched, an unknown code, or a failed call. */
export type PickProblem =
  | { readonly kind: 'noMatch'; readonly text: string }
  | { readonly kind: 'unknownCode'; readonly code: string }
  | { readonly kind: 'failed'; readonly message: string };

export interface ProductSearchOptions {
  /** Up/Down past the last or first result wrap around (else they stop there). */
  readonly wrap: boolean;
}

export class ProductSearch {
  readonly #api: StockroomBridge;
  readonly #wrap: boolean;
  #text = $state('');
  #results = $state<ProductSummary[]>([]);
  #highlighted = $state(-1);
  #problem = $state<PickProblem | null>(null);
  #reads = 0;

  constructor(options: ProductSearchOptions, bridge: StockroomBridge = api) {
    this.#api = bridge;
    this.#wrap = options.wrap;
  }

  get text(): string {
    return this.#text;
  }

  /** Catalogue products matching what is typed, best first. */
  get results(): readonly ProductSummary[] {
    return this.#results;
  }

  /** The result Enter picks; -1 for none. */
  get highlighted(): number {
    return this.#highlighted;
  }

  get problem(): PickProblem | null {
    return this.#problem;
  }

  /** The person typed: the products matching `text`. */
  async type(text: string): Promise<void> {
    this.#text = text;
    this.#problem = null;
    const read = ++this.#reads;
    const searched = text.trim();
    if (searched === '') {
      this.#results = [];
      this.#highlighted = -1;
      return;
    }
    const result = await this.#api.call('catalogue.search', { text: searched, limit: PRODUCT_SEARCH_LIMIT });
    if (read !== this.#reads) return;
    if (!result.ok) {
      this.#problem = { kind: 'failed', message: result.error.message };
      return;
    }
    this.#results = result.value;
    this.#highlighted = result.value.length > 0 ? 0 : -1;
  }

  /** Up/Down: the next or previous result. */
  move(step: number): void {
    const count = this.#results.length;
    if (count === 0) return;
    const next = this.#highlighted + step;
    this.#highlighted = this.#wrap ? (next + count) % count : Math.max(0, Math.min(count - 1, next));
  }

  select(index: number): void {
    if (index >= 0 && index < this.#results.length) this.#highlighted = index;
  }

  /** The result Enter picks (the first when none is chosen); undefined with no result. */
  chosen(): ProductSummary | undefined {
    return this.#results[Math.max(this.#highlighted, 0)];
  }

  /** A product was picked: the picker is empty for the next one (a search on its way is dropped). */
  clear(): void {
    this.cancelSearch();
    this.#text = '';
    this.#results = [];
    this.#highlighted = -1;
    this.#problem = null;
  }

  /** The answer of a search on its way is not shown. */
  cancelSearch(): void {
    ++this.#reads;
  }

  /** The product with this code; null (and a problem naming the code, or the failure) when none. */
  async lookup(code: string): Promise<ProductSummary | null> {
    const result = await this.#api.call('catalogue.lookup', { code });
    if (!result.ok) {
      this.#problem = { kind: 'failed', message: result.error.message };
      return null;
    }
    if (result.value === null) {
      this.#problem = { kind: 'unknownCode', code };
      return null;
    }
    this.#problem = null;
    return result.value;
  }

  /** Typed text was looked up as a code and nothing has it. */
  noMatch(text: string): void {
    this.#problem = { kind: 'noMatch', text };
  }
}
