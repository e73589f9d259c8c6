// Money in the page's words: baht figures, payment statuses, send states, VAT choices, and a refused
// field's message chosen by the field it names (never by main's text), in the page's language.
import type { IpcIssue, MoneyVatChoice, SendState } from '../../../src-shared/ipc/index.js';
import { PAYMENT_STATUSES, type PaymentStatus } from '../../../src-shared/money/payment-status.js';
import { figureIssueWords } from '../../lib/typed-number-words.js';
import { mt, type MoneyKey } from './money-strings.js';

const STATUSES: Record<PaymentStatus, MoneyKey> = {
  Pending: 'statusPending',
  'Partial Payment': 'statusPartial',
  Paid: 'statusPaid',
  'Excess Payment': 'statusExcess',
};

export function statusWords(status: PaymentStatus): string {
  return mt(STATUSES[status]);
}

/** A status as a printed paper carries it (any text): the page's word, or the text as it is. */
export function printedStatusWords(status: string): string {
  return isPaymentStatus(status) ? statusWords(status) : status;
}

function isPaymentStatus(status: string): status is PaymentStatus {
  return (PAYMENT_STATUSES as readonly string[]).includes(status);
}

const SEND_STATES: Record<SendState, MoneyKey> = {
  waitingToSend: 'sendWaiting',
  sent: 'sendSent',
  needsAttention: 'sendAttention',
  discarded: 'sendDiscarded',
};

/** Where a record or payment written on this PC stands; null: it came from the back office. */
export function sendWords(state: SendState | null): string {
  return state === null ? mt('sendFromBackOffice') : mt(SEND_STATES[state]);
}

/** A transfer's status as the back office words it (Success, Voided); another word is shown as it is. */
export function transferStatusWords(status: string): string {
  if (status === 'Success') return mt('transferDone');
  if (status === 'Voided') return mt('transferVoided');
  return status;
}

const VAT_CHOICES: Record<MoneyVatChoice, MoneyKey> = {
  noVat: 'vatNone',
  excludeVat: 'vatExclude',
  includeVat: 'vatInclude',
};

export function vatWords(choice: MoneyVatChoice): string {
  return mt(VAT_CHOICES[choice]);
}

/** The message of a refused field, by the last part of its path (`lines.2.totalPrice` → totalPrice). */
const FIELD_MESSAGES: Record<string, MoneyKey> = {
  date: 'issueDate',
  dateFrom: 'issueDate',
  dateTo: 'issueDate',
  paidAt: 'issueDateTime',
  totalPrice: 'issueAmount',
  amountMin: 'issueAmount',
  amountMax: 'issueAmount',
  methodId: 'issueMethod',
  fromMethodId: 'issueMethod',
  toMethodId: 'issueMethod',
  name: 'issueLineName',
  lines: 'issueLines',
  discount: 'issueDiscount',
  reference: 'issueText',
  description: 'issueText',
  keyword: 'issueText',
};

/** A refused field's message in the page's words (main's own text only inside the fallback). */
export function issueWords(issue: IpcIssue): string {
  const figure = figureIssueWords(issue);
  if (figure !== null) return figure;
  const parts = issue.path.split('.');
  const field = parts.at(-1) ?? '';
  // A payment or transfer amount must be more than 0; a line or filter amount may be 0.
  if (field === 'amount') return mt('issuePositiveAmount');
  if (parts[0] === 'contact') return mt('issueText');
  const key = FIELD_MESSAGES[field];
  return key === undefined ? mt('issueOther', { message: issue.message }) : mt(key);
}

/** The words for the refused field at `path`, or null when it was not refused. */
export function issueAt(issues: ReadonlyMap<string, IpcIssue>, path: string): string | null {
  const found = issues.get(path);
  return found === undefined ? null : issueWords(found);
}
