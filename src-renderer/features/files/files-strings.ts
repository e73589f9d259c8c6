// The file attachments' words in English and Thai (the Documents page's Files tab and the panel other
// pages embed). A missing Thai string is a type error.
import type { AttachmentRecordKind } from '../../../src-shared/domain/vocabulary.js';
import { translator } from '../../lib/i18n.svelte.js';

export const ft = translator({
  en: {
    title: 'Files',
    intro:
      'Files on orders, purchase orders and quotations. A file attached here is kept on this PC at once and sent to the back office when it can be.',
    kindLabel: 'Record',
    kindOrder: 'Order',
    kindPurchaseOrder: 'Purchase order',
    kindQuotation: 'Quotation',
    byLabel: 'Find by',
    byNumber: 'Number',
    byId: 'Id',
    referenceLabel: 'Number or id',
    referenceRequired: 'Type the record’s number or id.',
    idMustBeNumber: 'An id is a whole number, like 12.',
    show: 'Show files (Enter)',
    filesOf: 'Files of {record}',
    madeHere: 'the quotation made on this PC',
    attach: 'Attach a file (Alt+A)',
    dropHint: 'Or drop a file here. Pictures, PDF and office documents up to {size} MB.',
    dropNow: 'Drop the file to attach it',
    listHint: 'Up/Down: choose a file · Enter: open it',
    columnName: 'File',
    columnType: 'Type',
    columnState: 'Sending',
    open: 'Open (Enter)',
    close: 'Close (Esc)',
    empty: 'No files yet.',
    loading: 'Reading the files…',
    sending: 'Keeping {name} on this PC… {percent}%',
    attached: '{name} is kept on this PC and waits to be sent.',
    saved: '{name} was saved to your downloads.',
    fromSaved: 'The back office cannot be reached; this is the list read {when}.',
    fromNothing: 'The back office cannot be reached and this record’s files were never read on this PC.',
    notSentRecord: 'The quotation is not on the back office yet: only files attached on this PC are shown.',
    stateWaiting: 'Waiting to send',
    stateSent: 'Sent',
    stateNeedsAttention: 'Needs attention',
    stateDiscarded: 'Discarded',
    stateElsewhere: 'On the back office',
    offline: 'opens offline',
    imageOf: 'Picture: {name}',
    pdfOf: 'PDF: {name}',
    pdfPage: 'Page {page} of {pages}',
    pdfReading: 'Reading the PDF…',
    pdfPrevious: 'Previous page (PageUp)',
    pdfNext: 'Next page (PageDown)',
    pdfSave: 'Save (Ctrl+S)',
    pdfBroken: '{name} cannot be shown: it is not a PDF this page can read. Save it to open it elsewhere.',
    fileEmpty: '{name} is empty.',
    fileTooLarge: '{name} is larger than {size} MB, the largest file the back office takes.',
    fileTypeNotAllowed:
      '{name} cannot be attached: only pictures (PNG, JPEG, GIF, WebP), PDF and office documents (Word, Excel, PowerPoint, OpenDocument, CSV, text).',
    fileContentMismatch: '{name} does not hold what its name says; it was not attached.',
    recordNotFound: 'The back office has no “{record}”. Check the number or id; nothing was attached.',
    notOnThisPc:
      'This file was never opened on this PC and the back office cannot be reached now. Try again when it is online.',
    downloadTooLarge:
      'The back office sent more than {size} MB for this file, more than a file may be, so Stockroom stopped reading it.',
    stagingFull:
      '{name} was not added: files being added on this PC already fill the room they have. Attach those first, then add this one.',
    fileNotFound: 'The back office no longer has this file.',
    fileGone: 'This PC’s copy of the file is gone.',
    stageOffset: '{name} was not added: its parts reached this PC out of order. Attach it again.',
    notSentYet: 'The quotation is not on the back office yet.',
    heldTitle: 'This file is not opened',
    warnRunnable:
      'Warning: “{name}” could be a program, an installer, a script, a shortcut or a web page. It could harm this PC, so it is not opened. Save it only if you know who sent it and why.',
    warnUnknownType:
      'Warning: “{name}” is not a picture, PDF or office document, so it is not opened. Save it only if you know who sent it and why.',
    warnContentMismatch:
      'Warning: “{name}” does not hold what its name says, so it is not opened. Save it only if you know who sent it and why.',
    saveAnyway: 'Save the file',
  },
  th: {
    title: 'ไฟล์แนบ',
    intro: 'ไฟล์ของคำสั่งขาย ใบสั่งซื้อ และใบเสนอราคา ไฟล์ที่แนบที่นี่จะเก็บไว้ในเครื่องนี้ทันที และส่งไปยังระบบหลังร้านเมื่อเชื่อมต่อได้',
    kindLabel: 'เอกสาร',
    kindOrder: 'คำสั่งขาย',
    kindPurchaseOrder: 'ใบสั่งซื้อ',
    kindQuotation: 'ใบเสนอราคา',
    byLabel: 'ค้นหาด้วย',
    byNumber: 'เลขที่',
    byId: 'รหัส',
    referenceLabel: 'เลขที่หรือรหัส',
    referenceRequired: 'พิมพ์เลขที่หรือรหัสของเอกสาร',
    idMustBeNumber: 'รหัสต้องเป็นจำนวนเต็ม เช่น 12',
    show: 'แสดงไฟล์ (Enter)',
    filesOf: 'ไฟล์ของ {record}',
    madeHere: 'ใบเสนอราคาที่สร้างในเครื่องนี้',
    attach: 'แนบไฟล์ (Alt+A)',
    dropHint: 'หรือลากไฟล์มาวางที่นี่ รูปภาพ PDF และเอกสารสำนักงาน ไม่เกิน {size} MB',
    dropNow: 'วางไฟล์เพื่อแนบ',
    listHint: 'ขึ้น/ลง: เลือกไฟล์ · Enter: เปิดไฟล์',
    columnName: 'ไฟล์',
    columnType: 'ชนิด',
    columnState: 'การส่ง',
    open: 'เปิด (Enter)',
    close: 'ปิด (Esc)',
    empty: 'ยังไม่มีไฟล์',
    loading: 'กำลังอ่านรายการไฟล์…',
    sending: 'กำลังเก็บ {name} ไว้ในเครื่องนี้… {percent}%',
    attached: 'เก็บ {name} ไว้ในเครื่องนี้แล้ว รอส่ง',
    saved: 'บันทึก {name} ไว้ในโฟลเดอร์ดาวน์โหลดแล้ว',
    fromSaved: 'เชื่อมต่อระบบหลังร้านไม่ได้ นี่คือรายการที่อ่านไว้เมื่อ {when}',
    fromNothing: 'เชื่อมต่อระบบหลังร้านไม่ได้ และเครื่องนี้ยังไม่เคยอ่านรายการไฟล์ของเอกสารนี้',
    notSentRecord: 'ใบเสนอราคายังไม่ได้ส่งไปยังระบบหลังร้าน จึงแสดงเฉพาะไฟล์ที่แนบในเครื่องนี้',
    stateWaiting: 'รอส่ง',
    stateSent: 'ส่งแล้ว',
    stateNeedsAttention: 'ต้องตรวจสอบ',
    stateDiscarded: 'ยกเลิกแล้ว',
    stateElsewhere: 'อยู่ในระบบหลังร้าน',
    offline: 'เปิดได้แม้ออฟไลน์',
    imageOf: 'รูปภาพ: {name}',
    pdfOf: 'PDF: {name}',
    pdfPage: 'หน้า {page} จาก {pages}',
    pdfReading: 'กำลังอ่าน PDF…',
    pdfPrevious: 'หน้าก่อน (PageUp)',
    pdfNext: 'หน้าถัดไป (PageDown)',
    pdfSave: 'บันทึก (Ctrl+S)',
    pdfBroken: 'แสดง {name} ไม่ได้ เพราะไม่ใช่ PDF ที่หน้านี้อ่านได้ บันทึกไฟล์เพื่อเปิดด้วยโปรแกรมอื่น',
    fileEmpty: '{name} เป็นไฟล์ว่าง',
    fileTooLarge: '{name} มีขนาดเกิน {size} MB ซึ่งเป็นขนาดสูงสุดที่ระบบหลังร้านรับได้',
    fileTypeNotAllowed:
      'แนบ {name} ไม่ได้ แนบได้เฉพาะรูปภาพ (PNG, JPEG, GIF, WebP) PDF และเอกสารสำนักงาน (Word, Excel, PowerPoint, OpenDocument, CSV, ข้อความ)',
    fileContentMismatch: 'เนื้อหาของ {name} ไม่ตรงกับชนิดไฟล์ตามชื่อ จึงไม่ได้แนบ',
    recordNotFound: 'ไม่พบ “{record}” ในระบบหลังร้าน ตรวจสอบเลขที่หรือรหัสอีกครั้ง ยังไม่ได้แนบไฟล์',
    notOnThisPc: 'ไฟล์นี้ยังไม่เคยเปิดในเครื่องนี้ และเชื่อมต่อระบบหลังร้านไม่ได้ในขณะนี้ ลองอีกครั้งเมื่อออนไลน์',
    downloadTooLarge: 'ระบบหลังร้านส่งไฟล์นี้มาเกิน {size} MB ซึ่งเกินขนาดที่ไฟล์หนึ่งจะมีได้ Stockroom จึงหยุดอ่าน',
    stagingFull:
      'ไม่ได้เพิ่ม {name} เพราะไฟล์ที่กำลังเพิ่มในเครื่องนี้ใช้พื้นที่ที่มีจนเต็มแล้ว กรุณาแนบไฟล์เหล่านั้นให้เสร็จก่อน แล้วจึงเพิ่มไฟล์นี้',
    fileNotFound: 'ระบบหลังร้านไม่มีไฟล์นี้แล้ว',
    fileGone: 'สำเนาไฟล์ในเครื่องนี้หายไป',
    stageOffset: 'ไม่ได้เพิ่ม {name} เพราะส่วนของไฟล์มาถึงเครื่องนี้ไม่ตรงลำดับ แนบไฟล์อีกครั้ง',
    notSentYet: 'ใบเสนอราคายังไม่ได้ส่งไปยังระบบหลังร้าน',
    heldTitle: 'ไม่เปิดไฟล์นี้',
    warnRunnable:
      'คำเตือน: “{name}” อาจเป็นโปรแกรม ตัวติดตั้ง สคริปต์ ทางลัด หรือหน้าเว็บ ซึ่งอาจเป็นอันตรายต่อเครื่องนี้ จึงไม่เปิดไฟล์ บันทึกไฟล์เฉพาะเมื่อรู้ว่าใครส่งมาและส่งมาเพื่ออะไร',
    warnUnknownType:
      'คำเตือน: “{name}” ไม่ใช่รูปภาพ PDF หรือเอกสารสำนักงาน จึงไม่เปิดไฟล์ บันทึกไฟล์เฉพาะเมื่อรู้ว่าใครส่งมาและส่งมาเพื่ออะไร',
    warnContentMismatch:
      'คำเตือน: เนื้อหาของ “{name}” ไม่ตรงกับชนิดไฟล์ตามชื่อ จึงไม่เปิดไฟล์ บันทึกไฟล์เฉพาะเมื่อรู้ว่าใครส่งมาและส่งมาเพื่ออะไร',
    saveAnyway: 'บันทึกไฟล์',
  },
});

export type FilesText = Parameters<typeof ft>[0];

const KIND_KEYS: Readonly<Record<AttachmentRecordKind, FilesText>> = {
  order: 'kindOrder',
  purchaseOrder: 'kindPurchaseOrder',
  quotation: 'kindQuotation',
};

/** The record kind's name key ("Purchase order"). */
export function kindKey(kind: AttachmentRecordKind): FilesText {
  return KIND_KEYS[kind];
}
