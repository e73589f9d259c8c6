// The catalogue as the page asks for it: lookups and searches of the local copy (no network), one
// product with its stock per warehouse and the local view beside it (server figure + the writes still
// in the outbox), the warehouses, a barcode given to a product (queued in the outbox), and the product's
// picture (fetched by main into the store's folder; the cache answers offline). Returns the contract's
// shapes.
import type { CallValue, ParsedCallArgs, ProductDetail, ProductSummary } from '../../src-shared/ipc/index.js';
import type { Outbox } from '../outbox/index.js';
import { validateBarcode } from '../outbox/kinds/product-barcode.kind.js';
import { Refusal } from '../refusal/refusal.js';
import { barcodeKey, type BarcodeProblem } from '../../src-shared/barcode/index.js';
import type { RefusalReasonOf } from '../../src-shared/ipc/refusal-reasons.js';
import type { CatalogueLookup } from './catalogue-lookup.js';
import type { CatalogueRepository } from './catalogue.repository.js';
import type { CodeAliases } from './code-aliases.js';
import type { ProductImageCache } from './images/index.js';
import type { WarehouseAdditions } from './warehouse-additions.js';
import type { ProductEdits } from './product-edits.js';
import type { EditableProductFields, ProductFields } from '../../src-shared/products/index.js';

export interface CatalogueServiceOptions {
  readonly lookup: CatalogueLookup;
  readonly repository: CatalogueRepository;
  readonly outbox: Pick<Outbox, 'expectedStock' | 'warehousesWithOpenStock' | 'enqueueProductBarcode'>;
  readonly images: ProductImageCache;
  /** Aliases and packs kept on this PC. */
  readonly aliases: CodeAliases;
  /** A picture chosen on this PC wins over the server's until the server shows it (catalog/pictures). */
  readonly localPictures?: { localDataUrl(productId: number): Promise<string | null> };
  /** The store's base address: relative picture paths resolve against it. */
  readonly baseUrl: string;
  /** The pulled warehouses with those added on this PC. */
  readonly warehouses: WarehouseAdditions;
  /** Products made and changed on this PC. */
  readonly edits: ProductEdits;
}

const finiteOrNull = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The barcode check's problems as refusal reasons (the check's own names are the form's). */
const BARCODE_REASON: Readonly<Record<BarcodeProblem, RefusalReasonOf<'catalogue'>>> = {
  empty: 'barcode-empty',
  tooLong: 'barcode-too-long',
  checkDigit: 'barcode-check-digit',
  shelfPrefix: 'barcode-shelf-prefix',
};

function noSuchProduct(productId: number): Refusal {
  return Refusal.notFound(`No product ${productId} in the local catalogue.`);
}

export class CatalogueService {
  readonly #options: CatalogueServiceOptions;

  constructor(options: CatalogueServiceOptions) {
    this.#options = options;
  }

  /** A scanned or typed code: barcode first, then exact sku; null when no product has it. */
  lookup(code: string): ProductSummary | null {
    return this.#options.lookup.lookupCode(code) ?? null;
  }

  /** Each code as `lookup` reads it, in the order given. */
  lookupMany(codes: readonly string[]): Array<ProductSummary | null> {
    return codes.map((code) => this.lookup(code));
  }

  search(text: string, limit: number): ProductSummary[] {
    return this.#options.lookup.search(text, { limit });
  }

  product(requested: number): ProductDetail {
    const productId = this.#current(requested);
    const detail = this.#options.lookup.product(productId);
    if (detail === undefined) throw noSuchProduct(productId);
    const { outbox } = this.#options;
    return {
      id: detail.id,
      sku: detail.sku,
      barcode: detail.barcode,
      name: detail.name,
      unittext: detail.unittext,
      sellprice: detail.sellprice,
      purchaseprice: detail.purchaseprice,
      active: detail.active,
      imagepath: detail.imagepath,
      category:
        detail.category === undefined ? null : { id: detail.category.id ?? null, name: detail.category.name },
      variants: detail.variants.map((variant) => ({
        variantid: finiteOrNull(variant.variantid),
        variantname: text(variant.variantname),
        name: text(variant.name),
      })),
      properties: detail.properties.map((property) => ({
        id: finiteOrNull(property.id),
        name: text(property.name),
        value: text(property.value),
      })),
      tags: [...detail.tags],
      stockByWarehouse: [
        ...detail.stockByWarehouse,
        // A warehouse where a write on its way changes the stock (a count of a product made here): the
        // back office reads a product without a row there as 0.
        ...outbox
          .warehousesWithOpenStock(productId)
          .filter((code) => !detail.stockByWarehouse.some((line) => line.warehouseCode === code))
          .map((warehouseCode) => ({ warehouseCode, stock: 0, availablestock: 0 })),
      ]
        .sort((a, b) => a.warehouseCode.localeCompare(b.warehouseCode))
        .map((line) => ({
          warehouseCode: line.warehouseCode,
          stock: line.stock,
          availablestock: line.availablestock,
          expected: outbox.expectedStock(line.warehouseCode, productId, line.stock),
        })),
    };
  }

