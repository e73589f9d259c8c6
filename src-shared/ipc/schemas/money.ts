// The store's money (issue 10): incomes, expenses, money transfers and payments, read from the PC's local
// copy (works offline) and written through the outbox (exactly once in effect). Every figure the page
// shows before saving comes from src-shared/money, the arithmetic the back office applies, so the preview
// equals what the back office stores.
//
// Conventions of this area:
// - Money is baht as a number with at most 2 decimals (satang); dates are Thai days 'yyyy-MM-dd' and
//   Thai times 'yyyy-MM-dd HH:mm' (UTC+7 whatever the PC's zone), the wire's own texts.
// - A record is addressed by `id`, the LOCAL row id: it exists from the moment the record is saved on
//   this PC, offline too, and stays the same once the back office has it (`serverId` is then set).
//   A record pulled from the back office has a local id as well; the page never needs a server id.
// - `sendState`/`operationId` are set on records and payments written on this PC (null on records that
//   only came from the back office): the page shows "waiting to send" / "sent" / "needs attention".
// - Bad input answers `invalid-arguments` with `issues` whose `path` names the field (e.g.
//   `payment.methodId`, `lines.2.totalPrice`, `discount`); nothing is queued then.
import { z } from 'zod';
import { MONEY_DOCUMENT_KINDS, MONEY_VAT_CHOICES, SEND_STATES } from '../../domain/vocabulary.js';
import { parseDiscount, PAYMENT_STATUSES } from '../../money/index.js';
import { parseThaiDate, parseThaiDateTime } from '../../time/index.js';
import { MONEY_RULE, PAYMENT_RULE } from '../../domain/typed-number.js';
import {
  EMPTY_ARGS,
  count,
  epochMs,
  pageArgs,
  partyFields,
  requiredText,
  rowId,
  shortText,
  searchText,
  typedFigure,
} from './common.js';

export const moneyDocumentKind = z.enum(MONEY_DOCUMENT_KINDS);
export const vatChoice = z.enum(MONEY_VAT_CHOICES);
export const paymentStatusValue = z.enum(PAYMENT_STATUSES);
export const sendState = z.enum(SEND_STATES);

/** A Thai day, 'yyyy-MM-dd', that exists on the calendar. */
export const thaiDate = z
  .string()
  .refine((text) => parseThaiDate(text) !== undefined, { error: 'must be a date yyyy-MM-dd' });
/** A Thai date and time, 'yyyy-MM-dd HH:mm'. */
export const thaiDateTime = z.string().refine((text) => parseThaiDateTime(text) !== undefined, {
  error: 'must be a date and time yyyy-MM-dd HH:mm',
});

/** A figure a person types (text or number): ≥ 0, at most 2 decimals, never rounded (typed-number.ts). */
export const baht = typedFigure(MONEY_RULE);
/** A payment or transfer amount: more than 0. */
export const positiveBaht = typedFigure(PAYMENT_RULE);

/** '' (none), an amount ('50') or a percentage ('10%'), as the wire's discount text. */
export const discountText = z
  .string()
  .max(32)
  .default('')
  .superRefine((text, context) => {
    const parsed = parseDiscount(text);
    if (!parsed.ok) context.addIssue({ code: 'custom', message: parsed.message });
  });

// ---------------------------------------------------------------------------------------------------
// Records as the page sees them

/** One line of an income or expense, with its VAT twins (the `_pretax`/`_vat` figures). */
export const moneyLine = z.object({
  name: z.string(),
  categoryName: z.string(),
  /** In the basis of the record's vatType (pretax for excludeVat, VAT included otherwise). */
  totalPrice: z.number(),
  totalPricePretax: z.number(),
  totalPriceVat: z.number(),
});

/** A payment: from the back office, or recorded on this PC (then sendState and operationId are set). */
export const moneyPayment = z.object({
  methodName: z.string(),
  amount: z.number(),
  /** 'yyyy-MM-dd HH:mm', Thai time. */
  paidAt: z.string(),
  sendState: sendState.nullable(),
  operationId: rowId.nullable(),
});

