// Quotation rows as the contract's shapes: the list's summary, and the detail with the chain of writes
// made here (create first; a write on a quotation made offline waits for its create).
import type { QuotationDetail, QuotationSummary, QuotationWrite } from '../../src-shared/ipc/index.js';
import { sendStateOf, type WriteOperationState } from '../outbox/index.js';
import { localOpsOf, storedOf, type QuotationRow } from './quotation-rows.js';

type Standings = ReadonlyMap<number, WriteOperationState>;

/** The write kinds of the outbox's table → the chain's words. */
const WRITE_OF_KIND: Readonly<Record<string, QuotationWrite>> = {
  addQuotation: 'create',
  editQuotationInfo: 'editInfo',
  editQuotation: 'edit',
  approveQuotation: 'approve',
  voidQuotation: 'void',
  addQuotationTag: 'addTag',
  deleteQuotationTag: 'removeTag',
};

export function operationIdsOf(rows: readonly QuotationRow[]): number[] {
  return rows.flatMap((row) => [
    ...(row.operation_id === null ? [] : [row.operation_id]),
    ...localOpsOf(row),
  ]);
}

export function quotationSummary(row: QuotationRow, standings: Standings): QuotationSummary {
  const waiting = localOpsOf(row).filter((id) => {
    const state = standings.get(id)?.state;
    return state !== undefined && state !== 'done' && state !== 'discarded';
  }).length;
  return {
    id: row.id,
    serverId: row.server_id,
    number: row.number,
    date: row.doc_date,
    status: row.status,
    customerName: row.customer_name,
    createdBy: row.create_username,
    amount: row.amount,
    vatAmount: row.vatamount,
    sendState: row.operation_id === null ? null : sendStateOf(standings.get(row.operation_id)),
    waiting,
  };
}

export function quotationDetail(row: QuotationRow, standings: Standings): QuotationDetail {
  const stored = storedOf(row);
  const chain = localOpsOf(row).flatMap((operationId) => {
    const standing = standings.get(operationId);
    const sendState = sendStateOf(standing);
    if (standing === undefined || sendState === null) return [];
    return [
      {
        operationId,
        write: WRITE_OF_KIND[standing.kind] ?? 'edit',
        sendState,
        waitingForCreate: standing.waitingFor !== null,
      },
    ];
  });
  return {
    ...quotationSummary(row, standings),
    customer: stored.customer,
    reference: stored.reference,
    description: stored.description,
    salesChannel: stored.salesChannel,
    tags: [...stored.tags],
    approveDate: stored.approveDate,
    uniqueNumber: row.unique_number,
    lines: stored.lines.map((line, index) => ({
      ...line,
      figures: stored.figures.lines[index] ?? {
        unitDiscount: 0,
        discountAmount: 0,
        totalPrice: 0,
        totalPricePretax: 0,
        totalPriceVat: 0,
      },
    })),
    figures: stored.figures,
    discount: stored.discount,
    shippingVat: stored.shippingVat,
    chain,
    pulledAt: row.pulled_at,
  };
}
