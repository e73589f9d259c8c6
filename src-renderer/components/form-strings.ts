// The words of the shared form parts (FormFooter, ConfirmDialog, ModalDialog's question before dropping
// what was typed, OverpayQuestion) and of the party checks every form with a contact's ids or phone uses
// (src-shared/domain/party-checks), in English and Thai. A missing Thai string is a type error.
import {
  BRANCH_NO_DIGITS,
  HEAD_OFFICE_BRANCH,
  PHONE_MAX_DIGITS,
  PHONE_MIN_DIGITS,
  TAX_ID_DIGITS,
  type PartyIssue,
} from '../../src-shared/domain/party-checks.js';
import { translator } from '../lib/i18n.svelte.js';

export const formWords = translator({
  en: {
    cancel: 'Cancel (Esc)',
    taxIdDigits: 'A tax id is {digits} digits (0–9); hyphens or spaces between them are fine.',
    taxIdCheckDigit: 'This tax id does not add up: check each digit (the last is a check digit).',
    branchNoDigits: 'A branch number is {digits} digits; {headOffice} is the head office.',
    phoneInvalid: 'A phone number has {min}–{max} digits (0–9), with spaces, hyphens or a leading +.',
    emailInvalid: 'An e-mail address looks like name@example.co.th.',
    // The dismiss answer of a question before something that cannot be taken back. In Thai not
    // "ยกเลิก": that is also the word for voiding, so it would read like the destructive answer.
    goBack: 'Go back, change nothing (Esc)',
    dropTitle: 'Close this form?',
    dropText: 'What you typed here is not saved and will be lost.',
    keepEditing: 'Keep editing (Esc)',
    dropTyped: 'Close and lose it',
    overpayTitle: 'This pays more than is owed',
    overpayText:
      'Once this payment is sent it cannot be voided from this app: the back office keeps the excess. Check the amount first.',
    overpayOwed: 'Owed now',
    overpayPayment: 'This payment',
    overpayStatus: 'Status after it',
    overpayConfirm: 'Pay more than is owed',
    overpayBack: 'Go back and change the amount (Esc)',
  },
  th: {
    cancel: 'ยกเลิก (Esc)',
    taxIdDigits: 'เลขประจำตัวผู้เสียภาษีมี {digits} หลัก (0–9) คั่นด้วยขีดหรือเว้นวรรคได้',
    taxIdCheckDigit: 'เลขประจำตัวผู้เสียภาษีนี้ไม่ถูกต้อง ตรวจทุกหลักอีกครั้ง (หลักสุดท้ายเป็นเลขตรวจสอบ)',
    branchNoDigits: 'เลขที่สาขามี {digits} หลัก สำนักงานใหญ่คือ {headOffice}',
    phoneInvalid: 'เบอร์โทรศัพท์มี {min}–{max} หลัก (0–9) เว้นวรรค ขีด หรือขึ้นต้นด้วย + ได้',
    emailInvalid: 'อีเมลต้องมีรูปแบบเช่น name@example.co.th',
    goBack: 'กลับ ไม่เปลี่ยนอะไร (Esc)',
    dropTitle: 'ปิดแบบฟอร์มนี้หรือไม่?',
    dropText: 'สิ่งที่พิมพ์ไว้ยังไม่ได้บันทึก และจะหายไป',
    keepEditing: 'แก้ไขต่อ (Esc)',
    dropTyped: 'ปิดและทิ้งที่พิมพ์ไว้',
    overpayTitle: 'ยอดนี้มากกว่ายอดที่ค้างชำระ',
    overpayText: 'เมื่อส่งการชำระนี้แล้ว จะยกเลิกจากแอปนี้ไม่ได้ ระบบหลังร้านจะเก็บยอดที่เกินไว้ กรุณาตรวจสอบยอดก่อน',
    overpayOwed: 'ค้างชำระตอนนี้',
    overpayPayment: 'ชำระครั้งนี้',
    overpayStatus: 'สถานะหลังชำระ',
    overpayConfirm: 'ชำระเกินยอดที่ค้าง',
    overpayBack: 'กลับไปแก้ยอด (Esc)',
  },
});

/** A party check's refusal in the page's words, naming the rule and its figures. */
export function partyIssueWords(issue: PartyIssue): string {
  return formWords(issue, {
    digits: issue === 'branchNoDigits' ? BRANCH_NO_DIGITS : TAX_ID_DIGITS,
    headOffice: HEAD_OFFICE_BRANCH,
    min: PHONE_MIN_DIGITS,
    max: PHONE_MAX_DIGITS,
  });
}
