// "New product with this code" from an unknown code's dialog: the product form with the code as its
// barcode; once saved (a product made on this PC, countable at once), the code's units move to the new
// product's line (counting.resolveUnknown), and its count is sent after the product's create.
import type { CountLine } from '../../../src-shared/ipc/index.js';
import { ProductFormState } from '../products/product-form.svelte.js';
import type { CountingSession } from './counting.svelte.js';

export class NewProductFromCode {
  readonly form: ProductFormState;
  readonly #counting: () => CountingSession;
  readonly #done: () => void;
  #line = $state.raw<CountLine | null>(null);

  /** `done`: back to scanning, saved or not. */
  constructor(counting: () => CountingSession, done: () => void, form = new ProductFormState()) {
    this.#counting = counting;
    this.#done = done;
    this.form = form;
  }

  /** The form is open (or opening) for an unknown code. */
  get active(): boolean {
    return this.#line !== null;
  }

  start(line: CountLine): void {
    if (line.kind !== 'unknown') return;
    this.#line = line;
    void this.form.openNew(line.code);
  }

  async saved(productId: number): Promise<void> {
    const line = this.#line;
    if (line !== null) await this.#counting().resolveUnknown(line.lineId, productId);
    this.#line = null;
    this.#done();
  }

  cancel(): void {
    this.#line = null;
    this.#done();
  }
}
