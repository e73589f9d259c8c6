// What looks like personal data in a text bound for the log — e-mail addresses, Thai phone numbers and
// Thai tax ids (13 digits) — is masked. Back-office refusal texts quote what was sent ("contact tax id
// 1234567890121 already exists", "phone 081-234-5678 is not valid"), and the log is read by people
// supporting a store, not by the store. The PC's page still shows the refusal whole.
//
// 13 digits are also an EAN-13 barcode, which the log must keep (a refusal naming a product's barcode is
// how support finds the product). The choice: the label nearest before a 13-digit run (within 32
// characters) decides — a tax word (tax, ภาษี, id number, เลขประจำตัว, บัตรประชาชน…) masks it whatever its
// digits, a barcode word (barcode, บาร์โค้ด, EAN, SKU, product code) keeps it; without a label it is masked
// only when it passes the Thai tax-id check digit. So about one unlabelled barcode in ten (those whose
// digits happen to pass that check) is masked too: losing a barcode from a log line is the safer mistake,
// and the drain log names every operation's product id and sku beside the reason anyway. Digits grouped
// as the ID card prints them (1-2345-67890-12-1) are never a barcode and are always masked.

export const MASKED_EMAIL = '[e-mail]';
export const MASKED_PHONE = '[phone]';
export const MASKED_TAX_ID = '[tax id]';

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
/** 13 digits in a run, or grouped 1-4-5-2-1 with dashes or spaces as the Thai ID card prints them. */
const THIRTEEN_DIGITS = /(?<!\d)(?:\d{13}|\d([- ])\d{4}\1\d{5}\1\d{2}\1\d)(?!\d)/g;
/** 0 then 8 or 9 digits (landline, mobile), or +66 then 8 or 9 digits; single separators between. */
const THAI_PHONE = /(?<![\w+])(?:\+66[-\s.]?|0)(?:\d[-\s.]?){7,8}\d(?!\w)/g;
/** How far before a 13-digit run a word still labels it. */
const LABEL_REACH = 32;
const TAX_WORDS =
  /\btax|ภาษี|\bid\s*(?:number|no)\b|idnumber|เลขประจำตัว|บัตรประชาชน|\bcitizen|\bnational\s*id/gi;
const BARCODE_WORDS = /\bbarcode|บาร์โค้ด|บาร์โค๊ด|\bean\b|\bsku\b|\bproduct\s*code|รหัสสินค้า/gi;

/** Where the last of the words ends in `text`, or -1. */
function lastLabelEnd(words: RegExp, text: string): number {
  let end = -1;
  for (const found of text.matchAll(words)) end = found.index + found[0].length;
  return end;
}

/** The Thai tax-id (and citizen-id) check: Σ dᵢ·(14−i) for i = 1…12, then (11 − sum mod 11) mod 10. */
export function passesThaiTaxIdCheck(digits: string): boolean {
  if (!/^\d{13}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < 12; index++) sum += Number(digits[index]) * (13 - index);
  return (11 - (sum % 11)) % 10 === Number(digits[12]);
}

function maskThirteenDigits(text: string): string {
  return text.replace(THIRTEEN_DIGITS, (match: string, separator: string | undefined, offset: number) => {
    if (separator !== undefined) return MASKED_TAX_ID;
    // The label nearest before the digits decides; none: the check digit does.
    const before = text.slice(Math.max(0, offset - LABEL_REACH), offset);
    const tax = lastLabelEnd(TAX_WORDS, before);
    const barcode = lastLabelEnd(BARCODE_WORDS, before);
    if (tax > barcode) return MASKED_TAX_ID;
    if (barcode > tax) return match;
    return passesThaiTaxIdCheck(match) ? MASKED_TAX_ID : match;
  });
}

/** The text with e-mail addresses, Thai tax ids and Thai phone numbers masked (see the header). */
export function maskPersonalData(text: string): string {
  return maskThirteenDigits(text.replace(EMAIL, MASKED_EMAIL)).replace(THAI_PHONE, MASKED_PHONE);
}
