// The status line's own words in English and Thai (the frame-wide dictionary in lib/i18n.svelte.ts is
// another helper's); `st(key, values)` reads the same language as `t`. A missing Thai string is a type
// error.
import { locale } from '../lib/i18n.svelte.js';

const en = {
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
} as const;

export type StatusBarKey = keyof typeof en;

const th: Record<StatusBarKey, string> = {
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
};

const dictionaries = { en, th } as const;

/** The text of `key` in the page's language, with {name} placeholders filled from `values`. */
export function st(key: StatusBarKey, values: Record<string, string | number> = {}): string {
  const text: string = dictionaries[locale.language][key];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : String(value);
  });
}
