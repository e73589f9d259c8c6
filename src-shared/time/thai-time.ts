// Thai local time (UTC+7, no daylight saving), the zone of every date on the v4 wire. The host's zone
// is never consulted: instants are shifted by the fixed offset and read with UTC getters, so a PC set
// to any zone sends and reads the same texts.

export const THAI_OFFSET_MS = 7 * 60 * 60 * 1000;
export const DAY_MS = 24 * 60 * 60 * 1000;

const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME_TEXT = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/;

/** 'yyyy-MM-dd' of the Thai calendar day the instant falls on. */
export function formatThaiDate(instant: Date | number): string {
  return datePart(thaiWallClock(instant));
}

/** 'yyyy-MM-dd HH:mm' in Thai time (seconds are dropped, not rounded). */
export function formatThaiDateTime(instant: Date | number): string {
  const thai = thaiWallClock(instant);
  return `${datePart(thai)} ${pad(thai.getUTCHours(), 2)}:${pad(thai.getUTCMinutes(), 2)}`;
}

/** The key of the Thai day an instant falls on: the per-day request quota resets at Thai midnight. */
export function thaiDayKey(instant: Date | number): string {
  return formatThaiDate(instant);
}

/** Epoch ms of 00:00 Thai time on a 'yyyy-MM-dd' day, or undefined when the text is not a real date. */
export function parseThaiDate(text: string): number | undefined {
  const match = DATE_TEXT.exec(text);
  if (!match) return undefined;
  const [, year, month, day] = match.map(Number);
  return thaiEpochMs(year, month, day, 0, 0);
}

/** Epoch ms of a 'yyyy-MM-dd HH:mm' Thai time, or undefined when the text is not a real date and time. */
export function parseThaiDateTime(text: string): number | undefined {
  const match = DATETIME_TEXT.exec(text);
  if (!match) return undefined;
  const [, year, month, day, hours, minutes] = match.map(Number);
  return thaiEpochMs(year, month, day, hours, minutes);
}

/**
 * The instants of one Thai day, end exclusive (start of the next day), for inclusive date filters:
 * a record is on the day when startMs <= t < endMs. Undefined when the text is not a real date.
 */
export function thaiDayRange(dateText: string): { startMs: number; endMs: number } | undefined {
  const startMs = parseThaiDate(dateText);
  return startMs === undefined ? undefined : { startMs, endMs: startMs + DAY_MS };
}

/** A Date whose UTC fields read as the Thai wall clock at `instant`. */
function thaiWallClock(instant: Date | number): Date {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  if (!Number.isFinite(ms)) throw new RangeError(`Not a valid instant: ${String(instant)}`);
  return new Date(ms + THAI_OFFSET_MS);
}

function datePart(wallClock: Date): string {
  const year = pad(wallClock.getUTCFullYear(), 4);
  return `${year}-${pad(wallClock.getUTCMonth() + 1, 2)}-${pad(wallClock.getUTCDate(), 2)}`;
}

function thaiEpochMs(
  year: number | undefined,
  month: number | undefined,
  day: number | undefined,
  hours: number | undefined,
  minutes: number | undefined,
): number | undefined {
  if (year === undefined || month === undefined || day === undefined) return undefined;
  if (hours === undefined || minutes === undefined || hours > 23 || minutes > 59) return undefined;
  // setUTCFullYear, unlike Date.UTC, does not move years 0-99 to 1900-1999.
  const wallClock = new Date(0);
  wallClock.setUTCFullYear(year, month - 1, day);
  wallClock.setUTCHours(hours, minutes, 0, 0);
  const isRealDay =
    wallClock.getUTCFullYear() === year &&
    wallClock.getUTCMonth() === month - 1 &&
    wallClock.getUTCDate() === day;
  return isRealDay ? wallClock.getTime() - THAI_OFFSET_MS : undefined;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}