/** An income or expense in a list. Figures are the local view: server figures plus payments still queued. */
export const moneyRecordSummary = z.object({
  /** The local id (see the file's header); the argument of money.detail and money.recordPayment. */
  id: rowId,
  kind: moneyDocumentKind,
  /** The back office's id; null until the create is sent and the record pulled. */
  serverId: z.number().nullable(),
  /** The income or expense date, 'yyyy-MM-dd'. */
  date: z.string(),
  contactName: z.string(),
  reference: z.string(),
  description: z.string(),
  vatType: vatChoice,
  /** Net amount (after the discount), VAT as vatType says. */
  amount: z.number(),
  amountPretax: z.number(),
  vatAmount: z.number(),
  /** Paid so far, payments still queued on this PC included. */
  paymentAmount: z.number(),
  paymentStatus: paymentStatusValue,
  /** The create's send state when the record was made on this PC, else null. */
  sendState: sendState.nullable(),
  operationId: rowId.nullable(),
  /** Payments recorded on this PC that are not sent yet (they count in paymentAmount already). */
  paymentsWaiting: count,
});
export type MoneyRecordSummary = z.output<typeof moneyRecordSummary>;

export const moneyContact = z.object({
  name: z.string(),
  idNumber: z.string(),
  phone: z.string(),
  email: z.string(),
  address: z.string(),
  branchName: z.string(),
  branchNo: z.string(),
});

export const moneyRecordDetail = moneyRecordSummary.extend({
  contact: moneyContact,
  /** The discount text as stored: '' (none), '50' or '10%'. */
  discount: z.string(),
  /** The discount in baht (computed from the lines), 0 without one. */
  discountAmount: z.number(),
  /** Sum of the lines before the discount. */
  subtotal: z.number(),
  lines: z.array(moneyLine),
  /** Oldest first. */
  payments: z.array(moneyPayment),
  tags: z.array(z.string()),
  /** The idempotency key of the create (made on this PC, or as the back office reports it). */
  uniqueNumber: z.string(),
  /** When the record was last read from the back office; null for one not sent yet. */
  pulledAt: epochMs.nullable(),
});
export type MoneyRecordDetail = z.output<typeof moneyRecordDetail>;

export const moneyTransfer = z.object({
  id: rowId,
  serverId: z.number().nullable(),
  /** 'yyyy-MM-dd'. */
  date: z.string(),
  amount: z.number(),
  fromMethodId: z.number(),
  fromMethodName: z.string(),
  toMethodId: z.number(),
  toMethodName: z.string(),
  /** Success or Voided (the back office's); 'Success' for one not sent yet. */
  status: z.string(),
  reference: z.string(),
  description: z.string(),
  sendState: sendState.nullable(),
  operationId: rowId.nullable(),
});
export type MoneyTransferView = z.output<typeof moneyTransfer>;

/** How money.transferDetail got the transfer: read now, not sent yet, or the PC's copy (why). */
export const TRANSFER_READS = ['read', 'notSent', 'unreachable', 'refused'] as const;

/** One transfer as the back office answers it now (else the PC's copy), with its send state. */
export const moneyTransferDetail = moneyTransfer.extend({
  read: z.enum(TRANSFER_READS),
  /** The idempotency key of its create. */
  uniqueNumber: z.string(),
  /** Who made it and when, as the back office says; null unless read now. */
  createdBy: z.string().nullable(),
  createdAt: z.string().nullable(),
  /** When the copy was last read from the back office; null for one not sent yet. */
  pulledAt: epochMs.nullable(),
});
export type MoneyTransferDetail = z.output<typeof moneyTransferDetail>;

export const paymentMethod = z.object({ id: z.number(), name: z.string() });

export const cachedContact = moneyContact.extend({ id: z.number(), code: z.string() });

// ---------------------------------------------------------------------------------------------------
// Arguments

const amountRange = {
  /** Records whose amount is at least / at most this. */
  amountMin: baht.optional(),
  amountMax: baht.optional(),
};
const dateRange = {
  /** Inclusive Thai days. */
  dateFrom: thaiDate.optional(),
  dateTo: thaiDate.optional(),
};
/** Words matched (case-insensitively, anywhere) in the contact, reference, description, line names and ids. */
const keyword = searchText(100).optional();

