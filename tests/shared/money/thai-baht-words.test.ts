// Amounts in Thai words (issue 25): a reference table of how Thai papers (Excel's BAHTTEXT, the
// Revenue Department's forms) word amounts, then properties over random amounts: the words read back
// (by a reader written here from the digit and place table, independent of the function) to the same
// satang, the spelling rules hold everywhere (สิบ not หนึ่งสิบ, ยี่สิบ not สองสิบ, เอ็ด only after a
// higher digit, ถ้วน exactly on whole baht), and a figure with a third decimal is refused.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  thaiBahtWords,
  thaiBahtWordsOfSatang,
  ThaiWordsError,
} from '../../../src-shared/money/thai-baht-words.js';

const REFERENCE: ReadonlyArray<readonly [number, string]> = [
  [0, 'ศูนย์บาทถ้วน'],
  [0.01, 'หนึ่งสตางค์'],
  [0.1, 'สิบสตางค์'],
  [0.11, 'สิบเอ็ดสตางค์'],
  [0.21, 'ยี่สิบเอ็ดสตางค์'],
  [0.5, 'ห้าสิบสตางค์'],
  [1, 'หนึ่งบาทถ้วน'],
  [2, 'สองบาทถ้วน'],
  [10, 'สิบบาทถ้วน'],
  [11, 'สิบเอ็ดบาทถ้วน'],
  [20, 'ยี่สิบบาทถ้วน'],
  [21, 'ยี่สิบเอ็ดบาทถ้วน'],
  [25.25, 'ยี่สิบห้าบาทยี่สิบห้าสตางค์'],
  [101, 'หนึ่งร้อยเอ็ดบาทถ้วน'],
  [110, 'หนึ่งร้อยสิบบาทถ้วน'],
  [111, 'หนึ่งร้อยสิบเอ็ดบาทถ้วน'],
  [500, 'ห้าร้อยบาทถ้วน'],
  [1001, 'หนึ่งพันเอ็ดบาทถ้วน'],
  [1412.4, 'หนึ่งพันสี่ร้อยสิบสองบาทสี่สิบสตางค์'],
  [1281.27, 'หนึ่งพันสองร้อยแปดสิบเอ็ดบาทยี่สิบเจ็ดสตางค์'],
  [10_000, 'หนึ่งหมื่นบาทถ้วน'],
  [21_000, 'สองหมื่นหนึ่งพันบาทถ้วน'],
  [100_000, 'หนึ่งแสนบาทถ้วน'],
  [999_999.99, 'เก้าแสนเก้าหมื่นเก้าพันเก้าร้อยเก้าสิบเก้าบาทเก้าสิบเก้าสตางค์'],
  [1_000_000, 'หนึ่งล้านบาทถ้วน'],
  [1_000_001, 'หนึ่งล้านเอ็ดบาทถ้วน'],
  [1_000_010, 'หนึ่งล้านสิบบาทถ้วน'],
  [11_000_000, 'สิบเอ็ดล้านบาทถ้วน'],
  [21_000_021, 'ยี่สิบเอ็ดล้านยี่สิบเอ็ดบาทถ้วน'],
  [101_000_000, 'หนึ่งร้อยเอ็ดล้านบาทถ้วน'],
  [1_000_000_000_000, 'หนึ่งล้านล้านบาทถ้วน'],
  [-50, 'ลบห้าสิบบาทถ้วน'],
];

describe('amounts in Thai words', () => {
  it.each(REFERENCE)('words %d as Thai papers do', (amount, words) => {
    expect(thaiBahtWords(amount)).toBe(words);
  });

  it('refuses figures it cannot word exactly', () => {
    for (const bad of [1.005, 0.001, Number.NaN, Number.POSITIVE_INFINITY, 1e17]) {
      expect(() => thaiBahtWords(bad)).toThrow(ThaiWordsError);
    }
    expect(() => thaiBahtWordsOfSatang(-1)).toThrow(ThaiWordsError);
    expect(() => thaiBahtWordsOfSatang(1.5)).toThrow(ThaiWordsError);
  });
});

// The reader: the same table as Thai teaches it, applied the other way.
const DIGIT_VALUES = new Map<string, number>([
  ['ศูนย์', 0],
  ['หนึ่ง', 1],
  ['เอ็ด', 1],
  ['สอง', 2],
  ['ยี่', 2],
  ['สาม', 3],
  ['สี่', 4],
  ['ห้า', 5],
  ['หก', 6],
  ['เจ็ด', 7],
  ['แปด', 8],
  ['เก้า', 9],
]);
const PLACE_VALUES = new Map<string, bigint>([
  ['สิบ', 10n],
  ['ร้อย', 100n],
  ['พัน', 1000n],
  ['หมื่น', 10_000n],
  ['แสน', 100_000n],
  ['ล้าน', 1_000_000n],
]);
const TOKENS = [...DIGIT_VALUES.keys(), ...PLACE_VALUES.keys()].sort((a, b) => b.length - a.length);

function readNumber(words: string): bigint {
  let total = 0n; // whole ล้าน groups read so far
  let group = 0n;
  let digit: number | null = null;
  let rest = words;
  while (rest !== '') {
    const token = TOKENS.find((candidate) => rest.startsWith(candidate));
    if (token === undefined) throw new Error(`cannot read "${rest}"`);
    rest = rest.slice(token.length);
    const place = PLACE_VALUES.get(token);
    if (place === undefined) {
      digit = DIGIT_VALUES.get(token) ?? 0;
    } else if (place === 1_000_000n) {
      total = (total + group + BigInt(digit ?? 0)) * place;
      group = 0n;
      digit = null;
    } else {
      group += BigInt(digit ?? 1) * place;
      digit = null;
    }
  }
  return total + group + BigInt(digit ?? 0);
}

function readBahtWords(words: string): bigint {
  const negative = words.startsWith('ลบ');
  const body = negative ? words.slice(2) : words;
  const match = /^(?:(.+)บาท)?(?:ถ้วน|(.+)สตางค์)$/.exec(body);
  if (match === null) throw new Error(`not baht words: "${words}"`);
  const satang = readNumber(match[1] ?? '') * 100n + readNumber(match[2] ?? '');
  return negative ? -satang : satang;
}

describe('amounts in Thai words, properties', () => {
  const anySatang = fc.oneof(
    fc.integer({ min: 0, max: 100_000_000 }),
    fc.maxSafeInteger().filter((value) => value >= 0),
  );

  it('reads back to the same satang', () => {
    fc.assert(
      fc.property(anySatang, (satang) => {
        expect(readBahtWords(thaiBahtWordsOfSatang(satang))).toBe(BigInt(satang));
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps the spelling rules', () => {
    fc.assert(
      fc.property(anySatang, (satang) => {
        const words = thaiBahtWordsOfSatang(satang);
        expect(words).not.toMatch(/หนึ่งสิบ|สองสิบ|ศูนย์(?!บาทถ้วน)/);
        // เอ็ด only after another digit or place (never first, never after ล้าน's own start).
        expect(words).not.toMatch(/^เอ็ด|บาทเอ็ด/);
        expect(words.endsWith('ถ้วน')).toBe(satang % 100 === 0);
        expect(words.includes('บาท')).toBe(satang >= 100 || satang === 0);
      }),
      { numRuns: 2000 },
    );
  });

  it('words a figure with two decimals as its satang', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }), (satang) => {
        const words = thaiBahtWords(satang / 100);
        expect(readBahtWords(words)).toBe(BigInt(satang));
      }),
    );
  });
});
