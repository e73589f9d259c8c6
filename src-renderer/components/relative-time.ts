// Times as people read them: "5 min ago" / "in 3 min" for the status line and the outbox, and the full
// Thai date and time for a title. Thai time (UTC+7) whatever the PC's zone, like every time in the app.
// Pure (the language is an argument), so it is tested without a page.
export type TimeLanguage = 'en' | 'th';

const THAI_ZONE = 'Asia/Bangkok';
const LOCALES: Record<TimeLanguage, string> = { en: 'en-GB', th: 'th-TH' };

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** `then` relative to `now`: "now" within 45 s, then minutes, hours (under 22 h) and days. */
export function relativeTime(then: number, now: number, language: TimeLanguage): string {
  const format = new Intl.RelativeTimeFormat(LOCALES[language], { numeric: 'auto', style: 'short' });
  const diff = then - now;
  const size = Math.abs(diff);
  if (size < 45 * SECOND) return format.format(0, 'second');
  if (size < 45 * MINUTE) return format.format(Math.round(diff / MINUTE), 'minute');
  if (size < 22 * HOUR) return format.format(Math.round(diff / HOUR), 'hour');
  return format.format(Math.round(diff / DAY), 'day');
}

/** The date and time in Thai time, e.g. "21 Nov 2026, 12:43" or "21 พ.ย. 2569 12:43". */
export function absoluteTime(then: number, language: TimeLanguage): string {
  return new Intl.DateTimeFormat(LOCALES[language], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: THAI_ZONE,
  }).format(then);
}
