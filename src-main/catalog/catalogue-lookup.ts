// Finding products: by a scanned code (every scan, so one indexed query, well under a millisecond)
// and by typed text (every keystroke of the search box). Server state only: the effect of pending
// local writes is the outbox's local view, laid over these figures by the caller — with one exception,
// a code no product has on the server: lookupCode then follows a barcode assignment still in the
// outbox (outbox/pending-barcodes.ts), so a code assigned on the counting screen scans at once — and
// the codes this PC keeps as aliases or packs of products (code-aliases.ts), which are never sent.
import type { Database } from '../db/database.js';
import { pendingBarcodes } from '../outbox/pending-barcodes.js';
import { barcodeKey, normaliseScannedCode } from '../../src-shared/barcode/index.js';
import { CatalogueLookupRepository } from './catalogue-lookup.repository.js';
import { CodeAliasRepository } from './code-aliases.repository.js';
import { searchProducts } from './catalogue-search.js';
import {
  productDetailView,
  productView,
  type ProductDetailView,
  type ProductView,
} from './catalogue-views.js';

export type { ProductDetailView, ProductView, StockInWarehouse, WarehouseView } from './catalogue-views.js';

export interface SearchOptions {
  /** At most this many products; 50 unless given. */
  readonly limit?: number;
}

export interface ServerStock {
  readonly stock: number;
  readonly availablestock: number;
  /** Epoch ms of the pull that wrote the figures. */
  readonly syncedAt: number;
}

/** A scanned code's product, and the alias or pack it was found through (null: barcode or sku). */
export interface ScannedProduct {
  readonly product: ProductView;
  readonly alias: { readonly code: string; readonly units: number } | null;
}

const DEFAULT_SEARCH_LIMIT = 50;
const MAX_SEARCH_LIMIT = 500;
/** The products page counts matches up to this many ("25 of 500+" beyond). */
export const SEARCH_PAGE_COUNT_LIMIT = 500;

export interface SearchPage {
  readonly rows: ProductView[];
  /** Matches found, at most SEARCH_PAGE_COUNT_LIMIT. */
  readonly total: number;
  /** The count stopped at its limit: there may be more. */
  readonly totalIsAtLeast: boolean;
}

export class CatalogueLookup {
  private readonly repository: CatalogueLookupRepository;
  private readonly aliases: CodeAliasRepository;
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
    this.repository = new CatalogueLookupRepository(db);
    this.aliases = new CodeAliasRepository(db);
  }

  /**
   * A scanned code: barcode first (a UPC-A also as its EAN-13), then a barcode assigned locally and
   * not yet sent, then an alias or pack kept on this PC, then exact sku; active products preferred.
   */
  lookupCode(code: string): ProductView | undefined {
    return this.lookupScan(code)?.product;
  }

  /** lookupCode, saying whether the product was found through an alias or pack (and its units). */
  lookupScan(code: string): ScannedProduct | undefined {
    const cleaned = normaliseScannedCode(code);
    if (cleaned === '') return undefined;
    const product = this.findByBarcode(cleaned) ?? this.findByPendingBarcode(cleaned);
    if (product) return { product, alias: null };
    const alias = this.findByAlias(cleaned);
    if (alias) return alias;
    const bySku = this.findBySku(cleaned);
    return bySku ? { product: bySku, alias: null } : undefined;
  }

  /** The product an alias or pack kept on this PC names, if the catalogue has it. */
  findByAlias(code: string): ScannedProduct | undefined {
    const key = barcodeKey(code);
    const alias = key === undefined ? undefined : this.aliases.byKey(key);
    if (alias === undefined) return undefined;
    const row = this.repository.findById(alias.product_id);
    return row === undefined
      ? undefined
      : { product: productView(row), alias: { code: alias.code, units: alias.units } };
  }

  /** The product a queued (unsent) barcode assignment gives this code, if the catalogue has it. */
  findByPendingBarcode(code: string): ProductView | undefined {
    const key = barcodeKey(code);
    if (key === undefined) return undefined;
    for (const pending of pendingBarcodes(this.db)) {
      if (barcodeKey(pending.barcode) !== key) continue;
      const row = this.repository.findById(pending.productId);
      if (row !== undefined) return productView(row);
    }
    return undefined;
  }

  /**
   * The barcode a product scans by now on this PC: the last one queued for it and not yet sent, else
   * the catalogue's; '' when none; undefined when the catalogue has no such product.
   */
  currentBarcode(productId: number): string | undefined {
    const row = this.repository.findById(productId);
    if (row === undefined) return undefined;
    const pending = pendingBarcodes(this.db).find((entry) => entry.productId === productId);
    return pending?.barcode ?? row.barcode;
  }

  findByBarcode(code: string): ProductView | undefined {
    const key = barcodeKey(code);
    if (key === undefined) return undefined;
    const row = this.repository.findByBarcodeKey(key);
    return row === undefined ? undefined : productView(row);
  }

  /** Exact and case-sensitive: skus may differ by case alone. */
  findBySku(sku: string): ProductView | undefined {
    if (sku === '') return undefined;
    const row = this.repository.findBySku(sku);
    return row === undefined ? undefined : productView(row);
  }

  /**
   * Products whose name, sku or barcode has words starting with the typed words (every word must
   * match), best first; a product whose sku or barcode is exactly the typed text comes before all.
   * Ranking is bm25 for specific text and the place in the name for very broad text (catalogue-search.ts).
   */
  search(text: string, options: SearchOptions = {}): ProductView[] {
    const limit = Math.min(Math.max(Math.trunc(options.limit ?? DEFAULT_SEARCH_LIMIT), 0), MAX_SEARCH_LIMIT);
    if (limit === 0) return [];
    return searchProducts(this.repository, text, limit).map(productView);
  }

  /**
   * One page of `search`'s order, with how many match. The matches are found once up to the count
   * limit (the cost of one search of that limit) and the page cut from them, so pages never overlap.
   */
  searchPage(text: string, offset: number, limit: number): SearchPage {
    const all = searchProducts(this.repository, text, SEARCH_PAGE_COUNT_LIMIT);
    return {
      rows: all.slice(offset, offset + limit).map(productView),
      total: all.length,
      totalIsAtLeast: all.length >= SEARCH_PAGE_COUNT_LIMIT,
    };
  }

  findById(id: number): ProductView | undefined {
    const row = this.repository.findById(id);
    return row === undefined ? undefined : productView(row);
  }

  product(id: number): ProductDetailView | undefined {
    const found = this.repository.product(id);
    return found === undefined ? undefined : productDetailView(found.row, found.stock);
  }

  /** The last pulled figures of one product in one warehouse; undefined when none were pulled. */
  serverStock(productId: number, warehouseCode: string): ServerStock | undefined {
    const row = this.repository.serverStock(productId, warehouseCode);
    return row === undefined
      ? undefined
      : { stock: row.stock, availablestock: row.availablestock, syncedAt: row.synced_at };
  }

  /** Every product with a stock row in the warehouse, by id: what a full count compares against. */
  productsInWarehouse(warehouseCode: string): Array<{ productId: number; stock: number }> {
    return this.repository
      .productsInWarehouse(warehouseCode)
      .map((row) => ({ productId: row.product_id, stock: row.stock }));
  }
}
