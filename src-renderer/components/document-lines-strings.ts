// The line editor's words in English and Thai (components/DocumentLines.svelte), and a refused field's
// message chosen by the field it names (never by main's text). A missing Thai string is a type error.
import type { IpcIssue, MoneyVatChoice } from '../../src-shared/ipc/index.js';
import { translator } from '../lib/i18n.svelte.js';
import { figureIssueWords } from '../lib/typed-number-words.js';

export const dlt = translator({
  en: {
    linesTitle: 'Products',
    picker: 'Add a product',
    pickerHint: 'Scan anywhere on this form, or type a name, SKU or barcode: Up/Down choose, Enter adds.',
    results: 'Products found',
    noResults: 'No product matches “{text}”.',
    unknownCode: 'No product has the code {code}.',
    lookupFailed: 'The product could not be looked up. Try again.',
    noLines: 'No products yet: scan one or search above.',
    columnProduct: 'Product',
    quantity: 'Quantity of line {n}',
    unitPrice: 'Unit price of line {n}',
    unitDiscount: 'Discount per unit of line {n}',
    columnQuantity: 'Quantity',
    columnUnitPrice: 'Unit price',
    columnDiscount: 'Discount / unit',
    columnTotal: 'Line total',
    remove: 'Remove line {n}',
    removeShort: 'Remove',
    vatType: 'VAT',
    vatNone: 'No VAT',
    vatExclude: 'Prices exclude VAT',
    vatInclude: 'Prices include VAT',
    discount: 'Discount on the document',
    discountHint: '50 or 10%',
    shippingAmount: 'Shipping',
    shippingVat: 'Shipping is subject to VAT',
    figuresTitle: 'Figures the back office will store',
    subtotal: 'Sum of the lines',
    discountAmount: 'Discount',
    shipping: 'Shipping',
    amountPretax: 'Before VAT',
    vatAmount: 'VAT',
    amount: 'Amount',
    previewing: 'Working out…',
    noFigures: 'Figures show once every line is valid.',
    issueQuantity: 'Type a quantity of more than 0.',
    issueAmount: 'Type an amount of 0 or more, with at most 2 decimals.',
    issueDiscount: 'Type an amount such as 5 or a percentage such as 10%, not more than the price.',
    issueLines: 'Add at least one product.',
    issueText: 'This text is too long.',
    issueOther: 'Check this field: {message}',
  },
  th: {
    linesTitle: 'สินค้า',
    picker: 'เพิ่มสินค้า',
    pickerHint: 'สแกนที่ใดก็ได้บนฟอร์มนี้ หรือพิมพ์ชื่อ รหัสสินค้า หรือบาร์โค้ด: ขึ้น/ลง เลือก Enter เพิ่ม',
    results: 'สินค้าที่พบ',
    noResults: 'ไม่พบสินค้าที่ตรงกับ “{text}”',
    unknownCode: 'ไม่มีสินค้าที่มีรหัส {code}',
    lookupFailed: 'ค้นหาสินค้าไม่สำเร็จ ลองอีกครั้ง',
    noLines: 'ยังไม่มีสินค้า: สแกนหรือค้นหาด้านบน',
    columnProduct: 'สินค้า',
    quantity: 'จำนวนของรายการที่ {n}',
    unitPrice: 'ราคาต่อหน่วยของรายการที่ {n}',
    unitDiscount: 'ส่วนลดต่อหน่วยของรายการที่ {n}',
    columnQuantity: 'จำนวน',
    columnUnitPrice: 'ราคาต่อหน่วย',
    columnDiscount: 'ส่วนลด / หน่วย',
    columnTotal: 'รวมรายการ',
    remove: 'ลบรายการที่ {n}',
    removeShort: 'ลบ',
    vatType: 'VAT',
    vatNone: 'ไม่มี VAT',
    vatExclude: 'ราคาไม่รวม VAT',
    vatInclude: 'ราคารวม VAT',
    discount: 'ส่วนลดท้ายเอกสาร',
    discountHint: '50 หรือ 10%',
    shippingAmount: 'ค่าขนส่ง',
    shippingVat: 'ค่าขนส่งคิด VAT',
    figuresTitle: 'ยอดที่ระบบหลังร้านจะบันทึก',
    subtotal: 'รวมรายการ',
    discountAmount: 'ส่วนลด',
    shipping: 'ค่าขนส่ง',
    amountPretax: 'ก่อน VAT',
    vatAmount: 'VAT',
    amount: 'ยอดรวม',
    previewing: 'กำลังคำนวณ…',
    noFigures: 'ยอดจะแสดงเมื่อทุกรายการถูกต้อง',
    issueQuantity: 'พิมพ์จำนวนที่มากกว่า 0',
    issueAmount: 'พิมพ์จำนวนเงินตั้งแต่ 0 ขึ้นไป ทศนิยมไม่เกิน 2 ตำแหน่ง',
    issueDiscount: 'พิมพ์จำนวนเงิน เช่น 5 หรือเปอร์เซ็นต์ เช่น 10% ไม่เกินราคา',
    issueLines: 'เพิ่มสินค้าอย่างน้อยหนึ่งรายการ',
    issueText: 'ข้อความยาวเกินไป',
    issueOther: 'ตรวจสอบช่องนี้: {message}',
  },
});

type LinesKey = Parameters<typeof dlt>[0];

const VAT_WORDS: Record<MoneyVatChoice, LinesKey> = {
  noVat: 'vatNone',
  excludeVat: 'vatExclude',
  includeVat: 'vatInclude',
};

export function vatChoiceWords(choice: MoneyVatChoice): string {
  return dlt(VAT_WORDS[choice]);
}

/** The message of a refused field, by the last part of its path (`lines.2.quantity` → quantity). */
const FIELD_MESSAGES: Record<string, LinesKey> = {
  quantity: 'issueQuantity',
  unitPrice: 'issueAmount',
  shippingAmount: 'issueAmount',
  discount: 'issueDiscount',
  lines: 'issueLines',
  sku: 'issueText',
  name: 'issueText',
  unitText: 'issueText',
};

/** A refused line-editor field in the page's words; null when the path is not the editor's. */
export function lineIssueWords(issue: IpcIssue): string | null {
  const figure = figureIssueWords(issue);
  if (figure !== null) return figure;
  const field = issue.path.split('.').at(-1) ?? '';
  const key = FIELD_MESSAGES[field];
  return key === undefined ? null : dlt(key);
}
