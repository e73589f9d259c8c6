// One product as the detail page shows it: the catalogue's record with its stock per warehouse (server
// figure, available, expected with the outbox) and the warehouses' names. Stock is read again when the
// outbox changes or a sync ends. Its picture is product-picture.svelte.ts's.
import type { CallValue, ProductDetail, StockroomBridge } from '../../../src-shared/ipc/index.js';
import { api } from '../../lib/api.js';

export type Warehouse = CallValue<'catalogue.warehouses'>[number];

export class ProductDetailState {
  #product = $state<ProductDetail | null>(null);
  #state = $state<'loading' | 'shown' | 'missing' | 'failed'>('loading');
  #error = $state<string | null>(null);
  #warehouses = $state<Warehouse[]>([]);

  readonly productId: number;
  readonly #api: StockroomBridge;
  #reads = 0;

  /** `bridge`: the way to main (the page's own unless a test gives another). */
  constructor(productId: number, bridge: StockroomBridge = api) {
    this.productId = productId;
    this.#api = bridge;
  }

  get product(): ProductDetail | null {
    return this.#product;
  }

  /** 'missing' when the catalogue has no such product. */
  get state(): 'loading' | 'shown' | 'missing' | 'failed' {
    return this.#state;
  }

  get error(): string | null {
    return this.#error;
  }

  /** The store's warehouses (the serials panel chooses one). */
  get warehouses(): readonly Warehouse[] {
    return this.#warehouses;
  }

  /** Warehouse names by code. */
  get warehouseNames(): Readonly<Record<string, string>> {
    return Object.fromEntries(this.#warehouses.map((warehouse) => [warehouse.code, warehouse.name]));
  }

  get totals(): { stock: number; available: number; expected: number } {
    const lines = this.#product?.stockByWarehouse ?? [];
    return {
      stock: lines.reduce((sum, line) => sum + line.stock, 0),
      available: lines.reduce((sum, line) => sum + line.availablestock, 0),
      expected: lines.reduce((sum, line) => sum + line.expected, 0),
    };
  }

  async load(): Promise<void> {
    await Promise.all([this.reloadProduct(), this.#loadWarehouses()]);
  }

  /** Reads the product (and so its stock) again; an older answer never replaces a newer one. */
  async reloadProduct(): Promise<void> {
    const read = ++this.#reads;
    const result = await this.#api.call('catalogue.product', { productId: this.productId });
    if (read !== this.#reads) return;
    if (result.ok) {
      this.#product = result.value;
      this.#state = 'shown';
      this.#error = null;
    } else if (result.error.code === 'not-found') {
      this.#state = 'missing';
    } else {
      this.#error = result.error.message;
      if (this.#product === null) this.#state = 'failed';
    }
  }

  async #loadWarehouses(): Promise<void> {
    const result = await this.#api.call('catalogue.warehouses', {});
    if (result.ok) this.#warehouses = result.value;
  }
}
