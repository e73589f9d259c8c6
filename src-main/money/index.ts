// The store's money: local copy, sync, service; what the rest of main imports.
export { MoneyService, type MoneyServiceOptions } from './money.service.js';
export {
  DEFAULT_MONEY_SYNC_SETTINGS,
  MoneySync,
  type MoneyPullReport,
  type MoneySyncOptions,
  type MoneySyncSettings,
} from './money-sync.js';
