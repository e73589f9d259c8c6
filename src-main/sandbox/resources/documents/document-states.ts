// The state rules of return purchase orders and quotations, in one place so the handlers and
// docs/sandbox/states.md cannot drift apart. Where the spec says "not shown", these are the sandbox's
// choices (the reasons are in states.md). A refusal is code 100 naming the document and its state.
import { ResultCode } from '../../../../src-shared/api/envelopes.js';
import { SandboxError } from '../../core/sandbox-error.js';

// The statuses are the spec's, declared once for the app and the sandbox.
export {
  QUOTATION_STATUSES,
  RETURN_ORDER_STATUSES as RETURN_PURCHASE_ORDER_STATUSES,
  type QuotationStatus,
  type ReturnOrderStatus as ReturnPurchaseOrderStatus,
} from '../../../../src-shared/domain/vocabulary.js';
import type { QuotationStatus } from '../../../../src-shared/domain/vocabulary.js';

/** UpdateReturnPurchaseOrderStatus's statu codes. */
export const STATU_TARGETS = { 1: 'Success', 3: 'Waiting', 6: 'Shipping' } as const;

/** GetQuotations' status filter codes. */
export const QUOTATION_STATUS_CODES: Readonly<Record<string, QuotationStatus>> = {
  0: 'Pending',
  1: 'Success',
};

/** 'apply': make the change; 'repeat': the document is already there, answer success and change nothing. */
export type Move = 'apply' | 'repeat';

export interface DocumentRef {
  readonly label: string;
  readonly number: string;
  readonly status: string;
}

/** Code 100: "<Label> <number> is <status>: <reason>". */
export function refusedInState(document: DocumentRef, reason: string): SandboxError {
  return new SandboxError(
    ResultCode.generalError,
    `${document.label} ${document.number} is ${document.status}: ${reason}`,
  );
}

/**
 * Return purchase order status moves. Pending, Waiting, Shipping (and Partial Transfer, never reached in
 * the sandbox) move freely among Waiting, Shipping, Success and Voided. Success is final except Void.
 * Voided is final. Asking for the current status again is a repeat.
 */
export function returnPurchaseOrderMove(
  document: DocumentRef,
  target: 'Waiting' | 'Shipping' | 'Success' | 'Voided',
): Move {
  if (document.status === target) return 'repeat';
  if (document.status === 'Voided') {
    throw refusedInState(document, `a Voided order accepts no status change (asked: ${target})`);
  }
  if (document.status === 'Success' && target !== 'Voided') {
    throw refusedInState(
      document,
      `its goods have left the warehouse, so it can only be voided (asked: ${target})`,
    );
  }
  return 'apply';
}

/** Payments (adding or voiding them) are refused on a Voided order and accepted in every other state. */
export function assertReturnPurchaseOrderPayable(document: DocumentRef, action: string): void {
  if (document.status === 'Voided') throw refusedInState(document, `a Voided order accepts no ${action}`);
}

/** ApproveQuotation: Pending → Success; Success again is a repeat; Voided is refused. */
export function quotationApproveMove(document: DocumentRef): Move {
  if (document.status === 'Success') return 'repeat';
  if (document.status === 'Voided') throw refusedInState(document, 'a Voided quotation cannot be approved');
  return 'apply';
}

/** VoidQuotation: Pending or Success → Voided; Voided again is a repeat. */
export function quotationVoidMove(document: DocumentRef): Move {
  return document.status === 'Voided' ? 'repeat' : 'apply';
}

/**
 * EditQuotation changes figures and lines: only while Pending, because an approved quotation's figures
 * are what the customer accepted. EditQuotationInfo (customer and header data) is accepted while Pending
 * or Success. A Voided quotation accepts neither.
 */
export function assertQuotationEditable(document: DocumentRef, scope: 'money' | 'info'): void {
  if (document.status === 'Voided') throw refusedInState(document, 'a Voided quotation accepts no edit');
  if (scope === 'money' && document.status === 'Success') {
    throw refusedInState(
      document,
      'an approved quotation keeps the figures the customer accepted; EditQuotationInfo may still change ' +
        'its customer and header fields, or void it and add a new quotation',
    );
  }
}
