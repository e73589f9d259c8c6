// Thai time (UTC+7, no daylight saving) for the sandbox, whatever the host's zone.
// Same names and meanings as src-shared/time (being written at the same time); once it lands this file
// only re-exports it, so handlers keep importing from here.

const THAI_OFFSET_MS = 7 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

function thaiParts(instant: number): Date {
  return new Date(instant + THAI_OFFSET_MS);
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** yyyy-MM-dd of the Thai day an instant (epoch ms) falls in. */
export function formatThaiDate(instant: number): string {
  const date = thaiParts(instant);
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** yyyy-MM-dd HH:mm in Thai time. */
export function formatThaiDateTime(instant: number): string {
  const date = thaiParts(instant);
  return `${formatThaiDate(instant)} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
}

/** Epoch ms of Thai midnight starting a yyyy-MM-dd day; undefined when the text is not a real date. */
export function parseThaiDate(text: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = Date.UTC(year, month - 1, day);
  const check = new Date(utc);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return undefined;
  }
  return utc - THAI_OFFSET_MS;
}

/** Epoch ms of a yyyy-MM-dd HH:mm Thai time; undefined when the text is not valid. */
export function parseThaiDateTime(text: string): number | undefined {
  const match = /^(\d{4}-\d{2}-\d{2}) ([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  if (!match || match[1] === undefined) return undefined;
  const dayStart = parseThaiDate(match[1]);
  if (dayStart === undefined) return undefined;
  return dayStart + (Number(match[2]) * 60 + Number(match[3])) * 60 * 1000;
}

/** The whole Thai day named by yyyy-MM-dd: [startMs, endMs). */
export function thaiDayRange(dateText: string): { startMs: number; endMs: number } | undefined {
  const startMs = parseThaiDate(dateText);
  return startMs === undefined ? undefined : { startMs, endMs: startMs + DAY_MS };
}

/** The Thai day an instant falls in, as yyyy-MM-dd (a key for per-day counters such as the quota). */
export function thaiDayKey(instant: number): string {
  return formatThaiDate(instant);
}
