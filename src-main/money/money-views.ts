// Local rows → the contract's shapes (src-shared/ipc/schemas/money.ts), with each write's send state.
import type { MoneyRecordDetail, MoneyRecordSummary, MoneyTransferView } from '../../src-shared/ipc/index.js';
import { isOneOf } from '../../src-shared/domain/vocabulary.js';
import { PAYMENT_STATUSES, roundMoney } from '../../src-shared/money/index.js';
import { discountOf, vatChoiceOf } from './money-figures.js';
import type { LocalPaymentRow, RecordRow, StoredDetail, TransferRow } from './money-rows.js';
import { sendStateOf } from '../outbox/index.js';
import type { WriteOperationState } from '../outbox/index.js';

type Standings = ReadonlyMap<number, WriteOperationState>;

export function recordSummary(
  row: RecordRow,
  standings: Standings,
  paymentsWaiting: number,
): MoneyRecordSummary {
  const operation = row.operation_id;
  return {
    id: row.id,
    kind: row.kind,
    serverId: row.server_id,
    date: row.doc_date,
    contactName: row.contact_name,
    reference: row.reference,
    description: row.description,
    vatType: vatChoiceOf(row.vattype),
    amount: row.amount,
    amountPretax: row.amount_pretax,
    vatAmount: row.vatamount,
    paymentAmount: roundMoney(row.server_paid + row.local_paid),
    paymentStatus: isOneOf(PAYMENT_STATUSES, row.payment_status) ? row.payment_status : 'Pending',
    sendState: operation === null ? null : sendStateOf(standings.get(operation)),
    operationId: operation,
    paymentsWaiting,
  };
}

export function recordDetail(
  row: RecordRow,
  localPayments: readonly LocalPaymentRow[],
  standings: Standings,
): MoneyRecordDetail {
  const detail = JSON.parse(row.record_json) as StoredDetail;
  const open = localPayments.filter((payment) => payment.in_server_copy === 0);
  const waiting = open.filter((payment) => standings.get(payment.operation_id)?.state !== 'done').length;
  return {
    ...recordSummary(row, standings, waiting),
    contact: detail.contact,
    discount: detail.discount,
    ...discountOf(detail.discount, detail.lines),
    lines: [...detail.lines],
    payments: [
      ...detail.payments.map((payment) => ({ ...payment, sendState: null, operationId: null })),
      ...open.map((payment) => ({
        methodName: payment.method_name,
        amount: payment.amount,
        paidAt: payment.paid_at,
        sendState: sendStateOf(standings.get(payment.operation_id)),
        operationId: payment.operation_id,
      })),
    ],
    tags: [...detail.tags],
    uniqueNumber: row.unique_number,
    pulledAt: row.pulled_at,
  };
}

export function transferView(row: TransferRow, standings: Standings): MoneyTransferView {
  return {
    id: row.id,
    serverId: row.server_id,
    date: row.action_date,
    amount: row.amount,
    fromMethodId: row.from_method_id,
    fromMethodName: row.from_method_name,
    toMethodId: row.to_method_id,
    toMethodName: row.to_method_name,
    status: row.status,
    reference: row.reference,
    description: row.description,
    sendState: row.operation_id === null ? null : sendStateOf(standings.get(row.operation_id)),
    operationId: row.operation_id,
  };
}
