// Thai time (UTC+7) for the v4 wire: 'yyyy-MM-dd' and 'yyyy-MM-dd HH:mm', independent of the host's zone.
export {
  THAI_OFFSET_MS,
  DAY_MS,
  formatThaiDate,
  formatThaiDateTime,
  parseThaiDate,
  parseThaiDateTime,
  thaiDayRange,
  thaiDayKey,
} from './thai-time.js';
