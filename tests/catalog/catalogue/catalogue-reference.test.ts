import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BundleDetail,
  Category,
  ContactDetail,
  MerchantProfile,
  NamedReference,
  Variation,
  Warehouse,
} from '../../../src-shared/api/records.js';
import { openCatalogue, type CatalogueFixture } from './catalogue-test-support.js';

describe('CatalogueRepository reference data', () => {
  let catalogue: CatalogueFixture;
  beforeEach(() => {
    catalogue = openCatalogue();
  });
  afterEach(() => catalogue.close());

  it('replaces warehouses, categories, payment methods, sales and shipping channels whole', () => {
    const { repository } = catalogue;
    repository.replaceWarehouses([
      Warehouse.parse({ id: 2, code: 'W0002', name: 'สาขา 2', address: 'เชียงใหม่' }),
      Warehouse.parse({ id: 1, code: 'W0001', name: 'คลังหลัก' }),
    ]);
    repository.replaceWarehouses([
      Warehouse.parse({ id: 1, code: 'W0001', name: 'คลังหลัก (ใหม่)' }),
      Warehouse.parse({ id: 3, code: 'W0003', name: 'ภูเก็ต', extra: true }),
    ]);
    expect(repository.warehouses()).toEqual([
      { id: 1, code: 'W0001', name: 'คลังหลัก (ใหม่)', address: '' },
      { id: 3, code: 'W0003', name: 'ภูเก็ต', address: '' },
    ]);

    repository.replaceCategories([
      Category.parse({ id: 1, name: 'ขนม' }),
      Category.parse({ id: 2, name: 'เครื่องดื่ม' }),
    ]);
    repository.replaceCategories([Category.parse({ id: 2, name: 'เครื่องดื่ม' })]);
    expect(repository.categories()).toEqual([{ id: 2, name: 'เครื่องดื่ม' }]);

    const named = (id: number, name: string) => NamedReference.parse({ id, name });
    repository.replacePaymentMethods([named(1, 'เงินสด'), named(2, 'โอน')]);
    repository.replacePaymentMethods([named(2, 'โอน'), named(5, 'บัตรเครดิต')]);
    repository.replaceSalesChannels([named(1, 'หน้าร้าน')]);
    repository.replaceShippingChannels([named(9, 'ไปรษณีย์ไทย')]);
    repository.replaceShippingChannels([]);
    expect(repository.paymentMethods()).toEqual([
      { id: 2, name: 'โอน' },
      { id: 5, name: 'บัตรเครดิต' },
    ]);
    expect(repository.salesChannels()).toEqual([{ id: 1, name: 'หน้าร้าน' }]);
    expect(repository.shippingChannels()).toEqual([]);
  });

  it('replaces variations with their variants', () => {
    const { repository, db } = catalogue;
    repository.replaceVariations([
      Variation.parse({
        id: 1,
        sku: 'VAR-1',
        name: 'เสื้อ',
        variants: [{ variantid: 11, variantname: 'สี' }],
      }),
    ]);
    repository.replaceVariations([
      Variation.parse({
        id: 2,
        sku: 'VAR-2',
        name: 'ผ้าขนหนู',
        variants: [
          { variantid: 21, variantname: 'สี' },
          { variantid: 22, variantname: 'ขนาด' },
        ],
      }),
    ]);
    expect(db.prepare('SELECT id, sku, name FROM variations').all()).toEqual([
      { id: 2, sku: 'VAR-2', name: 'ผ้าขนหนู' },
    ]);
    expect(
      db
        .prepare('SELECT variation_id, variant_id, variantname FROM variation_variants ORDER BY position')
        .all(),
    ).toEqual([
      { variation_id: 2, variant_id: 21, variantname: 'สี' },
      { variation_id: 2, variant_id: 22, variantname: 'ขนาด' },
    ]);
  });

  it('upserts bundles by id and replaces their items', () => {
    const { repository, db } = catalogue;
    const bundle = (items: Array<{ id: number; sku: string; quantity: number }>, name: string) =>
      BundleDetail.parse({ id: 50, name, sku: 'SET-1', sellprice: '199.00', active: true, list: items });
    repository.upsertBundles([
      bundle(
        [
          { id: 1, sku: 'A', quantity: 2 },
          { id: 2, sku: 'B', quantity: 1 },
        ],
        'ชุดแรก',
      ),
    ]);
    repository.upsertBundles([bundle([{ id: 3, sku: 'C', quantity: 0.5 }], 'ชุดใหม่')]);
    expect(db.prepare('SELECT id, name, sku, sellprice, active FROM bundles').all()).toEqual([
      { id: 50, name: 'ชุดใหม่', sku: 'SET-1', sellprice: 199, active: 1 },
    ]);
    expect(
      db.prepare('SELECT product_id, sku, quantity FROM bundle_items WHERE bundle_id = 50').all(),
    ).toEqual([{ product_id: 3, sku: 'C', quantity: 0.5 }]);
  });

  it('upserts contacts with sub-contacts and shipping addresses kept whole', () => {
    const { repository, db } = catalogue;
    const contact = (name: string) =>
      ContactDetail.parse({
        id: 8,
        name,
        code: 'C008',
        phone: '0812345678',
        tag: ['VIP'],
        subContactList: [{ name: 'คุณเอ', isMain: true, nickname: 'เอ' }],
        shippingList: [{ name: 'โกดัง', address: 'บางนา', isMain: true }],
      });
    repository.upsertContacts([contact('ร้านเดิม')]);
    repository.upsertContacts([contact('ร้านใหม่')]);
    const row = db
      .prepare<
        [],
        { name: string; code: string; sub_contacts_json: string; shipping_addresses_json: string }
      >('SELECT name, code, sub_contacts_json, shipping_addresses_json FROM contacts')
      .all();
    expect(row).toHaveLength(1);
    expect(row[0]?.name).toBe('ร้านใหม่');
    expect(JSON.parse(row[0]?.sub_contacts_json ?? '')).toEqual([
      { name: 'คุณเอ', isMain: true, nickname: 'เอ' },
    ]);
    expect(JSON.parse(row[0]?.shipping_addresses_json ?? '')).toEqual([
      { name: 'โกดัง', address: 'บางนา', isMain: true },
    ]);
  });

  it('keeps one merchant profile row, the newest', () => {
    const { repository, db } = catalogue;
    repository.setMerchantProfile(MerchantProfile.parse({ id: 1, name: 'ร้านเก่า', taxid: '0105555000001' }));
    repository.setMerchantProfile(
      MerchantProfile.parse({ id: 1, name: 'ร้านสต็อกรูม', taxid: '0105555000002' }),
    );
    expect(db.prepare('SELECT id, name, taxid FROM merchant_profile').all()).toEqual([
      { id: 1, name: 'ร้านสต็อกรูม', taxid: '0105555000002' },
    ]);
  });
});
