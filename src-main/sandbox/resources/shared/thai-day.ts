// Days of records (document dates, action dates, approval dates): Thai midnight of a yyyy-MM-dd.
import { formatThaiDate, parseThaiDate } from '../../../../src-shared/time/index.js';

/** Epoch ms of Thai midnight starting the day of `instant`. */
export function thaiToday(instant: number): number {
  return parseThaiDate(formatThaiDate(instant)) ?? instant;
}

/** A yyyy-MM-dd (already checked by the row's schema) as Thai midnight, or today when absent. */
export function documentDay(text: string | undefined, now: number): number {
  if (text === undefined) return thaiToday(now);
  return parseThaiDate(text) ?? thaiToday(now);
}