const newPayment = z.strictObject({
  /** A cached payment method (money.paymentMethods); an unknown id is refused on `…methodId`. */
  methodId: rowId,
  amount: positiveBaht,
  /** Thai time; now when left out. */
  paidAt: thaiDateTime.optional(),
});

export const moneyDraft = z.strictObject({
  kind: moneyDocumentKind,
  /** The income or expense date; today (Thai) when left out. */
  date: thaiDate.optional(),
  /**
   * The contact: `contactId` of a cached contact (money.contacts) fills every field from the cache;
   * otherwise the typed fields are sent as they are. Left out: no contact.
   */
  contact: z
    .strictObject({
      contactId: rowId.optional(),
      name: shortText(200).default(''),
      ...partyFields,
    })
    .optional(),
  vatType: vatChoice.default('noVat'),
  /** On the sum of the lines: an amount ('50') or a percentage ('10%'); '' for none. */
  discount: discountText,
  lines: z
    .array(
      z.strictObject({
        name: requiredText(200),
        categoryName: shortText(200).default(''),
        /** In the basis of vatType: excluding VAT for excludeVat, including it otherwise. */
        totalPrice: baht,
      }),
    )
    .min(1, { error: 'needs at least one line' })
    .max(200),
  reference: shortText(200).default(''),
  description: shortText(1000).default(''),
  /** A payment made with the creation. */
  payment: newPayment.optional(),
});
export type MoneyDraft = z.output<typeof moneyDraft>;

const paymentArgs = z.strictObject({ recordId: rowId, ...newPayment.shape });

// ---------------------------------------------------------------------------------------------------
// Results of the previews

/** Another record of the same kind that already carries the reference typed (receipts print it). */
export const moneyReferenceUse = z.object({
  recordId: rowId,
  serverId: rowId.nullable(),
  date: z.string(),
  contactName: z.string(),
  amount: z.number(),
});
export type MoneyReferenceUse = z.output<typeof moneyReferenceUse>;

export const moneyPreview = z.object({
  vatType: vatChoice,
  /** Sum of the lines before the discount. */
  subtotal: z.number(),
  discountAmount: z.number(),
  discountAmountPretax: z.number(),
  discountAmountVat: z.number(),
  /** What the back office will store as amount / amount_pretax / vatamount. */
  amount: z.number(),
  amountPretax: z.number(),
  vatAmount: z.number(),
  lines: z.array(moneyLine),
  /** The payment at creation (0 without one) and the status it gives. */
  paymentAmount: z.number(),
  paymentStatus: paymentStatusValue,
  /** The newest record of this kind this PC holds with the same reference; null when none (or no reference). */
  referenceUsedBy: moneyReferenceUse.nullable(),
});
export type MoneyPreview = z.output<typeof moneyPreview>;

export const paymentPreview = z.object({
  amount: z.number(),
  paidBefore: z.number(),
  paidAfter: z.number(),
  statusBefore: paymentStatusValue,
  statusAfter: paymentStatusValue,
  methodName: z.string(),
});

const listTotals = z.object({
  /** Over every record matching the filter (not only this page). */
  count,
  amount: z.number(),
  paymentAmount: z.number(),
  /** amount − paymentAmount over records not fully paid. */
  outstanding: z.number(),
});

/** What the local copy covers: the page says so beside the lists. */
export const moneyCoverage = z.object({
  /** Records dated on or after this day, plus every one not fully paid, are kept. */
  windowStart: z.string(),
  windowDays: count,
  /** Last successful money pull; null before the first one. */
  lastPulledAt: epochMs.nullable(),
});

export const moneySyncInfo = moneyCoverage.extend({
  incomes: count,
  expenses: count,
  transfers: count,
  /** Requests the money sync spent today (Thai day) on this PC. */
  requestsToday: count,
  /** What an idle day of money sync costs at the current schedule (pulls a day × requests a pull). */
  estimatedRequestsPerDay: count,
  /** Minutes between two money pulls at the current schedule. */
  intervalMinutes: count,
});

/** What changed the money copy: a pull or the daily re-read from the back office, or a write made here. */
export const MONEY_CHANGE_SOURCES = ['sync', 'local'] as const;

