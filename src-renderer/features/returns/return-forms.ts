// What the returns panel's filter and forms hold as typed, and the call arguments each becomes: blank
// fields are left out (main takes its defaults), typed figures go as typed for main to read by the one
// rule (typedArg), and a number main proposed and the person kept is left to main.
import type { CallArgs } from '../../../src-shared/ipc/index.js';
import type { ReturnOrderStatus, ReturnStatusTarget } from '../../../src-shared/domain/vocabulary.js';
import { MONEY_RULE, PAYMENT_RULE } from '../../../src-shared/domain/typed-number.js';
import type { LinesArgs } from '../../components/document-lines.svelte.js';
import { typedArg } from '../../lib/form-input.js';

export interface ReturnFilterText {
  readonly status: ReturnOrderStatus | '';
  readonly dateFrom: string;
  readonly dateTo: string;
  readonly amountMin: string;
  readonly amountMax: string;
  readonly keyword: string;
  readonly warehouseCode: string;
}

export const NO_RETURN_FILTER: ReturnFilterText = {
  status: '',
  dateFrom: '',
  dateTo: '',
  amountMin: '',
  amountMax: '',
  keyword: '',
  warehouseCode: '',
};

export interface NewReturnText {
  readonly number: string;
  readonly date: string;
  readonly warehouseCode: string;
  readonly supplierName: string;
  readonly supplierPhone: string;
  readonly reference: string;
  readonly success: boolean;
  readonly payAmount: string;
  readonly methodId: number | null;
}

export const NO_NEW_RETURN: NewReturnText = {
  number: '',
  date: '',
  warehouseCode: '',
  supplierName: '',
  supplierPhone: '',
  reference: '',
  success: false,
  payAmount: '',
  methodId: null,
};

export interface StatusText {
  readonly status: ReturnStatusTarget;
  readonly actionDate: string;
  readonly warehouseCode: string;
}

export interface PaymentText {
  readonly amount: string;
  readonly methodId: number | null;
  readonly paidAt: string;
}

/** One page of the list with the filter as typed. */
export function listArgs(filter: ReturnFilterText, offset: number, limit: number): CallArgs<'returns.list'> {
  return {
    offset,
    limit,
    ...(filter.status ? { statuses: [filter.status] } : {}),
    ...(filter.dateFrom.trim() ? { dateFrom: filter.dateFrom.trim() } : {}),
    ...(filter.dateTo.trim() ? { dateTo: filter.dateTo.trim() } : {}),
    ...(filter.amountMin.trim() ? { amountMin: typedArg(filter.amountMin.trim(), MONEY_RULE) } : {}),
    ...(filter.amountMax.trim() ? { amountMax: typedArg(filter.amountMax.trim(), MONEY_RULE) } : {}),
    ...(filter.keyword.trim() ? { keyword: filter.keyword.trim() } : {}),
    ...(filter.warehouseCode ? { warehouseCode: filter.warehouseCode } : {}),
  };
}

/**
 * The new return as typed, with the lines of its editor. `proposedNumber`: the number main proposed
 * (null when it gave none).
 */
export function createArgs(
  text: NewReturnText,
  proposedNumber: string | null,
  lines: LinesArgs,
): CallArgs<'returns.create'> {
  const number = text.number.trim();
  const pay = text.payAmount.trim();
  return {
    // The proposal kept is left to main, which takes it as it saves, or the next number when another
    // form saved this one meanwhile; a typed number is sent as typed (a cleared one for main to name).
    ...(number === proposedNumber ? {} : { number }),
    ...(text.date.trim() ? { date: text.date.trim() } : {}),
    warehouseCode: text.warehouseCode,
    ...(text.supplierName.trim() || text.supplierPhone.trim()
      ? { supplier: { name: text.supplierName.trim(), phone: text.supplierPhone.trim() } }
      : {}),
    reference: text.reference,
    ...lines,
    status: text.success ? 'Success' : 'Pending',
    ...(pay === '' ? {} : { payment: { methodId: text.methodId ?? 0, amount: typedArg(pay, PAYMENT_RULE) } }),
  };
}
