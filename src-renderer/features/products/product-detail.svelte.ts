// One product as the detail page shows it: the catalogue's record with its stock per warehouse (server
// figure, available, expected with the outbox), the warehouses' names, and the image main fetched (a
// data: URL; the CSP allows no other image source). Stock is read again when the outbox changes or a
// sync ends; the image once per page.
import type { CallValue, ProductDetail, StockroomBridge } from '../../../src-shared/ipc/index.js';
import { api } from '../../lib/api.js';
import type { ProductsKey } from './products-strings.js';

export type ProductImageValue = CallValue<'catalogue.productImage'>;
type ImageProblem = Extract<NonNullable<ProductImageValue>, { dataUrl: null }>['problem'];

export const IMAGE_PROBLEM_TEXT: Record<ImageProblem, ProductsKey> = {
  unreachable: 'imageUnreachable',
  'not-found': 'imageNotFound',
  'too-large': 'imageTooLarge',
  'not-an-image': 'imageNotAnImage',
  failed: 'imageFailed',
};

export class ProductDetailState {
  #product = $state<ProductDetail | null>(null);
  #state = $state<'loading' | 'shown' | 'missing' | 'failed'>('loading');
  #error = $state<string | null>(null);
  #image = $state<ProductImageValue | 'loading'>('loading');
  #warehouseNames = $state<Record<string, string>>({});

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

  get image(): ProductImageValue | 'loading' {
    return this.#image;
  }

  /** Warehouse names by code. */
  get warehouseNames(): Readonly<Record<string, string>> {
    return this.#warehouseNames;
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
    await Promise.all([this.reloadProduct(), this.#loadWarehouses(), this.#loadImage()]);
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
    if (result.ok) {
      this.#warehouseNames = Object.fromEntries(
        result.value.map((warehouse) => [warehouse.code, warehouse.name]),
      );
    }
  }

  async #loadImage(): Promise<void> {
    const result = await this.#api.call('catalogue.productImage', { productId: this.productId });
    this.#image = result.ok ? result.value : { dataUrl: null, problem: 'failed' };
  }
}
