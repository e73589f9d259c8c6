// The recount screen's words in English and Thai, kept beside the page.
import { translator } from '../../lib/i18n.svelte.js';

/** The recount screen's text of `key` in the page's language, with {name} placeholders filled. */
export const rct = translator({
  en: {
    title: 'Recount: {name}',
    intro:
      'A blind recount: count these products again without looking at the first count. Scan each item (one scan adds 1), or type the figure you counted and press Enter.',
    hint: 'Scan anywhere on this screen · Enter in a figure: record it · Esc: back to the review',
    recounter: 'Who recounts (required)',
    loading: 'Loading the lines to recount…',
    none: 'No line is marked for a recount. Mark lines from the review.',
    pending: 'Still to recount: {count} of {total}',
    columnCode: 'SKU',
    columnBarcode: 'Barcode',
    columnName: 'Name',
    columnRecount: 'Recount',
    columnBy: 'Recounted by',
    notYet: 'not yet',
    figureLabel: 'Recount of {sku}',
    record: 'Record',
    noRecounter: 'Type who recounts first: the review shows their name beside the first count.',
    notOnList: 'Code {code} is not on the recount list: nothing was recorded.',
    badFigure: 'Type the figure counted, 0 or more (got “{text}”).',
    refusedInvalidInput:
      'Not recorded: the line is no longer marked for a recount, or the name or figure was refused. Go back to the review and look again.',
    refusedLineNotFound:
      'Not recorded: this line is no longer in the count. Go back to the review and look again.',
    refusedSessionClosed: 'Not recorded: this count was committed or discarded, so it can no longer change.',
    refusedHandedOver:
      'Not recorded: this count was handed over to another PC as a file. Recount on the PC that merges it.',
    refusedSessionNotFound: 'This count is no longer on this PC. Go back to the count sessions.',
    recordedAdd: '{sku} {name}: recount now {figure} (+1)',
    recordedSet: '{sku} {name}: recount set to {figure}',
    closed: 'This session is no longer open: nothing can be recounted.',
    back: 'Back to the review (Esc)',
  },
  th: {
    title: 'นับซ้ำ: {name}',
    intro:
      'นับซ้ำแบบปิด: นับสินค้าเหล่านี้อีกครั้งโดยไม่ดูจำนวนที่นับครั้งแรก สแกนทีละชิ้น (สแกนหนึ่งครั้งเพิ่ม 1) หรือพิมพ์จำนวนที่นับได้แล้วกด Enter',
    hint: 'สแกนได้ทุกที่ในหน้านี้ · Enter ในช่องจำนวน: บันทึก · Esc: กลับไปหน้าตรวจทาน',
    recounter: 'ผู้นับซ้ำ (ต้องระบุ)',
    loading: 'กำลังโหลดรายการที่จะนับซ้ำ…',
    none: 'ไม่มีรายการที่เลือกให้นับซ้ำ เลือกรายการได้จากหน้าตรวจทาน',
    pending: 'ยังต้องนับซ้ำ: {count} จาก {total}',
    columnCode: 'รหัสสินค้า',
    columnBarcode: 'บาร์โค้ด',
    columnName: 'ชื่อ',
    columnRecount: 'นับซ้ำ',
    columnBy: 'ผู้นับซ้ำ',
    notYet: 'ยังไม่ได้นับ',
    figureLabel: 'จำนวนนับซ้ำของ {sku}',
    record: 'บันทึก',
    noRecounter: 'พิมพ์ชื่อผู้นับซ้ำก่อน หน้าตรวจทานจะแสดงชื่อนี้คู่กับจำนวนที่นับครั้งแรก',
    notOnList: 'รหัส {code} ไม่อยู่ในรายการนับซ้ำ ไม่ได้บันทึกอะไร',
    badFigure: 'พิมพ์จำนวนที่นับได้ ตั้งแต่ 0 ขึ้นไป (ได้ “{text}”)',
    refusedInvalidInput:
      'ไม่ได้บันทึก: รายการนี้ไม่ได้อยู่ในรายการนับซ้ำแล้ว หรือชื่อหรือจำนวนไม่ผ่าน กลับไปหน้าตรวจทานแล้วตรวจดูอีกครั้ง',
    refusedLineNotFound: 'ไม่ได้บันทึก: รายการนี้ไม่อยู่ในรอบนับแล้ว กลับไปหน้าตรวจทานแล้วตรวจดูอีกครั้ง',
    refusedSessionClosed: 'ไม่ได้บันทึก: รอบนับนี้ยืนยันหรือยกเลิกไปแล้ว จึงแก้ไขไม่ได้อีก',
    refusedHandedOver: 'ไม่ได้บันทึก: รอบนับนี้ส่งต่อเป็นไฟล์ให้เครื่องอื่นแล้ว ให้นับซ้ำที่เครื่องที่รวมไฟล์นั้น',
    refusedSessionNotFound: 'ไม่พบรอบนับนี้ในเครื่องนี้แล้ว กลับไปหน้ารอบนับ',
    recordedAdd: '{sku} {name}: นับซ้ำได้ {figure} (+1)',
    recordedSet: '{sku} {name}: นับซ้ำเป็น {figure}',
    closed: 'รอบนี้ไม่ได้เปิดอยู่แล้ว นับซ้ำไม่ได้',
    back: 'กลับไปหน้าตรวจทาน (Esc)',
  },
});

export type RecountKey = Parameters<typeof rct>[0];
