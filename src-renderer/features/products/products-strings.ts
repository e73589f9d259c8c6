// The words of the product detail page (and the products list's own additions), in English and Thai,
// kept beside the pages (the frame's dictionary in lib/i18n.svelte.ts belongs to others).
// `pt(key, values)` reads the same language as `t`. A missing Thai string is a type error.
import { locale } from '../../lib/i18n.svelte.js';

const en = {
  openHint: 'Enter or a click opens the selected product.',
  openProduct: 'Open {name}',
  back: 'Back to search (Esc)',
  loading: 'Loading the product…',
  notFound: 'This product is not in the local catalogue (it may have been removed at the last sync).',
  sku: 'SKU',
  barcode: 'Barcode',
  unit: 'Unit',
  sellprice: 'Sell price',
  purchaseprice: 'Purchase price',
  category: 'Category',
  status: 'Status',
  active: 'Active',
  inactive: 'Inactive',
  tags: 'Tags',
  none: '—',
  detailsTitle: 'Details',
  variantsTitle: 'Variants',
  propertiesTitle: 'Properties',
  columnVariant: 'Variant',
  columnValue: 'Value',
  columnProperty: 'Property',
  stockTitle: 'Stock per warehouse',
  stockHint:
    'Server: the back office’s figure at the last sync. Expected: the server figure with the changes still waiting in the outbox.',
  columnWarehouse: 'Warehouse',
  columnServer: 'Server (last sync)',
  columnAvailable: 'Available',
  columnExpected: 'Expected',
  totalRow: 'All warehouses',
  noStock: 'No stock figure for this product yet.',
  imageTitle: 'Image',
  imageAlt: 'Picture of {name}',
  imageLoading: 'Loading the picture…',
  imageNone: 'This product has no picture.',
  imageFromCache: 'Saved copy (shown offline too).',
  imageUnreachable: 'The picture cannot be loaded: the back office is not reachable and no copy is saved.',
  imageNotFound: 'The back office no longer has this product’s picture.',
  imageTooLarge: 'The picture is larger than 2 MB, so it is not shown.',
  imageNotAnImage: 'The picture address does not give an image.',
  imageFailed: 'The picture could not be loaded.',
} as const;

export type ProductsKey = keyof typeof en;

const th: Record<ProductsKey, string> = {
  openHint: 'กด Enter หรือคลิกเพื่อเปิดสินค้าที่เลือก',
  openProduct: 'เปิด {name}',
  back: 'กลับไปที่การค้นหา (Esc)',
  loading: 'กำลังโหลดสินค้า…',
  notFound: 'ไม่มีสินค้านี้ในแคตตาล็อกในเครื่อง (อาจถูกลบในการซิงค์ครั้งล่าสุด)',
  sku: 'รหัสสินค้า',
  barcode: 'บาร์โค้ด',
  unit: 'หน่วย',
  sellprice: 'ราคาขาย',
  purchaseprice: 'ราคาซื้อ',
  category: 'หมวดหมู่',
  status: 'สถานะ',
  active: 'ใช้งาน',
  inactive: 'ปิดใช้งาน',
  tags: 'แท็ก',
  none: '—',
  detailsTitle: 'รายละเอียด',
  variantsTitle: 'ตัวเลือกสินค้า',
  propertiesTitle: 'คุณสมบัติ',
  columnVariant: 'ตัวเลือก',
  columnValue: 'ค่า',
  columnProperty: 'คุณสมบัติ',
  stockTitle: 'สต็อกแยกตามคลัง',
  stockHint: 'เซิร์ฟเวอร์: ตัวเลขจากระบบหลังร้านเมื่อซิงค์ครั้งล่าสุด ควรมี: ตัวเลขเซิร์ฟเวอร์รวมกับรายการที่ยังรอส่ง',
  columnWarehouse: 'คลังสินค้า',
  columnServer: 'เซิร์ฟเวอร์ (ซิงค์ล่าสุด)',
  columnAvailable: 'พร้อมขาย',
  columnExpected: 'ควรมี',
  totalRow: 'ทุกคลัง',
  noStock: 'ยังไม่มีตัวเลขสต็อกของสินค้านี้',
  imageTitle: 'รูปภาพ',
  imageAlt: 'รูปของ {name}',
  imageLoading: 'กำลังโหลดรูป…',
  imageNone: 'สินค้านี้ไม่มีรูป',
  imageFromCache: 'สำเนาที่บันทึกไว้ (แสดงได้แม้ออฟไลน์)',
  imageUnreachable: 'โหลดรูปไม่ได้: ติดต่อระบบหลังร้านไม่ได้และไม่มีสำเนาที่บันทึกไว้',
  imageNotFound: 'ระบบหลังร้านไม่มีรูปของสินค้านี้แล้ว',
  imageTooLarge: 'รูปมีขนาดเกิน 2 MB จึงไม่แสดง',
  imageNotAnImage: 'ที่อยู่ของรูปไม่ได้ให้ไฟล์รูปภาพ',
  imageFailed: 'โหลดรูปไม่สำเร็จ',
};

const dictionaries = { en, th } as const;

/** The product pages' text of `key` in the current language, with {name} placeholders filled. */
export function pt(key: ProductsKey, values: Record<string, string | number> = {}): string {
  const text: string = dictionaries[locale.language][key];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : String(value);
  });
}

/** Prices with two decimals, as people of the current language write them. */
export function formatPrice(value: number): string {
  return new Intl.NumberFormat(locale.language === 'th' ? 'th-TH' : 'en-GB', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value);
}
