// The sessions page's words for counting one warehouse on several PCs: exporting a session to a file
// for the PC that commits, and merging such a file into an open session, in English and Thai.
import { translator } from '../../lib/i18n.svelte.js';

/** The text of `key` in the page's language, with {name} placeholders filled from `values`. */
export const tt = translator({
  en: {
    exportButton: 'Export for another PC',
    mergeButton: 'Merge a file…',
    mergeFileLabel: 'Count file from another PC to merge into {name}',
    exportTitle: 'Export “{name}” for another PC?',
    exportText:
      'This PC’s counts go into a file. On the PC that commits the count, open the same warehouse’s session and merge the file there. After the export this session can no longer be changed or committed on this PC (you can still discard it), so the count is committed once.',
    exportConfirm: 'Export and hand over',
    cancel: 'Cancel (Esc)',
    exported: 'Saved {fileName}. “{name}” is handed over: merge the file on the PC that commits the count.',
    exportFailed: 'Not exported “{name}”: {message}',
    merged:
      'Merged {fileName} into “{name}” from {source}: {merged} products added or changed, {unchanged} unchanged. Merging the same file again changes nothing.',
    mergedNothingNew:
      '{fileName} was already merged into “{name}”: nothing changed ({unchanged} products the same). Merging the same file again changes nothing.',
    mergeFailed: 'Not merged {fileName}: {message}',
    mergeUnknownShelf:
      'Not merged {fileName}: it counts units on shelves this PC does not have. Import the shelves file on the “Shelves” page, then merge again. ({message})',
    unreadable: 'Not merged: {fileName} could not be read as a count file.',
    handedOver: 'handed over {when}',
  },
  th: {
    exportButton: 'ส่งออกให้เครื่องอื่น',
    mergeButton: 'รวมไฟล์…',
    mergeFileLabel: 'ไฟล์ผลการนับจากเครื่องอื่นที่จะรวมเข้ากับ {name}',
    exportTitle: 'ส่งออก “{name}” ให้เครื่องอื่นหรือไม่?',
    exportText:
      'ผลการนับของเครื่องนี้จะถูกบันทึกเป็นไฟล์ ที่เครื่องที่จะยืนยันผลการนับ ให้เปิดรอบนับของคลังเดียวกันแล้วรวมไฟล์นี้ที่นั่น หลังส่งออกแล้ว รอบนี้จะแก้ไขหรือยืนยันบนเครื่องนี้ไม่ได้อีก (ยังยกเลิกได้) เพื่อให้ยืนยันผลการนับเพียงครั้งเดียว',
    exportConfirm: 'ส่งออกและส่งต่อ',
    cancel: 'ยกเลิก (Esc)',
    exported: 'บันทึก {fileName} แล้ว “{name}” ถูกส่งต่อแล้ว ให้รวมไฟล์นี้ที่เครื่องที่จะยืนยันผลการนับ',
    exportFailed: 'ส่งออก “{name}” ไม่สำเร็จ: {message}',
    merged:
      'รวม {fileName} เข้ากับ “{name}” จาก {source} แล้ว: สินค้าที่เพิ่มหรือเปลี่ยน {merged} รายการ ไม่เปลี่ยน {unchanged} รายการ การรวมไฟล์เดิมซ้ำจะไม่เปลี่ยนอะไร',
    mergedNothingNew:
      '{fileName} ถูกรวมเข้ากับ “{name}” แล้ว: ไม่มีอะไรเปลี่ยน (สินค้าเหมือนเดิม {unchanged} รายการ) การรวมไฟล์เดิมซ้ำจะไม่เปลี่ยนอะไร',
    mergeFailed: 'รวม {fileName} ไม่สำเร็จ: {message}',
    mergeUnknownShelf:
      'รวม {fileName} ไม่สำเร็จ: ไฟล์นับสินค้าบนชั้นวางที่เครื่องนี้ไม่มี ให้นำเข้าไฟล์ชั้นวางที่หน้า “ชั้นวาง” ก่อน แล้วรวมอีกครั้ง ({message})',
    unreadable: 'รวมไม่สำเร็จ: อ่าน {fileName} เป็นไฟล์ผลการนับไม่ได้',
    handedOver: 'ส่งต่อแล้วเมื่อ {when}',
  },
});

export type TransferKey = Parameters<typeof tt>[0];
