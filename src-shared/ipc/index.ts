// The IPC contract shared by main, the preload, the web host and the renderer.
export * from './bridge.js';
export * from './contract.js';
export * from './events.js';
export * from './names.js';
export * from './result.js';
export * from '../domain/vocabulary.js';
export { DEFAULT_COUNTER, MAX_PAGE } from './schemas/common.js';
export type { ProductDetail, ProductSummary } from './schemas/catalogue.js';
export type { CountLine, IndexedCode, SessionViewValue } from './schemas/count-records.js';
export { MONEY_CHANGE_SOURCES } from './schemas/money.js';
export type {
  MoneyChange,
  MoneyDraft,
  MoneyPreview,
  MoneyRecordDetail,
  MoneyRecordSummary,
  MoneyReferenceUse,
  MoneyTransferView,
} from './schemas/money.js';
export type { OutboxSummary } from './schemas/outbox.js';
export type {
  ContactDetail,
  ContactFields,
  ContactRef,
  ContactSummary,
  ContactsChange,
} from './schemas/contacts.js';
export {
  LIVE_ADDRESS_PATTERN,
  LIVE_CODE_PATTERN,
  LIVE_REFUSAL_REASONS,
  liveJoinText,
  parseLiveJoinText,
  type LiveRefusalReason,
} from '../domain/live-join.js';
export { MOVE_NOTE_MAX } from './schemas/stock-moves.js';
export type { StockMoveView } from './schemas/stock-moves.js';
export type { ReturnDraft, ReturnOrderDetail, ReturnOrderSummary, ReturnsChange } from './schemas/returns.js';
export type { PublicProfileValue } from './schemas/profiles.js';
export type { AppSettings } from './schemas/settings.js';
export { DEFAULT_SETTINGS } from './settings-defaults.js';
export {
  CONNECTIVITY_REASONS,
  SYNC_JOBS,
  SYNC_PHASES,
  type Budget,
  type Connectivity,
  type SyncStatus,
} from './schemas/status.js';
export type {
  DocumentLineDraft,
  DocumentLinesDraft,
  DocumentLinesPreview,
} from './schemas/document-lines.js';
export type {
  DocumentsChange,
  QuotationDetail,
  QuotationDraft,
  QuotationSummary,
} from './schemas/quotations.js';
export * from './refusal-reasons.js';