/**
 * The `money.changed` event: the local copy changed, so lists, totals and details shown may be stale
 * (read them again). Sent after a pull or the daily job that added, changed or dropped rows, and after
 * each record, payment or transfer saved on this PC. Send states follow `outbox.changed`.
 */
export const moneyChanged = z.object({
  source: z.enum(MONEY_CHANGE_SOURCES),
  /** Incomes and expenses added, changed or dropped. */
  records: count,
  /** Money transfers added, changed or dropped. */
  transfers: count,
  at: epochMs,
});
export type MoneyChange = z.output<typeof moneyChanged>;

export const moneyCalls = {
  /**
   * Incomes or expenses from the local copy, newest first (by date, then id), with totals over the
   * whole filter. Records made on this PC are included at once and never twice.
   */
  'money.list': {
    args: z.strictObject({
      kind: moneyDocumentKind,
      ...dateRange,
      /** Any of these statuses (of the local view); all when left out or empty. */
      paymentStatus: z.array(paymentStatusValue).max(4).optional(),
      ...amountRange,
      keyword,
      ...pageArgs,
    }),
    result: z.object({
      total: count,
      offset: count,
      items: z.array(moneyRecordSummary),
      totals: listTotals,
      coverage: moneyCoverage,
    }),
  },
  /** One income or expense with lines, VAT twins, discount and payments; 'not-found' for an unknown id. */
  'money.detail': { args: z.strictObject({ id: rowId }), result: moneyRecordDetail },
  /** The figures money.create would store, computed without saving anything. */
  'money.preview': { args: moneyDraft, result: moneyPreview },
  /**
   * Saves a new income or expense on this PC and queues it (AddIncome/AddExpense with a uniquenumber
   * fixed now); it shows in money.list at once with sendState 'waitingToSend'.
   */
  'money.create': { args: moneyDraft, result: moneyRecordDetail },
  /** The payment status a payment would give, without saving it. */
  'money.previewPayment': { args: paymentArgs, result: paymentPreview },
  /**
   * Records a payment on an income or expense (UpdateIncomePayment/UpdateExpensePayment through the
   * outbox). On a record not sent yet, the payment waits for its create. Answers the record.
   */
  'money.recordPayment': { args: paymentArgs, result: moneyRecordDetail },
  /** Money transfers from the local copy, newest first, with totals over the filter. */
  'money.transfers': {
    args: z.strictObject({ ...dateRange, ...amountRange, keyword, ...pageArgs }),
    result: z.object({
      total: count,
      offset: count,
      items: z.array(moneyTransfer),
      totals: z.object({ count, amount: z.number() }),
      coverage: moneyCoverage,
    }),
  },
  /**
   * One transfer read from the back office now (GetMoneyTransferDetail, through the page reads: fails
   * fast offline) and kept in the local copy; 'not-found' for an unknown id. 'notSent' before its create
   * is sent, 'unreachable' (offline, out of quota) or 'refused' (the back office would not answer it):
   * the PC's copy, which the page says may be stale.
   */
  'money.transferDetail': { args: z.strictObject({ id: rowId }), result: moneyTransferDetail },
  /** Queues a transfer between two different cached payment methods (AddMoneyTransfer). */
  'money.createTransfer': {
    args: z.strictObject({
      fromMethodId: rowId,
      toMethodId: rowId,
      amount: positiveBaht,
      /** Today (Thai) when left out. */
      date: thaiDate.optional(),
      reference: shortText(200).default(''),
      description: shortText(1000).default(''),
    }),
    result: moneyTransfer,
  },
  /** The store's payment methods as last synced (by name). */
  'money.paymentMethods': { args: EMPTY_ARGS, result: z.array(paymentMethod) },
  /** Cached contacts whose name, code, phone or id number contain the text; by name. */
  'money.contacts': {
    args: z.strictObject({ text: searchText(100).default(''), limit: z.int().min(1).max(200).default(50) }),
    result: z.array(cachedContact),
  },
  /** What the local copy holds and what the money sync costs in requests. */
  'money.syncInfo': { args: EMPTY_ARGS, result: moneySyncInfo },
} as const;
