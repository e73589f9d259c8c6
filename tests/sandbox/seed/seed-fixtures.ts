// What the seed tests share: a fixed "now" and the reference data the core seeds for a demo store.

/** 2026-01-15 10:00 Thai time. */
export const ANCHOR = Date.parse('2026-01-15T03:00:00Z');

/** The names the core gives a demo store's payment methods and sales channels (merchant.seed.ts). */
export const REFERENCE = {
  paymentMethods: ['เงินสด', 'โอนเงิน ธนาคารกสิกรไทย', 'โอนเงิน ธนาคารไทยพาณิชย์', 'บัตรเครดิต', 'พร้อมเพย์'],
  salesChannels: ['หน้าร้าน', 'Shopee', 'Lazada', 'LINE Shopping', 'Facebook'],
} as const;
