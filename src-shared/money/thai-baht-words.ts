// An amount of baht in Thai words, as Thai papers write it under the total (issue 25), the way Excel's
// BAHTTEXT and the Revenue Department's forms do: "หนึ่งพันสี่ร้อยสิบสองบาทสี่สิบสตางค์",
// "ห้าร้อยบาทถ้วน" (whole baht end in ถ้วน), "ห้าสิบสตางค์" (under one baht: no บาท). A 1 in the units
// is เอ็ด after any higher digit (สิบเอ็ด, หนึ่งร้อยเอ็ด, หนึ่งล้านเอ็ด), a 1 in the tens is just สิบ and
// a 2 there ยี่; ล้าน repeats every six digits. An amount with more than two decimals is refused, not
// rounded: the figure printed beside the words is the one main computed.

const DIGITS = ['ศูนย์', 'หนึ่ง', 'สอง', 'สาม', 'สี่', 'ห้า', 'หก', 'เจ็ด', 'แปด', 'เก้า'] as const;
const PLACES = ['', 'สิบ', 'ร้อย', 'พัน', 'หมื่น', 'แสน'] as const;
const MILLION = 'ล้าน';

/** The largest amount worded: what a JavaScript number holds exactly in satang. */
export const THAI_WORDS_MAX_SATANG = Number.MAX_SAFE_INTEGER;

export class ThaiWordsError extends Error {
  override readonly name = 'ThaiWordsError';
}

/**
 * Up to six digits (one ล้าน group) in words; '' for 0. `afterHigher`: a higher group is not zero, so a
 * lone unit 1 is เอ็ด ("หนึ่งล้านเอ็ด").
 */
function groupWords(digits: string, afterHigher: boolean): string {
  let words = '';
  const width = digits.length;
  for (let index = 0; index < width; index += 1) {
    const digit = Number(digits[index]);
    const place = width - 1 - index;
    if (digit === 0) continue;
    if (place === 0 && digit === 1 && (afterHigher || words !== '')) words += 'เอ็ด';
    else if (place === 1 && digit === 1) words += PLACES[1];
    else if (place === 1 && digit === 2) words += `ยี่${PLACES[1]}`;
    else words += `${DIGITS[digit] ?? ''}${PLACES[place] ?? ''}`;
  }
  return words;
}

/** A whole number (as digits, no leading zeros but "0") in words: ศูนย์ for 0. */
export function thaiNumberWords(digits: string): string {
  if (!/^(0|[1-9]\d*)$/.test(digits)) throw new ThaiWordsError(`"${digits}" is not a whole number`);
  if (digits === '0') return DIGITS[0];
  // Split into ล้าน groups from the right: 1234567 → ['1', '234567'].
  const groups: string[] = [];
  for (let end = digits.length; end > 0; end -= 6) groups.unshift(digits.slice(Math.max(0, end - 6), end));
  let words = '';
  groups.forEach((group, index) => {
    const higherNonZero = words !== '';
    words += groupWords(group, higherNonZero);
    if (index < groups.length - 1) words += MILLION;
  });
  // Whole ล้าน groups of zeros leave ล้านล้าน as Thai writes them (10^12 = หนึ่งล้านล้าน).
  return words;
}

/** Satang (whole, ≥ 0) in Thai baht words. */
export function thaiBahtWordsOfSatang(satang: number): string {
  if (!Number.isSafeInteger(satang) || satang < 0) {
    throw new ThaiWordsError(`${satang} is not a whole number of satang from 0 up`);
  }
  const baht = Math.floor(satang / 100);
  const rest = satang % 100;
  const bahtWords = baht > 0 ? `${thaiNumberWords(String(baht))}บาท` : '';
  if (rest === 0) return baht === 0 ? `${DIGITS[0]}บาทถ้วน` : `${bahtWords}ถ้วน`;
  return `${bahtWords}${groupWords(String(rest), false)}สตางค์`;
}

/**
 * Baht (at most two decimals) in Thai words; a negative amount (a credit) starts with ลบ. Refuses a
 * figure that is not finite, has more than two decimals or is too large to hold in satang.
 */
export function thaiBahtWords(amount: number): string {
  if (!Number.isFinite(amount)) throw new ThaiWordsError(`${amount} is not an amount`);
  const satang = Math.round(Math.abs(amount) * 100);
  if (!Number.isSafeInteger(satang)) throw new ThaiWordsError(`${amount} is too large to word`);
  // More than two decimals: the figure beside the words would disagree with them.
  if (Math.abs(Math.abs(amount) * 100 - satang) > 1e-6 * Math.max(1, satang)) {
    throw new ThaiWordsError(`${amount} has more than two decimals`);
  }
  const words = thaiBahtWordsOfSatang(satang);
  return amount < 0 && satang > 0 ? `ลบ${words}` : words;
}
