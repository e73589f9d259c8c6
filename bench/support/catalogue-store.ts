// A big catalogue written straight into a store database (count-review.bench.ts, time-to-work.bench.ts,
// memory.bench.ts): products with EAN-13 barcodes and stock in one warehouse, as a sync would leave them.
import { CatalogueRepository } from '../../src-main/catalog/catalogue.repository.js';
import type { Database } from '../../src-main/db/database.js';
import { ean13FromPrefix } from '../../src-shared/barcode/index.js';
import { Product, type ProductRecord } from '../../src-shared/api/records.js';

const PAGE = 500;

export const barcodeOf = (id: number): string => ean13FromPrefix(`885${String(id).padStart(9, '0')}`) ?? '';
export const skuOf = (id: number): string => `SKU-${String(id).padStart(6, '0')}`;

export function productRecord(id: number): ProductRecord {
  const stock = id % 10 === 0 ? 0 : (id * 7) % 120;
  return Product.parse({
    id,
    name: `สินค้า ${id}`,
    sku: skuOf(id),
    barcode: barcodeOf(id),
    sellprice: String(10 + (id % 500)),
    purchaseprice: String(8 + (id % 400)),
    unittext: 'ชิ้น',
    active: true,
    stock: String(stock),
    availablestock: String(stock),
  });
}

/** Products `firstId`.. (`count` of them) with their stock in `warehouseCode`, a page at a time. */
export function fillCatalogue(db: Database, warehouseCode: string, count: number, firstId = 1): void {
  const catalogue = new CatalogueRepository(db);
  const end = firstId + count;
  for (let start = firstId; start < end; start += PAGE) {
    const page = Array.from({ length: Math.min(PAGE, end - start) }, (_, offset) =>
      productRecord(start + offset),
    );
    catalogue.upsertProducts(page, { warehouseCode, syncedAt: Date.now() });
  }
}
