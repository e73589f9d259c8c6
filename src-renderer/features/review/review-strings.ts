// The words of the review page in English and Thai, kept beside the page (the shared dictionary in
// lib/i18n.svelte.ts belongs to the frame); `rt(key, values)` reads the same language as `t`. A missing
// Thai string is a type error.
import { locale } from '../../lib/i18n.svelte.js';

const en = {
  reviewTitle: 'Review: {name}',
  reviewHint:
    'Alt+1 to Alt+5: filters · Alt+PgUp / Alt+PgDn: pages · Ctrl+E: export CSV · Ctrl+Enter: commit · Esc: back to counting',
  reviewHintReadOnly:
    'Alt+1 to Alt+5: filters · Alt+PgUp / Alt+PgDn: pages · Ctrl+E: export CSV · Esc: back to counting',
  loading: 'Loading the review…',
  blindNote: 'Blind count: the expected figures are shown here because the counting is done.',
  warehouseLabel: 'Warehouse {code}',

  totalsTitle: 'Totals for the whole session',
  totalCountedLines: 'Counted lines',
  totalCountedUnits: 'Counted units',
  totalLinesWithVariance: 'Lines with variance',
  totalVarianceUnits: 'Variance, units (net)',
  totalVarianceValue: 'Variance value',
  totalDrifted: 'Stock changed since counted',
  totalNotCounted: 'Products not counted',
  totalUnknownCodes: 'Unknown codes not resolved',

  filtersLabel: 'Rows to show',
  filterAll: 'All',
  filterVariance: 'With variance',
  filterNotCounted: 'Not counted',
  filterUnknown: 'Unknown codes',
  filterDrifted: 'Changed since counted',

  columnCode: 'SKU / code',
  columnName: 'Name',
  columnCountedAgainst: 'Expected at count',
  columnCounted: 'Counted',
  columnVariance: 'Variance',
  columnValue: 'Value',
  columnExpectedNow: 'Expected now',
  short: 'short',
  over: 'over',
  exact: 'exact',
  notCountedTag: 'not counted',
  zeroAtCommit: 'counted as 0 at commit',
  driftTag: '{drift} since counted',
  unknownOpen: 'Unknown code, not resolved',
  unknownDiscarded: 'Unknown code, discarded',
  unknownResolved: 'Unknown code, resolved',
  noRows: 'No row matches this filter.',
  rowsRange: 'Rows {first}–{last} of {total}',
  previousPage: 'Previous page (Alt+PgUp)',
  nextPage: 'Next page (Alt+PgDn)',

  commit: 'Commit to outbox (Ctrl+Enter)',
  exportCsv: 'Export CSV (Ctrl+E)',
  exporting: 'Exporting…',
  exported: 'Saved {fileName}.',
  exportFailed: 'Could not export the CSV: {message}',
  back: 'Back to counting (Esc)',

  commitTitle: 'Commit this count to the outbox',
  commitIntro:
    'The counted figures for warehouse {warehouse} go to the outbox, which sends them to the store as soon as it can.',
  commitLines: 'Lines to send: {count}',
  unknownQuestion: 'Unknown codes not resolved: {count}',
  unknownRefuse: 'Do not commit: I will resolve them first',
  unknownDiscard: 'Discard them: their units are not sent',
  notCountedQuestion: 'Products with stock that nobody counted: {count}',
  notCountedLeave: 'Leave their stock as it is',
  notCountedZero: 'Count them as 0: their stock becomes 0',
  driftNote: 'Lines whose stock changed since they were counted: {count}. This session’s rule: {policy}.',
  policyKeepDifference: 'keep the difference found',
  policyKeepCounted: 'keep the counted quantity',
  policyAsk: 'the outbox asks a person before sending those lines',
  confirmCommit: 'Commit (Ctrl+Enter)',
  committing: 'Committing…',
  cancel: 'Cancel (Esc)',
  refusedUnknown:
    'Not committed: unknown codes are not resolved ({count}). Go back to counting to assign them to products, or choose “Discard them”.',
  nothingToCommit: 'Not committed: nothing was counted in this session.',
  commitFailed: 'Not committed: {message}',

  committedTitle: 'Committed to the outbox',
  resultLines: 'Lines sent to the outbox: {count}',
  resultDiscarded: 'Unknown codes discarded: {count}',
  resultOperations: 'Outbox operations: {ids}',
  notCountedWereLeft: 'Products nobody counted were left as they were.',
  notCountedWereZero: 'Products nobody counted were counted as 0.',
  sessionCommitted: 'This session was committed on {when}. It is read-only.',
  sessionDiscarded: 'This session was discarded on {when}; nothing was sent. It is read-only.',
  toOutbox: 'Open the Outbox (F7)',
} as const;

