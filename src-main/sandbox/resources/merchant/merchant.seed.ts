// Reference data of a new store: merchant profile, warehouses, payment methods, channels.
import type { StoreContext } from '../../core/handler.js';
import type { SeedKind } from '../../core/seed-options.js';
import { insertReference, insertWarehouse, writeMerchantProfile } from './merchant.repository.js';

const demoWarehouses = [
  { code: 'W0001', name: 'คลังสินค้าหลัก', address: '99 ถนนพระราม 4 แขวงคลองเตย เขตคลองเตย กรุงเทพฯ 10110' },
  { code: 'W0002', name: 'คลังสินค้าบางนา', address: '88 ถนนบางนา-ตราด แขวงบางนา เขตบางนา กรุงเทพฯ 10260' },
  { code: 'W0003', name: 'คลังสินค้าเชียงใหม่', address: '15 ถนนห้วยแก้ว ตำบลสุเทพ อำเภอเมือง เชียงใหม่ 50200' },
];

const demoPaymentMethods = ['เงินสด', 'โอนเงิน ธนาคารกสิกรไทย', 'โอนเงิน ธนาคารไทยพาณิชย์', 'บัตรเครดิต', 'พร้อมเพย์'];
const demoSalesChannels = ['หน้าร้าน', 'Shopee', 'Lazada', 'LINE Shopping', 'Facebook'];
const demoShippingChannels = ['Kerry Express', 'Flash Express', 'ไปรษณีย์ไทย EMS', 'J&T Express', 'รับเองที่ร้าน'];

/** Seeds the merchant's own reference data; runs inside the store-creation transaction. */
export function seedMerchantReference({ db, store, now }: StoreContext, seed: SeedKind): void {
  const createdAt = now();
  const demo = seed === 'demo';
  writeMerchantProfile(db, store.id, {
    name: demo ? 'ร้านสต็อกรูม เดโม (Stockroom Demo)' : store.name,
    phone: demo ? '02-123-4567' : '',
    email: demo ? `${store.name}@example.com` : '',
    address: demo ? (demoWarehouses[0]?.address ?? '') : '',
    taxid: demo ? '0105559999999' : '',
    fax: '',
    website: demo ? 'https://example.com' : '',
  });
  const warehouses = demo ? demoWarehouses : demoWarehouses.slice(0, 1);
  for (const warehouse of warehouses) insertWarehouse(db, store.id, { ...warehouse, createdAt });
  if (!demo) return;
  for (const name of demoPaymentMethods) insertReference(db, store.id, 'paymentmethod', name);
  for (const name of demoSalesChannels) insertReference(db, store.id, 'saleschannel', name);
  for (const name of demoShippingChannels) insertReference(db, store.id, 'shippingchannel', name);
}
