// Outbox rows in plain words: what kind of operation, what it changes, its state, and why it is parked
// (from the reason code and the row's own figures, in the page's language; main's English text stays
// available as the details).
import type { CallValue, OPERATION_STATES } from '../../../src-shared/ipc/index.js';
import { formatNumber } from '../../lib/i18n.svelte.js';
import { failureSaid } from '../../lib/refusal-words.js';
import { ot, type OutboxKey } from './outbox-strings.js';

export type ParkedOperation = CallValue<'outbox.parked'>[number];
export type OutboxItem = CallValue<'outbox.list'>['items'][number];
export type OperationState = (typeof OPERATION_STATES)[number];

const KINDS: Record<string, OutboxKey> = {
  stockCount: 'kindStockCount',
  reverseStockCount: 'kindReverseStockCount',
  stockChange: 'kindStockChange',
  addIncome: 'kindIncome',
  addExpense: 'kindExpense',
  addMoneyTransfer: 'kindMoneyTransfer',
  incomePayment: 'kindIncomePayment',
  expensePayment: 'kindExpensePayment',
  productBarcode: 'kindProductBarcode',
  addReturnPurchaseOrder: 'kindReturnCreate',
  returnPurchaseOrderStatus: 'kindReturnStatus',
  returnPurchaseOrderPayment: 'kindReturnPayment',
  voidReturnPurchaseOrderPayment: 'kindReturnVoidPayment',
  voidReturnPurchaseOrder: 'kindReturnVoid',
  addReturnPurchaseOrderTag: 'kindReturnTag',
  deleteReturnPurchaseOrderTag: 'kindReturnTag',
  addProduct: 'kindProductCreate',
  updateProduct: 'kindProductUpdate',
  activateProduct: 'kindProductActivate',
  disableProduct: 'kindProductDisable',
  deleteProduct: 'kindProductDelete',
  updateProductImage: 'kindProductPicture',
  addSerialNo: 'kindSerialAdd',
  deleteSerialNo: 'kindSerialRemove',
  addBundle: 'kindBundleCreate',
  updateBundle: 'kindBundleUpdate',
  activateBundle: 'kindBundleActivate',
  deleteBundle: 'kindBundleDelete',
  addContact: 'kindContactCreate',
  updateContact: 'kindContactUpdate',
  addWarehouse: 'kindWarehouseCreate',
  addQuotation: 'kindQuotationCreate',
  editQuotationInfo: 'kindQuotationInfo',
  editQuotation: 'kindQuotationLines',
  approveQuotation: 'kindQuotationApprove',
  voidQuotation: 'kindQuotationVoid',
  addQuotationTag: 'kindQuotationTag',
  deleteQuotationTag: 'kindQuotationTag',
  addOrderFile: 'kindOrderFile',
  addPurchaseOrderFile: 'kindPurchaseOrderFile',
  addQuotationFile: 'kindQuotationFile',
};

const CHANGES: Record<string, OutboxKey> = {
  count: 'changeCount',
  set: 'changeSet',
  increase: 'changeIncrease',
  decrease: 'changeDecrease',
  setAvailable: 'changeSetAvailable',
};

const STATES: Record<OperationState, OutboxKey> = {
  pending: 'statePending',
  sending: 'stateSending',
  done: 'stateDone',
  retry: 'stateRetry',
  unclear: 'stateUnclear',
  parked: 'stateParked',
  discarded: 'stateDiscarded',
};

/** Reason codes the drainer parks with (src-main/outbox) and their words. */
const REASONS: Record<string, OutboxKey> = {
  DRIFT_ASK: 'reasonDrift',
  DRIFT_NEGATIVE: 'reasonDriftNegative',
  UNCERTAIN_COUNT: 'reasonUncertain',
  UNCERTAIN_DELTA: 'reasonUncertain',
  UNKNOWN_PRODUCT: 'reasonUnknownProduct',
  UNKNOWN_WAREHOUSE: 'reasonUnknownWarehouse',
  LINE_REFUSED: 'reasonLineRefused',
  BAD_PAYLOAD: 'reasonBadPayload',
  UNKNOWN_KIND: 'reasonUnknownKind',
  UNCERTAIN_DELTA_WRITE: 'reasonUncertainWrite',
  UNCERTAIN_CREATE: 'reasonUncertainCreate',
  CHANGED_MEANWHILE: 'reasonChangedMeanwhile',
  CREATE_DISCARDED: 'reasonCreateDiscarded',
  CREATE_NOT_FOUND: 'reasonCreateNotFound',
  UPLOAD_MISSING: 'reasonUploadMissing',
};

const OUTCOMES: Record<string, OutboxKey> = {
  applied: 'outcomeApplied',
  reconciled: 'outcomeReconciled',
  alreadyApplied: 'outcomeAlreadyApplied',
  superseded: 'outcomeSuperseded',
  notUpdated: 'outcomeNotUpdated',
  discarded: 'outcomeDiscarded',
};

/** What became of a finished row. */
export function outcomeWords(outcome: string | null): string {
  if (outcome === null) return '';
  const key = OUTCOMES[outcome];
  return key === undefined ? outcome : ot(key);
}

export function kindWords(kind: string): string {
  const key = KINDS[kind];
  return key === undefined ? ot('kindOther', { kind }) : ot(key);
}

export function stateWords(state: OperationState): string {
  return ot(STATES[state]);
}

/** "counted 12", "add 3", "barcode 885…"…; empty for rows with neither (payments). */
export function changeWords(row: {
  readonly change: string | null;
  readonly value: number | null;
  readonly barcode?: string | null;
}): string {
  if (row.barcode !== undefined && row.barcode !== null) return ot('changeBarcode', { code: row.barcode });
  if (row.change === null || row.value === null) return '';
  const key = CHANGES[row.change];
  const value = formatNumber(row.value);
  return key === undefined ? `${row.change} ${value}` : ot(key, { value });
}

/** Why a row is parked, in the page's words, with the row's figures where the reason has some. */
export function reasonWords(row: {
  readonly reasonCode: string | null;
  readonly reasonText: string | null;
  readonly warehouseCode: string | null;
  readonly value: number | null;
  readonly countedAgainst: number | null;
  readonly serverBefore?: number | null;
}): string {
  const key = row.reasonCode === null ? undefined : REASONS[row.reasonCode];
  if (key === undefined) return failureSaid(row.reasonCode, row.reasonText).sentence;
  const figure = (value: number | null | undefined) =>
    value === null || value === undefined ? '?' : formatNumber(value);
  return ot(key, {
    counted: figure(row.value),
    against: figure(row.countedAgainst),
    current: figure(row.serverBefore),
    warehouse: row.warehouseCode ?? '?',
  });
}

/**
 * The product as the row names it: the name when known (the row's own, else from `names`) with the SKU,
 * else the SKU, else its id.
 */
export function productWords(
  row: {
    readonly productId: number | null;
    readonly sku: string | null;
    readonly productName?: string | null;
  },
  names: ReadonlyMap<number, string>,
): string {
  const name = row.productName ?? (row.productId === null ? undefined : names.get(row.productId));
  if (name !== undefined && row.sku !== null) return `${name} (${row.sku})`;
  if (name !== undefined) return name;
  if (row.sku !== null) return row.sku;
  return row.productId === null ? '' : ot('productNumber', { id: row.productId });
}
