// Words of taking writes back before they are sent and of "Send now", in English and Thai (beside the
// Outbox page's own dictionary, outbox-strings.ts). A missing Thai string is a type error.
import { translator } from '../../lib/i18n.svelte.js';

export const wt = translator({
  en: {
    withdraw: 'Take back…',
    withdrawLabel: 'Take back {what}',
    columnTakeBack: 'Take back',
    cannotWhileSending: 'Cannot be taken back: it is being sent now.',
    cannotUnclear: 'Cannot be taken back: it may have reached the back office (its answer was lost).',
    dialogTitle: 'Take back before it is sent?',
    dialogText:
      'These changes have never reached the back office. Taking them back removes them from this PC as if they had never been made. This cannot be undone.',
    dialogWith: 'Goes with it, because it depends on it:',
    confirm: 'Take back {count} change(s)',
    cancel: 'Keep them',
    close: 'Close',
    blockedTitle: 'This cannot be taken back',
    blockedSending: 'It is being sent to the back office right now.',
    blockedUnclear:
      'Its last request may have reached the back office: the answer was lost. Stockroom checks it first.',
    blockedMayHaveArrived:
      'An earlier request may have reached the back office, so taking it back could leave it there while this PC forgets it.',
    blockedFinished: 'It has already been sent or discarded.',
    blockedBy: 'Held back by: {what}',
    withdrawn: 'Taken back: {count} change(s). Nothing of it is sent.',
    outcomeWithdrawn: 'Taken back before it was sent',
    loading: 'Reading what goes with it…',
    // Send now
    sendNow: 'Send now (Alt+N)',
    sentNow: 'Sending now: {count} waiting change(s) go at once.',
    sentNowNone: 'Sending now. Nothing was waiting after a failed attempt.',
  },
  th: {
    withdraw: 'ดึงกลับ…',
    withdrawLabel: 'ดึงกลับ {what}',
    columnTakeBack: 'ดึงกลับ',
    cannotWhileSending: 'ดึงกลับไม่ได้: กำลังส่งอยู่',
    cannotUnclear: 'ดึงกลับไม่ได้: อาจถึงระบบหลังร้านแล้ว (คำตอบหายไป)',
    dialogTitle: 'ดึงกลับก่อนส่งหรือไม่?',
    dialogText: 'รายการเหล่านี้ยังไม่เคยถึงระบบหลังร้าน การดึงกลับจะลบออกจากเครื่องนี้เหมือนไม่เคยทำ และย้อนคืนไม่ได้',
    dialogWith: 'ไปด้วยกัน เพราะขึ้นอยู่กับรายการนี้:',
    confirm: 'ดึงกลับ {count} รายการ',
    cancel: 'เก็บไว้',
    close: 'ปิด',
    blockedTitle: 'รายการนี้ดึงกลับไม่ได้',
    blockedSending: 'กำลังส่งไปยังระบบหลังร้านอยู่ในขณะนี้',
    blockedUnclear: 'คำขอล่าสุดอาจถึงระบบหลังร้านแล้ว แต่คำตอบหายไป Stockroom จะตรวจสอบก่อน',
    blockedMayHaveArrived: 'คำขอก่อนหน้าอาจถึงระบบหลังร้านแล้ว หากดึงกลับ รายการอาจค้างอยู่ที่นั่นขณะที่เครื่องนี้ลืมไป',
    blockedFinished: 'ส่งไปแล้วหรือถูกทิ้งไปแล้ว',
    blockedBy: 'ติดที่: {what}',
    withdrawn: 'ดึงกลับแล้ว {count} รายการ จะไม่มีการส่ง',
    outcomeWithdrawn: 'ดึงกลับก่อนส่งแล้ว',
    loading: 'กำลังอ่านรายการที่ไปด้วยกัน…',
    sendNow: 'ส่งเดี๋ยวนี้ (Alt+N)',
    sentNow: 'กำลังส่ง: {count} รายการที่รออยู่ส่งทันที',
    sentNowNone: 'กำลังส่ง ไม่มีรายการที่รอหลังความพยายามที่ล้มเหลว',
  },
});

export type WithdrawKey = Parameters<typeof wt>[0];
