// What this PC does to one product from its detail page: where its changes stand (waiting to send,
// needs attention), activate it, disable it after a question (it is disabled for the whole store), and
// delete it after a question that says what is still queued for it and which open counts hold it.
import type { CallValue, StockroomBridge } from '../../../src-shared/ipc/index.js';
import { api } from '../../lib/api.js';
import { pe } from './product-edit-strings.js';

type Fields = CallValue<'catalogue.productFields'>;

/** The question being asked before a change the whole store sees. */
export type ProductQuestion = 'delete' | 'disable';

export class ProductChangesState {
  readonly #api: StockroomBridge;
  readonly productId: number;
  #fields = $state<Fields | null>(null);
  #busy = $state(false);
  #error = $state<string | null>(null);
  #question = $state<string | null>(null);
  #asking = $state<ProductQuestion | null>(null);

  constructor(productId: number, bridge: StockroomBridge = api) {
    this.productId = productId;
    this.#api = bridge;
  }

  get fields(): Fields | null {
    return this.#fields;
  }
  get busy(): boolean {
    return this.#busy;
  }
  get error(): string | null {
    return this.#error;
  }
  /** The question's text while one is asked; null otherwise. */
  get question(): string | null {
    return this.#question;
  }
  /** Which question is asked; null when none. */
  get asking(): ProductQuestion | null {
    return this.#asking;
  }

  async load(): Promise<void> {
    const found = await this.#api.call('catalogue.productFields', { productId: this.productId });
    if (found.ok) this.#fields = found.value;
    else this.#error = found.error.message;
  }

  async setActive(active: boolean): Promise<void> {
    await this.#run(() =>
      this.#api.call('catalogue.setProductActive', { productId: this.productId, active }),
    );
  }

  /** Opens the question, naming what deleting would leave behind. */
  async askDelete(): Promise<void> {
    const fields = this.#fields;
    if (fields === null || fields.deleting) return;
    const usage = await this.#api.call('catalogue.productUsage', { productId: this.productId });
    const parts = [pe('deleteText', { sku: fields.sku })];
    if (usage.ok && usage.value.queuedStockWrites > 0) {
      parts.push(pe('deleteQueued', { count: usage.value.queuedStockWrites }));
    }
    if (usage.ok && usage.value.openCounts.length > 0) {
      const counts = usage.value.openCounts.map((count) => `${count.name} (${count.counted})`).join(', ');
      parts.push(pe('deleteCounted', { counts }));
    }
    this.#error = null;
    this.#asking = 'delete';
    this.#question = parts.join(' ');
  }

  /** Opens the question before disabling: every PC and the back office stop offering it. */
  askDisable(): void {
    const fields = this.#fields;
    if (fields === null || fields.deleting || !fields.active) return;
    this.#error = null;
    this.#asking = 'disable';
    this.#question = pe('disableText', { sku: fields.sku });
  }

  cancelQuestion(): void {
    this.#question = null;
    this.#asking = null;
  }

  /** Does what the open question asked about. */
  async confirm(): Promise<void> {
    const asking = this.#asking;
    if (asking === null) return;
    const done = await this.#run(() =>
      asking === 'delete'
        ? this.#api.call('catalogue.deleteProduct', { productId: this.productId })
        : this.#api.call('catalogue.setProductActive', { productId: this.productId, active: false }),
    );
    if (done) this.cancelQuestion();
  }

  async #run(call: () => Promise<{ ok: boolean; error?: { message: string } }>): Promise<boolean> {
    if (this.#busy) return false;
    this.#busy = true;
    this.#error = null;
    try {
      const result = await call();
      if (!result.ok) {
        this.#error = result.error?.message ?? null;
        return false;
      }
      await this.load();
      return true;
    } finally {
      this.#busy = false;
    }
  }
}
