// The products marked for labels on the search page (issue 25): kept across searches and a visit to a
// product (module state, as the search is), in the order marked, so one print covers "these five".
import type { ProductSummary } from '../../../src-shared/ipc/index.js';

export class ProductMarks {
  #marked = $state.raw<readonly ProductSummary[]>([]);

  get products(): readonly ProductSummary[] {
    return this.#marked;
  }

  has(productId: number): boolean {
    return this.#marked.some((product) => product.id === productId);
  }

  toggle(product: ProductSummary): void {
    this.#marked = this.has(product.id)
      ? this.#marked.filter((each) => each.id !== product.id)
      : [...this.#marked, product];
  }

  clear(): void {
    this.#marked = [];
  }
}

export const productMarks = new ProductMarks();
