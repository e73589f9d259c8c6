// A real catalogue database in a temp folder, and Product records shaped as the client reads them
// (parsed by the spec's zod schema, so numbers-as-text and unknown fields behave as on the wire).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from '../../../src-main/db/database.js';
import { CatalogueLookup } from '../../../src-main/catalog/catalogue-lookup.js';
import { CatalogueRepository } from '../../../src-main/catalog/catalogue.repository.js';
import { Product, type ProductRecord } from '../../../src-shared/api/records.js';

export interface CatalogueFixture {
  readonly db: Database;
  readonly file: string;
  readonly repository: CatalogueRepository;
  readonly lookup: CatalogueLookup;
  close(): void;
}

export function openCatalogue(): CatalogueFixture {
  const folder = mkdtempSync(join(tmpdir(), 'stockroom-catalogue-'));
  const file = join(folder, 'store.sqlite');
  const db = openDatabase(file);
  return {
    db,
    file,
    repository: new CatalogueRepository(db),
    lookup: new CatalogueLookup(db),
    close() {
      db.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** A product as GetProducts answers it; `fields` override or add (unknown fields included). */
export function product(id: number, fields: Record<string, unknown> = {}): ProductRecord {
  return Product.parse({
    id,
    name: `Product ${id}`,
    sku: `SKU-${id}`,
    barcode: '',
    sellprice: '10.00',
    purchaseprice: '6.00',
    unittext: 'ชิ้น',
    active: true,
    ...fields,
  });
}
