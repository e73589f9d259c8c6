// Figures, dates and words as the paper prints them in the page's language: amounts with two decimals
// and thousands separators (the satang figures main computed with src-shared/money), Thai days as
// Thai people write them (Buddhist era in Thai). A document's status words come with its print source
// from the page that prints it (each feature owns its words; printing imports no feature folder).
import type { MoneyVatChoice } from '../../../src-shared/domain/vocabulary.js';
import type { PrintDocumentKind, PrintTitle } from '../../../src-shared/printing/titles.js';
import { parseThaiDate, parseThaiDateTime, THAI_OFFSET_MS } from '../../../src-shared/time/index.js';
import { locale } from '../../lib/i18n.svelte.js';
import { pt } from './printing-strings.js';

const amountFormats = {
  en: new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  th: new Intl.NumberFormat('th-TH', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
};
const quantityFormats = {
  en: new Intl.NumberFormat('en-GB', { maximumFractionDigits: 4 }),
  th: new Intl.NumberFormat('th-TH', { maximumFractionDigits: 4 }),
};
// The Thai day is computed from the wire's text, so the formatter reads it as a UTC day.
const dateFormats = {
  en: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
  th: new Intl.DateTimeFormat('th-TH', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
};

/** A negative figure's sign: the hyphen-minus, which the embedded font's subsets have (U+2212 is not). */
const MINUS = '-';

/** "1,250.00"; a negative figure with a minus sign. */
export function printAmount(value: number): string {
  const text = amountFormats[locale.language].format(Math.abs(value));
  return value < 0 ? `${MINUS}${text}` : text;
}

/** A variance with its sign ("+2", "-1.5", "0"). */
export function printSigned(value: number, format: (value: number) => string = printQuantity): string {
  if (value === 0) return format(0);
  return value > 0 ? `+${format(value)}` : format(value);
}

export function printQuantity(value: number): string {
  const text = quantityFormats[locale.language].format(Math.abs(value));
  return value < 0 ? `${MINUS}${text}` : text;
}

/** 'yyyy-MM-dd' (a Thai day) as "26 Nov 2026" / "26 พ.ย. 2569"; anything unreadable as it is. */
export function printDate(day: string): string {
  const start = parseThaiDate(day);
  if (start === undefined) return day;
  // parseThaiDate gives the instant the Thai day starts; shifted by the offset it is that day in UTC.
  return dateFormats[locale.language].format(start + THAI_OFFSET_MS);
}

/** 'yyyy-MM-dd HH:mm' (Thai time) with the date as printDate writes it. */
export function printDateTime(text: string): string {
  if (parseThaiDateTime(text) === undefined) return text;
  return `${printDate(text.slice(0, 10))} ${text.slice(11, 16)}`;
}

export function titleWords(title: PrintTitle): string {
  return pt(`title_${title}`);
}

export function vatChoiceWords(choice: MoneyVatChoice): string {
  return pt(`vat_${choice}`);
}

/** Who the document's party is: the customer, the supplier, or whom an expense paid. */
export function partyLabel(kind: PrintDocumentKind): string {
  if (kind === 'expense') return pt('payee');
  return pt(kind === 'returnPurchaseOrder' ? 'supplier' : 'customer');
}
