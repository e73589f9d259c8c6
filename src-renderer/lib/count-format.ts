// Numbers the count review and the cycle pages show: baht with 2 decimals, signed variances (a real
// minus sign, readable at arm's length), outbox operation ids folded into ranges, and times in Thai
// time, all in the page's language.
import { formatBaht } from './format-baht.js';
import { formatNumber, locale } from './i18n.svelte.js';

// One baht formatter for every page, so a negative figure reads the same everywhere (−฿, a real minus).
export { formatBaht };

const MINUS = '\u2212';

function localeTag(): string {
  return locale.language === 'th' ? 'th-TH' : 'en-GB';
}

function sign(value: number): string {
  if (value > 0) return '+';
  if (value < 0) return MINUS;
  return '';
}

/** A quantity with its sign: +3, −2, 0. */
export function formatSigned(value: number): string {
  return sign(value) + formatNumber(Math.abs(value));
}

/** A baht amount with its sign: +฿12.00, −฿150.50, ฿0.00. */
export function formatSignedBaht(value: number): string {
  return sign(value) + formatBaht(Math.abs(value));
}

/** Ids as runs: [4, 5, 6, 9] → "4–6, 9". A commit of a whole warehouse can queue thousands. */
export function formatIdRanges(ids: readonly number[]): string {
  const sorted = [...ids].sort((a, b) => a - b);
  const runs: string[] = [];
  let index = 0;
  while (index < sorted.length) {
    const start = sorted[index] ?? 0;
    let end = start;
    while (sorted[index + 1] === end + 1) {
      end += 1;
      index += 1;
    }
    runs.push(start === end ? `#${start}` : `#${start}–#${end}`);
    index += 1;
  }
  return runs.join(', ');
}

/** Date and time in Thai time (the store's clock), in the page's language. */
export function formatWhen(epochMs: number): string {
  return new Intl.DateTimeFormat(localeTag(), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Bangkok',
  }).format(epochMs);
}
