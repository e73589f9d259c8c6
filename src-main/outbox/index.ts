// The outbox: what the rest of main imports.
export type { AppliedWrite } from './applied-writes.js';
export { DRIFT_POLICIES, resolveDrift, type DriftDecision, type DriftPolicy } from './core/drift.js';
export {
  enqueueIncome,
  enqueueProductBarcode,
  enqueueStockChange,
  enqueueStockCount,
  OutboxInputError,
  type StockChange,
  type StockChangeInput,
  type StockCountInput,
} from './enqueue.js';
export {
  appliedCountLine,
  enqueueCountReversal,
  REVERSE_STOCK_COUNT_KIND,
  type AppliedCountLine,
  type CountReversalInput,
} from './kinds/count-reversal.kind.js';
export { UNKNOWN_PRODUCT, validateBarcode, type BarcodeCheck } from './kinds/product-barcode.kind.js';
export {
  ADD_SERIAL_KIND,
  DELETE_SERIAL_KIND,
  enqueueSerialNumbers,
  moveSerialsToServerProduct,
  SERIAL_DUPLICATE_OUTCOME,
  SERIAL_REFUSED,
  serialOperationStates,
  type SerialOperationState,
  type SerialRequest,
} from './kinds/serial-numbers.kind.js';
export { effectiveStock, pendingStock, type PendingStock } from './local-view.js';
export { recordStockEffects, type StockEffect } from './stock-effects.js';
export type { OpenCounts, OperationRow, OperationState } from './drain.repository.js';
export {
  listOperations,
  listParked,
  type OutboxListing,
  type OutboxRowView,
  type ParkedOperation,
} from './operation-list.repository.js';
export type { KindContext, OperationKind, Preparation, RowOutcome } from './core/operation-kind.js';
export type { OutboxEventMap, OutboxEventName } from './outbox-events.js';
export {
  DEFAULT_BATCH_LIMIT,
  Outbox,
  defaultKinds,
  type DrainReport,
  type OutboxOptions,
} from './outbox.service.js';
export {
  actionsOf,
  discardParked,
  editParkedValue,
  ParkedActionError,
  retryParked,
} from './parked.service.js';
export { enqueueWrite, operationStates } from './writes/enqueue-write.js';
export { sendStateOf } from './writes/send-state.js';
export {
  WRITE_KINDS,
  WRITE_MARKS,
  type AddExpenseBody,
  type AddIncomeBody,
  type AddMoneyTransferBody,
  type AddQuotationBody,
  type PaymentFields,
  type WriteTarget,
  type QueuedWrite,
  type WriteKind,
  type WriteMark,
  type WriteOperationState,
  type WriteRequest,
} from './writes/write-request.js';
export { createOperationOf, localProductId } from './core/local-products.js';
export { openStockLineCount } from './stock-view.repository.js';
export { outboxWrites, type OutboxWrites } from './outbox-writes.js';
export { DEFAULT_PROBE_MS, ReachabilityProbe } from './reachability-probe.js';
export {
  withdraw,
  withdrawalPlan,
  WithdrawRefusal,
  type WithdrawalItem,
  type WithdrawalPlan,
  type WithdrawBlock,
} from './withdraw.js';
