// The sessions list's and new-session form's words for who, when and what a session counts (scope), in
// English and Thai; the rest of these pages' words are the counting pages' (counting-strings.ts).
import { translator } from '../../lib/i18n.svelte.js';

/** The text of `key` in the page's language, with {name} placeholders filled from `values`. */
export const sst = translator({
  en: {
    counter: 'Counted by (optional)',
    scope: 'What to count',
    scopeWarehouse: 'The whole warehouse',
    scopeCategories: 'Chosen categories',
    scopeProducts: 'A list of products',
    categoriesLabel: 'Categories (Ctrl or Shift with a click or arrows chooses several)',
    noCategories: 'The catalogue has no categories.',
    codesLabel: 'Products: one barcode or SKU a line',
    scopeNoneChosen: 'Choose at least one category or product to count.',
    scopeUnknownCodes: 'No product has these codes: {codes}. Correct or remove them.',
    scopeOutsideNote: 'Products outside what is counted are never changed at commit.',
    columnStarted: 'Started',
    columnCounter: 'Counted by',
    columnScope: 'Counts',
    nobody: '—',
    scopeWholeWarehouse: 'whole warehouse',
    scopeCategoriesList: 'categories: {names}',
    scopeProductsCount: '{count} products',
    categoryGone: '(removed category)',
  },
  th: {
    counter: 'ผู้นับ (ไม่บังคับ)',
    scope: 'นับอะไร',
    scopeWarehouse: 'ทั้งคลังสินค้า',
    scopeCategories: 'เฉพาะหมวดหมู่ที่เลือก',
    scopeProducts: 'รายการสินค้าที่ระบุ',
    categoriesLabel: 'หมวดหมู่ (กด Ctrl หรือ Shift พร้อมคลิกหรือลูกศรเพื่อเลือกหลายหมวด)',
    noCategories: 'แคตตาล็อกไม่มีหมวดหมู่',
    codesLabel: 'สินค้า: บาร์โค้ดหรือรหัสสินค้าบรรทัดละหนึ่งรายการ',
    scopeNoneChosen: 'เลือกหมวดหมู่หรือสินค้าที่จะนับอย่างน้อยหนึ่งรายการ',
    scopeUnknownCodes: 'ไม่มีสินค้าที่มีรหัสเหล่านี้: {codes} แก้ไขหรือลบออก',
    scopeOutsideNote: 'สินค้านอกขอบเขตที่นับจะไม่ถูกเปลี่ยนเมื่อยืนยัน',
    columnStarted: 'เริ่มเมื่อ',
    columnCounter: 'ผู้นับ',
    columnScope: 'ขอบเขต',
    nobody: '—',
    scopeWholeWarehouse: 'ทั้งคลัง',
    scopeCategoriesList: 'หมวดหมู่: {names}',
    scopeProductsCount: 'สินค้า {count} รายการ',
    categoryGone: '(หมวดหมู่ที่ถูกลบ)',
  },
});

export type SessionsKey = Parameters<typeof sst>[0];