  warehouses(): CallValue<'catalogue.warehouses'> {
    return this.#options.warehouses.choices();
  }

  /** Queued, not sent: offered by pickers at once as waiting to send. */
  addWarehouse(args: ParsedCallArgs<'catalogue.addWarehouse'>): CallValue<'catalogue.addWarehouse'> {
    return this.#options.warehouses.add(args);
  }

  proposeWarehouseCode(): CallValue<'catalogue.proposeWarehouseCode'> {
    return this.#options.warehouses.proposeCode();
  }

  /**
   * Queued, not sent: the outbox drains it. A refused code answers 'invalid-arguments'; a product that
   * has another barcode refuses with 'conflict' unless `replace` (v4 keeps one barcode per product).
   */
  assignBarcode(productId: number, barcode: string, replace = false): CallValue<'catalogue.assignBarcode'> {
    const product = this.#options.lookup.product(productId);
    if (product === undefined) throw noSuchProduct(productId);
    const checked = validateBarcode(barcode);
    if (!checked.ok)
      throw new Refusal('invalid-arguments', checked.text, { reason: BARCODE_REASON[checked.reason] });
    const current = this.#options.lookup.currentBarcode(productId) ?? '';
    if (!replace && current !== '' && barcodeKey(current) !== barcodeKey(checked.barcode)) {
      throw Refusal.conflict(
        `${product.sku} already has the barcode ${current}: giving it ${checked.barcode} would replace it for ` +
          'the whole store and the old code would stop scanning. Keep the new code as an alias instead, ' +
          'or confirm the replacement.',
        'replaces-barcode',
      );
    }
    return this.#options.outbox.enqueueProductBarcode({ productId, sku: product.sku, barcode });
  }

  categories(): CallValue<'catalogue.categories'> {
    return this.#options.repository
      .categories()
      .map((category) => ({ id: category.id, name: category.name }));
  }

  aliases(productId: number | undefined): CallValue<'catalogue.aliases'> {
    return this.#options.aliases.list(productId);
  }

  addAlias(productId: number, code: string, units: number): CallValue<'catalogue.addAlias'> {
    return this.#options.aliases.add(productId, code, units);
  }

  removeAlias(code: string): CallValue<'catalogue.removeAlias'> {
    return { removed: this.#options.aliases.remove(code) };
  }

  exportAliases(): CallValue<'catalogue.exportAliases'> {
    return this.#options.aliases.exportFile();
  }

  importAliases(text: string): CallValue<'catalogue.importAliases'> {
    return this.#options.aliases.importFile(text);
  }

  /** The products page: a page of `search`'s order, each product marked with this PC's changes. */
  searchPage(text: string, offset: number, limit: number): CallValue<'catalogue.searchPage'> {
    const page = this.#options.lookup.searchPage(text, offset, limit);
    const states = this.#options.repository.localWrites.sendStates(page.rows.map((row) => row.id));
    return {
      products: page.rows.map((row) => ({
        ...row,
        madeHere: row.id < 0,
        sendState: states.get(row.id) ?? null,
      })),
      total: page.total,
      totalIsAtLeast: page.totalIsAtLeast,
    };
  }

  productFields(productId: number): CallValue<'catalogue.productFields'> {
    return this.#options.edits.productFields(this.#current(productId));
  }

  /** A product made here keeps answering to its local id after it took its server id. */
  #current(productId: number): number {
    return this.#options.repository.localWrites.currentId(productId);
  }

  proposeSku(): CallValue<'catalogue.proposeSku'> {
    return this.#options.edits.proposeSku();
  }

  createProduct(fields: ProductFields): CallValue<'catalogue.createProduct'> {
    return this.#options.edits.createProduct(fields);
  }

  updateProduct(productId: number, fields: EditableProductFields): CallValue<'catalogue.updateProduct'> {
    return this.#options.edits.updateProduct(this.#current(productId), fields);
  }

  setProductActive(productId: number, active: boolean): CallValue<'catalogue.setProductActive'> {
    return this.#options.edits.setProductActive(this.#current(productId), active);
  }

  productUsage(productId: number): CallValue<'catalogue.productUsage'> {
    return this.#options.edits.productUsage(this.#current(productId));
  }

  deleteProduct(productId: number): CallValue<'catalogue.deleteProduct'> {
    return this.#options.edits.deleteProduct(this.#current(productId));
  }

  async productImage(productId: number): Promise<CallValue<'catalogue.productImage'>> {
    const current = this.#current(productId);
    const product = this.#options.lookup.product(current);
    if (product === undefined) throw noSuchProduct(productId);
    const local = (await this.#options.localPictures?.localDataUrl(current)) ?? null;
    if (local !== null) return { dataUrl: local, fromCache: false };
    return this.#options.images.image(this.#options.baseUrl, product.imagepath);
  }
}
