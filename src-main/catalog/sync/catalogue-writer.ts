// The part of the catalogue store (contract 1, src-main/catalog/catalogue.repository.ts) the sync
// uses. Spelled out here so the sync's modules depend on the contract, not on the class; the factory
// in catalogue-sync.ts checks that CatalogueRepository satisfies it. Everything written through it is
// SERVER state: the outbox's local view adds pending operations on read, so nothing here may ever be an
// "effective" figure.
import type {
  BundleDetailRecord,
  CategoryRecord,
  ContactDetailRecord,
  MerchantProfileRecord,
  NamedReferenceRecord,
  ProductRecord,
  VariationRecord,
  WarehouseRecord,
} from '../../../src-shared/api/records.js';

export interface UpsertProductsOptions {
  /** With it, stock/availablestock of the records are this warehouse's figures; without, product fields only. */
  readonly warehouseCode?: string;
  /** When the request that read the records was sent (epoch ms). */
  readonly syncedAt: number;
}

export interface CatalogueWriter {
  upsertProducts(records: readonly ProductRecord[], options: UpsertProductsOptions): void;
  deleteProducts(ids: readonly number[]): void;
  productIds(): number[];
  replaceWarehouses(records: readonly WarehouseRecord[]): void;
  replaceCategories(records: readonly CategoryRecord[]): void;
  replaceVariations(records: readonly VariationRecord[]): void;
  upsertBundles(records: readonly BundleDetailRecord[]): void;
  upsertContacts(records: readonly ContactDetailRecord[]): void;
  replacePaymentMethods(records: readonly NamedReferenceRecord[]): void;
  replaceSalesChannels(records: readonly NamedReferenceRecord[]): void;
  replaceShippingChannels(records: readonly NamedReferenceRecord[]): void;
  setMerchantProfile(record: MerchantProfileRecord): void;
  warehouses(): ReadonlyArray<{ readonly code: string }>;
}
