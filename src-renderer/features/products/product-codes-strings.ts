// The words of a product's codes kept on this PC (aliases and packs) and of the codes file, in English
// and Thai.
import { translator } from '../../lib/i18n.svelte.js';

/** The text of `key` in the page's language, with {name} placeholders filled from `values`. */
export const pct = translator({
  en: {
    title: 'Other codes on this PC',
    intro:
      'Codes this PC scans as this product besides its barcode: another code counts 1, a pack code counts its units (a carton of 24). Kept on this PC only; share them with the codes file.',
    none: 'No other code.',
    afterSend: 'Other codes can be added once this product is sent to the back office.',
    columnCode: 'Code',
    columnCounts: 'One scan counts',
    anotherCode: '1 (another code)',
    packOf: '1 pack = {units} {unit}',
    remove: 'Remove',
    removeFor: 'code {code}',
    codeLabel: 'Code (scan or type)',
    unitsLabel: 'Units one scan counts',
    add: 'Add code',
    badUnits: '“{text}” is not a whole number from 1 to 100,000.',
    noCode: 'Type or scan a code first.',
    added: 'Code {code} added.',
    removed: 'Code {code} removed.',
    fileTitle: 'Codes file (all products)',
    exportFile: 'Save codes file',
    importFile: 'Read a codes file',
    imported:
      'Codes file read: {added} added, {updated} updated, {unchanged} already known, {skipped} skipped.',
  },
  th: {
    title: 'รหัสอื่นบนเครื่องนี้',
    intro:
      'รหัสที่เครื่องนี้สแกนเป็นสินค้านี้นอกจากบาร์โค้ด: รหัสอื่นนับ 1 รหัสแพ็กนับตามจำนวนในแพ็ก (เช่น ลังละ 24) เก็บไว้บนเครื่องนี้เท่านั้น แบ่งให้เครื่องอื่นด้วยไฟล์รหัส',
    none: 'ไม่มีรหัสอื่น',
    afterSend: 'เพิ่มรหัสอื่นได้เมื่อส่งสินค้านี้ไปยังระบบหลังร้านแล้ว',
    columnCode: 'รหัส',
    columnCounts: 'สแกนหนึ่งครั้งนับ',
    anotherCode: '1 (รหัสอื่น)',
    packOf: '1 แพ็ก = {units} {unit}',
    remove: 'ลบ',
    removeFor: 'รหัส {code}',
    codeLabel: 'รหัส (สแกนหรือพิมพ์)',
    unitsLabel: 'จำนวนที่นับต่อการสแกนหนึ่งครั้ง',
    add: 'เพิ่มรหัส',
    badUnits: '“{text}” ไม่ใช่จำนวนเต็มตั้งแต่ 1 ถึง 100,000',
    noCode: 'พิมพ์หรือสแกนรหัสก่อน',
    added: 'เพิ่มรหัส {code} แล้ว',
    removed: 'ลบรหัส {code} แล้ว',
    fileTitle: 'ไฟล์รหัส (ทุกสินค้า)',
    exportFile: 'บันทึกไฟล์รหัส',
    importFile: 'อ่านไฟล์รหัส',
    imported: 'อ่านไฟล์รหัสแล้ว: เพิ่ม {added} ปรับ {updated} มีอยู่แล้ว {unchanged} ข้าม {skipped}',
  },
});
