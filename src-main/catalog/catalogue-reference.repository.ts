// Reference data of the catalogue: warehouses, categories, variations, bundles, contacts, payment
// methods, sales and shipping channels, the merchant profile. Lists the server sends whole are
// replaced whole; bundles and contacts, pulled page by page or one by one, are upserted by id.
import type { Database, Statement } from 'better-sqlite3';
import type {
  BundleDetailRecord,
  CategoryRecord,
  ContactDetailRecord,
  MerchantProfileRecord,
  NamedReferenceRecord,
  VariationRecord,
  WarehouseRecord,
} from '../../src-shared/api/records.js';
import { decimalOf } from './catalogue-product-rows.js';
import type { NamedView, WarehouseView } from './catalogue-views.js';

/** The three lists that share the NamedReference shape, each in its own table. */
export type NamedReferenceTable = 'payment_methods' | 'sales_channels' | 'shipping_channels';

interface NamedReferenceStatements {
  readonly clear: Statement;
  readonly insert: Statement<[number, string, string]>;
  readonly list: Statement<[], NamedView>;
}

export class CatalogueReferenceRepository {
  private readonly clearWarehouses: Statement;
  private readonly insertWarehouse: Statement<[number, string, string, string, string]>;
  private readonly listWarehouses: Statement<[], WarehouseView>;
  private readonly clearCategories: Statement;
  private readonly insertCategory: Statement<[number, string, string]>;
  private readonly listCategories: Statement<[], NamedView>;
  private readonly clearVariationVariants: Statement;
  private readonly clearVariations: Statement;
  private readonly insertVariation: Statement<[number, string, string, string]>;
  private readonly insertVariationVariant: Statement<[number, number, number | null, string]>;
  private readonly upsertBundle: Statement<[number, string, string, number | null, number, string, string]>;
  private readonly clearBundleItems: Statement<[number]>;
  private readonly insertBundleItem: Statement<[number, number, number | null, string, string, number]>;
  private readonly upsertContact: Statement<Record<string, string | number>>;
  private readonly replaceMerchant: Statement<Record<string, string | number>>;
  private readonly named: Readonly<Record<NamedReferenceTable, NamedReferenceStatements>>;

  constructor(private readonly db: Database) {
    this.clearWarehouses = db.prepare('DELETE FROM warehouses');
    this.insertWarehouse = db.prepare(
      'INSERT INTO warehouses (id, code, name, address, record_json) VALUES (?, ?, ?, ?, ?)',
    );
    this.listWarehouses = db.prepare('SELECT id, code, name, address FROM warehouses ORDER BY code, id');
    this.clearCategories = db.prepare('DELETE FROM categories');
    this.insertCategory = db.prepare('INSERT INTO categories (id, name, record_json) VALUES (?, ?, ?)');
    this.listCategories = db.prepare('SELECT id, name FROM categories ORDER BY id');
    // Variants go with their variation (ON DELETE CASCADE); deleted explicitly too, so the replace
    // does not depend on the connection's foreign_keys setting.
    this.clearVariationVariants = db.prepare('DELETE FROM variation_variants');
    this.clearVariations = db.prepare('DELETE FROM variations');
    this.insertVariation = db.prepare(
      'INSERT INTO variations (id, sku, name, record_json) VALUES (?, ?, ?, ?)',
    );
    this.insertVariationVariant = db.prepare(
      'INSERT INTO variation_variants (variation_id, position, variant_id, variantname) VALUES (?, ?, ?, ?)',
    );
    this.upsertBundle = db.prepare(
      `INSERT INTO bundles (id, sku, name, sellprice, active, imagepath, record_json) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET sku = excluded.sku, name = excluded.name, sellprice = excluded.sellprice,
         active = excluded.active, imagepath = excluded.imagepath, record_json = excluded.record_json`,
    );
    this.clearBundleItems = db.prepare('DELETE FROM bundle_items WHERE bundle_id = ?');
    this.insertBundleItem = db.prepare(
      'INSERT INTO bundle_items (bundle_id, position, product_id, sku, name, quantity) VALUES (?, ?, ?, ?, ?, ?)',
    );
    this.upsertContact = db.prepare(
      `INSERT INTO contacts (id, name, code, idnumber, phone, email, address, branchname, branchno, tags_json,
         properties_json, sub_contacts_json, shipping_addresses_json, record_json)
       VALUES (@id, @name, @code, @idnumber, @phone, @email, @address, @branchname, @branchno, @tags,
         @properties, @subContacts, @shippingAddresses, @record)
       ON CONFLICT (id) DO UPDATE SET name = excluded.name, code = excluded.code, idnumber = excluded.idnumber,
         phone = excluded.phone, email = excluded.email, address = excluded.address,
         branchname = excluded.branchname, branchno = excluded.branchno, tags_json = excluded.tags_json,
         properties_json = excluded.properties_json, sub_contacts_json = excluded.sub_contacts_json,
         shipping_addresses_json = excluded.shipping_addresses_json, record_json = excluded.record_json`,
    );
    this.replaceMerchant = db.prepare(
      `INSERT OR REPLACE INTO merchant_profile (singleton, id, name, phone, email, address, taxid, fax, website, record_json)
       VALUES (1, @id, @name, @phone, @email, @address, @taxid, @fax, @website, @record)`,
    );
    this.named = {
      payment_methods: this.namedStatements('payment_methods'),
      sales_channels: this.namedStatements('sales_channels'),
      shipping_channels: this.namedStatements('shipping_channels'),
    };
  }

