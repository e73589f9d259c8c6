// Thai time (UTC+7, no daylight saving) for the sandbox, whatever the host's zone: the shared
// implementation in src-shared/time, re-exported so handlers import it from one place.
export {
  formatThaiDate,
  formatThaiDateTime,
  parseThaiDate,
  parseThaiDateTime,
  thaiDayKey,
  thaiDayRange,
} from '../../src-shared/time/index.js';