export type ReviewKey = keyof typeof en;

const th: Record<ReviewKey, string> = {
  reviewTitle: 'ตรวจทาน: {name}',
  reviewHint:
    'Alt+1 ถึง Alt+5: ตัวกรอง · Alt+PgUp / Alt+PgDn: เปลี่ยนหน้า · Ctrl+E: ส่งออก CSV · Ctrl+Enter: ยืนยัน · Esc: กลับไปนับ',
  reviewHintReadOnly:
    'Alt+1 ถึง Alt+5: ตัวกรอง · Alt+PgUp / Alt+PgDn: เปลี่ยนหน้า · Ctrl+E: ส่งออก CSV · Esc: กลับไปนับ',
  loading: 'กำลังโหลดผลการตรวจทาน…',
  blindNote: 'นับแบบปิด: แสดงจำนวนที่ควรมีที่นี่เพราะนับเสร็จแล้ว',
  warehouseLabel: 'คลังสินค้า {code}',

  totalsTitle: 'ยอดรวมของทั้งรอบ',
  totalCountedLines: 'รายการที่นับ',
  totalCountedUnits: 'หน่วยที่นับได้',
  totalLinesWithVariance: 'รายการที่มีผลต่าง',
  totalVarianceUnits: 'ผลต่าง หน่วย (สุทธิ)',
  totalVarianceValue: 'มูลค่าผลต่าง',
  totalDrifted: 'สต็อกเปลี่ยนหลังนับ',
  totalNotCounted: 'สินค้าที่ยังไม่ได้นับ',
  totalUnknownCodes: 'รหัสไม่รู้จักที่ยังไม่แก้ไข',

  filtersLabel: 'แถวที่จะแสดง',
  filterAll: 'ทั้งหมด',
  filterVariance: 'มีผลต่าง',
  filterNotCounted: 'ยังไม่ได้นับ',
  filterUnknown: 'รหัสไม่รู้จัก',
  filterDrifted: 'เปลี่ยนหลังนับ',

  columnCode: 'รหัสสินค้า / รหัส',
  columnName: 'ชื่อ',
  columnCountedAgainst: 'ควรมีตอนนับ',
  columnCounted: 'นับได้',
  columnVariance: 'ผลต่าง',
  columnValue: 'มูลค่า',
  columnExpectedNow: 'ควรมีตอนนี้',
  short: 'ขาด',
  over: 'เกิน',
  exact: 'ตรง',
  notCountedTag: 'ยังไม่ได้นับ',
  zeroAtCommit: 'นับเป็น 0 ตอนยืนยัน',
  driftTag: '{drift} หลังนับ',
  unknownOpen: 'รหัสไม่รู้จัก ยังไม่แก้ไข',
  unknownDiscarded: 'รหัสไม่รู้จัก ทิ้งแล้ว',
  unknownResolved: 'รหัสไม่รู้จัก แก้ไขแล้ว',
  noRows: 'ไม่มีแถวที่ตรงกับตัวกรองนี้',
  rowsRange: 'แถว {first}–{last} จาก {total}',
  previousPage: 'หน้าก่อน (Alt+PgUp)',
  nextPage: 'หน้าถัดไป (Alt+PgDn)',

  commit: 'ยืนยันส่งเข้ารายการรอส่ง (Ctrl+Enter)',
  exportCsv: 'ส่งออก CSV (Ctrl+E)',
  exporting: 'กำลังส่งออก…',
  exported: 'บันทึก {fileName} แล้ว',
  exportFailed: 'ส่งออก CSV ไม่สำเร็จ: {message}',
  back: 'กลับไปนับ (Esc)',

  commitTitle: 'ยืนยันผลการนับเข้ารายการรอส่ง',
  commitIntro: 'จำนวนที่นับได้ของคลังสินค้า {warehouse} จะเข้ารายการรอส่ง และจะส่งไปยังร้านทันทีที่ทำได้',
  commitLines: 'รายการที่จะส่ง: {count}',
  unknownQuestion: 'รหัสไม่รู้จักที่ยังไม่แก้ไข: {count}',
  unknownRefuse: 'ยังไม่ยืนยัน: จะแก้ไขรหัสเหล่านี้ก่อน',
  unknownDiscard: 'ทิ้งรหัสเหล่านี้: ไม่ส่งจำนวนของรหัสเหล่านี้',
  notCountedQuestion: 'สินค้าที่มีสต็อกแต่ไม่มีใครนับ: {count}',
  notCountedLeave: 'คงสต็อกไว้ตามเดิม',
  notCountedZero: 'นับเป็น 0: สต็อกจะกลายเป็น 0',
  driftNote: 'รายการที่สต็อกเปลี่ยนหลังจากนับ: {count} กฎของรอบนี้: {policy}',
  policyKeepDifference: 'คงผลต่างที่พบไว้',
  policyKeepCounted: 'ใช้จำนวนที่นับได้',
  policyAsk: 'รายการรอส่งจะถามผู้ใช้ก่อนส่งรายการเหล่านั้น',
  confirmCommit: 'ยืนยัน (Ctrl+Enter)',
  committing: 'กำลังยืนยัน…',
  cancel: 'ยกเลิก (Esc)',
  refusedUnknown: 'ยังไม่ได้ยืนยัน: มีรหัสไม่รู้จักที่ยังไม่แก้ไข ({count}) กลับไปหน้านับเพื่อระบุสินค้า หรือเลือก “ทิ้งรหัสเหล่านี้”',
  nothingToCommit: 'ยังไม่ได้ยืนยัน: รอบนี้ยังไม่ได้นับอะไรเลย',
  commitFailed: 'ยังไม่ได้ยืนยัน: {message}',

  committedTitle: 'ยืนยันเข้ารายการรอส่งแล้ว',
  resultLines: 'รายการที่ส่งเข้ารายการรอส่ง: {count}',
  resultDiscarded: 'รหัสไม่รู้จักที่ทิ้ง: {count}',
  resultOperations: 'งานในรายการรอส่ง: {ids}',
  notCountedWereLeft: 'สินค้าที่ไม่มีใครนับคงไว้ตามเดิม',
  notCountedWereZero: 'สินค้าที่ไม่มีใครนับถูกนับเป็น 0',
  sessionCommitted: 'รอบนี้ยืนยันแล้วเมื่อ {when} ดูได้อย่างเดียว',
  sessionDiscarded: 'รอบนี้ถูกยกเลิกเมื่อ {when} ไม่มีการส่งอะไร ดูได้อย่างเดียว',
  toOutbox: 'เปิดรายการรอส่ง (F7)',
};

const dictionaries = { en, th } as const;

/** The review page's text of `key` in the current language, with {name} placeholders filled. */
export function rt(key: ReviewKey, values: Record<string, string | number> = {}): string {
  const text: string = dictionaries[locale.language][key];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : String(value);
  });
}