  private namedStatements(table: NamedReferenceTable): NamedReferenceStatements {
    return {
      clear: this.db.prepare(`DELETE FROM ${table}`),
      insert: this.db.prepare(`INSERT OR REPLACE INTO ${table} (id, name, record_json) VALUES (?, ?, ?)`),
      list: this.db.prepare(`SELECT id, name FROM ${table} ORDER BY id`),
    };
  }

  replaceWarehouses(records: readonly WarehouseRecord[]): void {
    this.clearWarehouses.run();
    for (const record of records) {
      this.insertWarehouse.run(
        record.id,
        record.code ?? '',
        record.name ?? '',
        record.address ?? '',
        json(record),
      );
    }
  }

  warehouses(): WarehouseView[] {
    return this.listWarehouses.all();
  }

  replaceCategories(records: readonly CategoryRecord[]): void {
    this.clearCategories.run();
    for (const record of records) this.insertCategory.run(record.id, record.name ?? '', json(record));
  }

  categories(): NamedView[] {
    return this.listCategories.all();
  }

  replaceVariations(records: readonly VariationRecord[]): void {
    this.clearVariationVariants.run();
    this.clearVariations.run();
    for (const record of records) {
      this.insertVariation.run(record.id, record.sku ?? '', record.name ?? '', json(record));
      (record.variants ?? []).forEach((variant, position) => {
        this.insertVariationVariant.run(
          record.id,
          position,
          variant.variantid ?? null,
          variant.variantname ?? '',
        );
      });
    }
  }

  upsertBundles(records: readonly BundleDetailRecord[]): void {
    for (const record of records) {
      this.upsertBundle.run(
        record.id,
        record.sku ?? '',
        record.name ?? '',
        decimalOf(record.sellprice) ?? null,
        record.active === false ? 0 : 1,
        record.imagepath ?? '',
        json(record),
      );
      this.clearBundleItems.run(record.id);
      (record.list ?? []).forEach((item, position) => {
        this.insertBundleItem.run(
          record.id,
          position,
          item.id ?? null,
          item.sku ?? '',
          item.name ?? '',
          item.quantity ?? 0,
        );
      });
    }
  }

  upsertContacts(records: readonly ContactDetailRecord[]): void {
    for (const record of records) {
      this.upsertContact.run({
        id: record.id,
        name: record.name ?? '',
        code: record.code ?? '',
        idnumber: record.idnumber ?? '',
        phone: record.phone ?? '',
        email: record.email ?? '',
        address: record.address ?? '',
        branchname: record.branchname ?? '',
        branchno: record.branchno ?? '',
        tags: JSON.stringify(record.tag ?? []),
        properties: JSON.stringify(record.properties ?? []),
        subContacts: JSON.stringify(record.subContactList ?? []),
        shippingAddresses: JSON.stringify(record.shippingList ?? []),
        record: json(record),
      });
    }
  }

  replaceNamed(table: NamedReferenceTable, records: readonly NamedReferenceRecord[]): void {
    const statements = this.named[table];
    statements.clear.run();
    for (const record of records) statements.insert.run(record.id, record.name ?? '', json(record));
  }

  listNamed(table: NamedReferenceTable): NamedView[] {
    return this.named[table].list.all();
  }

  setMerchantProfile(record: MerchantProfileRecord): void {
    this.replaceMerchant.run({
      id: record.id,
      name: record.name ?? '',
      phone: record.phone ?? '',
      email: record.email ?? '',
      address: record.address ?? '',
      taxid: record.taxid ?? '',
      fax: record.fax ?? '',
      website: record.website ?? '',
      record: json(record),
    });
  }
}

function json(record: object): string {
  return JSON.stringify(record);
}
