// A minimal product picker on the catalogue's own calls: a scanned code is looked up (barcode, SKU or a
// code kept on this PC: catalogue.lookup); typed text searches the catalogue as the person types
// (catalogue.search, PICKER_LIMIT results), Up/Down choose, Enter picks the chosen one (or, with no
// result, looks the text up as a code). An older search's answer never replaces a newer one.
// (Branch `quotations` has a document-line editor with its own picker; the lead may fold the two.)
import type { ProductSummary, StockroomBridge } from '../../../src-shared/ipc/index.js';
import { api } from '../../lib/api.js';

export const PICKER_LIMIT = 8;

export type PickProblem =
  | { readonly kind: 'noMatch'; readonly text: string }
  | { readonly kind: 'unknownCode'; readonly code: string }
  | { readonly kind: 'failed'; readonly message: string };

export class ProductPickerState {
  readonly #api: StockroomBridge;
  #text = $state('');
  #results = $state<ProductSummary[]>([]);
  #selected = $state(-1);
  #problem = $state<PickProblem | null>(null);
  #reads = 0;

  constructor(bridge: StockroomBridge = api) {
    this.#api = bridge;
  }

  get text(): string {
    return this.#text;
  }
  get results(): readonly ProductSummary[] {
    return this.#results;
  }
  get selected(): number {
    return this.#selected;
  }
  get problem(): PickProblem | null {
    return this.#problem;
  }

  /** The person typed: the products matching `text`. */
  async type(text: string): Promise<void> {
    this.#text = text;
    this.#problem = null;
    const read = ++this.#reads;
    if (text.trim() === '') {
      this.#results = [];
      this.#selected = -1;
      return;
    }
    const result = await this.#api.call('catalogue.search', { text: text.trim(), limit: PICKER_LIMIT });
    if (read !== this.#reads) return;
    if (!result.ok) {
      this.#problem = { kind: 'failed', message: result.error.message };
      return;
    }
    this.#results = result.value;
    this.#selected = result.value.length > 0 ? 0 : -1;
  }

  move(step: number): void {
    if (this.#results.length === 0) return;
    this.#selected = Math.max(0, Math.min(this.#results.length - 1, this.#selected + step));
  }

  select(index: number): void {
    if (index >= 0 && index < this.#results.length) this.#selected = index;
  }

  /** Enter: the chosen result, else the text looked up as a code; null (and a problem) when none. */
  async pick(): Promise<ProductSummary | null> {
    const chosen = this.#results[this.#selected];
    if (chosen !== undefined) return this.#picked(chosen);
    const text = this.#text.trim();
    if (text === '') return null;
    const found = await this.#lookup(text);
    if (found === null && this.#problem?.kind === 'unknownCode') this.#problem = { kind: 'noMatch', text };
    return found;
  }

  /** A scan: the product with that code; null (and a problem naming the code) when none has it. */
  async scan(code: string): Promise<ProductSummary | null> {
    return this.#lookup(code.trim());
  }

  async #lookup(code: string): Promise<ProductSummary | null> {
    ++this.#reads;
    const result = await this.#api.call('catalogue.lookup', { code });
    if (!result.ok) {
      this.#problem = { kind: 'failed', message: result.error.message };
      return null;
    }
    if (result.value === null) {
      this.#problem = { kind: 'unknownCode', code };
      return null;
    }
    return this.#picked(result.value);
  }

  #picked(product: ProductSummary): ProductSummary {
    this.#text = '';
    this.#results = [];
    this.#selected = -1;
    this.#problem = null;
    return product;
  }
}
