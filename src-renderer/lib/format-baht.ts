// Baht figures in the page's language, for every page that shows money (money, documents, returns) and
// the shared document-lines component: a leaf, so components need no feature folder for it.
import { locale } from './i18n.svelte.js';

/** "฿1,250.00" in the page's language. */
export function formatBaht(value: number): string {
  const text = new Intl.NumberFormat(locale.language === 'th' ? 'th-TH' : 'en-GB', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(Math.abs(value));
  return `${value < 0 ? '−' : ''}฿${text}`;
}
