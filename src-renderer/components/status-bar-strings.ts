// The status line's own words in English and Thai (the frame-wide dictionary in lib/i18n.svelte.ts is
// another helper's); `st(key, values)` reads the same language as `t`. A missing Thai string is a type
// error.
import { translator } from '../lib/i18n.svelte.js';

/** The text of `key` in the page's language, with {name} placeholders filled from `values`. */
export const st = translator({
  en: {
    reasonUnreachable: 'the store’s server does not answer',
    reasonServerError: 'the store’s server failed while answering',
    reasonCredentials: 'the store refused the API key or secret',
    reasonQuota: 'the store’s daily request limit is used up',
    reasonOutboxPaused: 'sending waits for a person (see the Outbox)',
    waitingToSend: 'Waiting to send: {count}',
    sendingProgress: 'Sending {done} of {total}',
    needAttention: 'Need attention: {count}',
    needAttentionTitle: 'Open the Outbox (F7) to decide what to do with them',
    lastSync: 'Last sync: {when}',
    lastSyncNever: 'Last sync: not yet',
    syncNow: 'Sync now',
    syncingNow: 'Syncing…',
    syncNowTitle: 'Fetch the back office’s latest products and stock now',
    // Send now (the Outbox page shows the same hint)
    sendNowShort: 'Send now',
    sendNowHint:
      'Ends the waits after attempts that could not reach the back office. It does not end a pause for the store’s key, the wait for the daily request limit, or the minute a lost request is given before it is checked.',
  },
  th: {
    reasonUnreachable: 'เซิร์ฟเวอร์ของร้านไม่ตอบสนอง',
    reasonServerError: 'เซิร์ฟเวอร์ของร้านขัดข้องระหว่างตอบกลับ',
    reasonCredentials: 'ร้านปฏิเสธ API key หรือ secret',
    reasonQuota: 'ใช้โควตาคำขอรายวันของร้านหมดแล้ว',
    reasonOutboxPaused: 'การส่งรอให้มีคนตรวจสอบ (ดูที่รายการรอส่ง)',
    waitingToSend: 'รอส่ง: {count}',
    sendingProgress: 'กำลังส่ง {done} จาก {total}',
    needAttention: 'ต้องตรวจสอบ: {count}',
    needAttentionTitle: 'เปิดรายการรอส่ง (F7) เพื่อเลือกว่าจะทำอย่างไร',
    lastSync: 'ซิงค์ล่าสุด: {when}',
    lastSyncNever: 'ซิงค์ล่าสุด: ยังไม่เคย',
    syncNow: 'ซิงค์เดี๋ยวนี้',
    syncingNow: 'กำลังซิงค์…',
    syncNowTitle: 'ดึงสินค้าและสต็อกล่าสุดจากหลังร้านเดี๋ยวนี้',
    sendNowShort: 'ส่งเดี๋ยวนี้',
    sendNowHint:
      'ยุติการรอหลังความพยายามที่ติดต่อระบบหลังร้านไม่ได้ แต่ไม่ยุติการหยุดเพราะกุญแจของร้าน การรอโควตาคำขอรายวัน หรือหนึ่งนาทีที่ให้คำขอที่คำตอบหายไปก่อนตรวจสอบ',
  },
});

/** The keys every language has a text for. */
export type StatusBarKey = Parameters<typeof st>[0];
