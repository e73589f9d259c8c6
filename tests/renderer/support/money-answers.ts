// Answers of the money.* calls for the Money page's state tests: records, details, transfers, a list of
// any length, a preview, a refusal naming one field, and a fixed clock in Thai time.
import type {
  CallArgs,
  CallValue,
  IpcResult,
  MoneyPreview,
  MoneyRecordDetail,
  MoneyRecordSummary,
  MoneyTransferView,
} from '../../../src-shared/ipc/index.js';
import { ipcFail } from '../../../src-shared/ipc/index.js';
import { PAGE_SIZE } from '../../../src-renderer/features/money/money-list.svelte.js';
import { ok } from './fake-bridge.js';

// 2026-11-24 10:05 in Bangkok (03:05 UTC).
export const NOW = Date.UTC(2026, 10, 24, 3, 5);
export const clock = () => NOW;

export const coverage = { windowStart: '2026-08-26', windowDays: 90, lastPulledAt: null };

export function summary(id: number, overrides: Partial<MoneyRecordSummary> = {}): MoneyRecordSummary {
  return {
    id,
    kind: 'income',
    serverId: null,
    date: '2026-11-24',
    contactName: `Contact ${id}`,
    reference: `REF-${id}`,
    description: '',
    vatType: 'excludeVat',
    amount: 107,
    amountPretax: 100,
    vatAmount: 7,
    paymentAmount: 0,
    paymentStatus: 'Pending',
    sendState: 'waitingToSend',
    operationId: id + 100,
    paymentsWaiting: 0,
    ...overrides,
  };
}

export function detail(id: number, overrides: Partial<MoneyRecordDetail> = {}): MoneyRecordDetail {
  return {
    ...summary(id),
    contact: {
      name: `Contact ${id}`,
      idNumber: '',
      phone: '',
      email: '',
      address: '',
      branchName: '',
      branchNo: '',
    },
    discount: '',
    discountAmount: 0,
    subtotal: 100,
    lines: [{ name: 'Boxes', categoryName: '', totalPrice: 100, totalPricePretax: 100, totalPriceVat: 7 }],
    payments: [],
    tags: [],
    uniqueNumber: `U-${id}`,
    pulledAt: null,
    ...overrides,
  };
}

export function transfer(id: number): MoneyTransferView {
  return {
    id,
    serverId: null,
    date: '2026-11-24',
    amount: 500,
    fromMethodId: 1,
    fromMethodName: 'Cash',
    toMethodId: 2,
    toMethodName: 'Bank',
    status: 'Success',
    reference: '',
    description: '',
    sendState: 'waitingToSend',
    operationId: id + 200,
  };
}

/** money.list answering `total` records, the page asked for. */
export function records(total: number) {
  return (args: CallArgs<'money.list'>): IpcResult<CallValue<'money.list'>, never> => {
    const offset = args.offset ?? 0;
    const count = Math.max(0, Math.min(PAGE_SIZE, total - offset));
    return ok({
      total,
      offset,
      items: Array.from({ length: count }, (_, index) => summary(offset + index + 1, { kind: args.kind })),
      totals: { count: total, amount: total * 107, paymentAmount: 0, outstanding: total * 107 },
      coverage,
    });
  };
}

export const preview: MoneyPreview = {
  vatType: 'excludeVat',
  subtotal: 100,
  discountAmount: 10,
  discountAmountPretax: 10,
  discountAmountVat: 0.7,
  amount: 96.3,
  amountPretax: 90,
  vatAmount: 6.3,
  lines: [],
  paymentAmount: 0,
  paymentStatus: 'Pending',
  referenceUsedBy: null,
};

export const invalid = (path: string, message = 'is wrong') =>
  ipcFail('invalid-arguments', 'Some fields are not right.', { issues: [{ path, message }] });
