// The bundle form's product picker on lib/product-search (typed text searches the catalogue, Up/Down
// choose and stop at the ends, a scan is looked up whole): Enter picks the chosen result or, with no
// result, looks the typed text up as a code; a product picked or scanned clears the picker.
import type { ProductSummary, StockroomBridge } from '../../../src-shared/ipc/index.js';
import { api } from '../../lib/api.js';
import { ProductSearch } from '../../lib/product-search.svelte.js';

export class ProductPickerState extends ProductSearch {
  constructor(bridge: StockroomBridge = api) {
    super({ wrap: false }, bridge);
  }

  /** The chosen result (the first when none is chosen). */
  get selected(): number {
    return this.highlighted;
  }

  /** Enter: the chosen result, else the text looked up as a code; null (and a problem) when none. */
  async pick(): Promise<ProductSummary | null> {
    const chosen = this.results[this.highlighted];
    if (chosen !== undefined) return this.#picked(chosen);
    const text = this.text.trim();
    if (text === '') return null;
    const found = await this.#lookup(text);
    if (found === null && this.problem?.kind === 'unknownCode') this.noMatch(text);
    return found;
  }

  /** A scan: the product with that code; null (and a problem naming the code) when none has it. */
  scan(code: string): Promise<ProductSummary | null> {
    return this.#lookup(code.trim());
  }

  async #lookup(code: string): Promise<ProductSummary | null> {
    this.cancelSearch();
    const found = await this.lookup(code);
    return found === null ? null : this.#picked(found);
  }

  #picked(product: ProductSummary): ProductSummary {
    this.clear();
    return product;
  }
}
