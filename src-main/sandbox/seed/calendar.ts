// Demo dates: business hours on Thai days before the store's "now".
import { DAY_MS, formatThaiDate, formatThaiDateTime, parseThaiDate } from '../../../src-shared/time/index.js';
import type { Random } from '../../../src-shared/random.js';

export { DAY_MS, formatThaiDate, formatThaiDateTime };

const HOUR_MS = 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

/** Epoch ms of the Thai midnight that starts the day `instant` falls in. */
export function thaiMidnight(instant: number): number {
  const midnight = parseThaiDate(formatThaiDate(instant));
  if (midnight === undefined) throw new Error(`no Thai day for ${instant}`);
  return midnight;
}

/** A minute between 09:00 and 17:59 Thai time, `daysAgo` (≥ 1) whole days before the anchor's day. */
export function businessTime(random: Random, anchor: number, daysAgo: number): number {
  const day = thaiMidnight(anchor) - Math.max(1, daysAgo) * DAY_MS;
  return day + 9 * HOUR_MS + random.int(0, 9 * 60 - 1) * MINUTE_MS;
}

/** A business-hours minute `days` (≥ 1) days after `instant`, or undefined when that is not before the anchor. */
export function laterBusinessTime(
  random: Random,
  instant: number,
  days: number,
  anchor: number,
): number | undefined {
  const day = thaiMidnight(instant) + Math.max(1, days) * DAY_MS;
  const at = day + 9 * HOUR_MS + random.int(0, 9 * 60 - 1) * MINUTE_MS;
  return at < thaiMidnight(anchor) ? at : undefined;
}

/** yyyyMM of an instant in Thai time, for document numbers (QT202601…). */
export function thaiMonthKey(instant: number): string {
  return formatThaiDate(instant).slice(0, 7).replace('-', '');
}
