// Quotations (issue 11): read from the PC's local copy (works offline) and written through the outbox
// (exactly once in effect). Conventions as money's (schemas/money.ts): `id` is the LOCAL row id, which
// exists from the moment a quotation is saved here and stays once the back office has it; figures come
// from src-shared/money; bad input answers `invalid-arguments` with `issues` naming each field (the line
// editor's paths: `lines.2.quantity`, `discount`…), and nothing is queued then.
import { z } from 'zod';
import { QUOTATION_STATUSES, QUOTATION_WRITES } from '../../domain/vocabulary.js';
import {
  count,
  epochMs,
  pageArgs,
  partyFields,
  requiredText,
  rowId,
  shortText,
  searchText,
} from './common.js';
import {
  documentLineDraft,
  documentLineFigures,
  documentLinesFields,
  documentLinesPreview,
} from './document-lines.js';
import { baht, sendState, thaiDate } from './money.js';

export const quotationStatus = z.enum(QUOTATION_STATUSES);

/** One write made here on a quotation, in the order it goes (a write on one made offline waits for its create). */
export const quotationWriteMark = z.object({
  operationId: rowId,
  write: z.enum(QUOTATION_WRITES),
  sendState,
  /** Waits for the quotation's create (made offline, not sent yet). */
  waitingForCreate: z.boolean(),
});

export const quotationSummary = z.object({
  id: rowId,
  serverId: z.number().nullable(),
  number: z.string(),
  /** The quotation date, 'yyyy-MM-dd'. */
  date: z.string(),
  status: quotationStatus,
  customerName: z.string(),
  /** Who made it in the back office ('' for one made here and not pulled yet). */
  createdBy: z.string(),
  amount: z.number(),
  vatAmount: z.number(),
  /** The create's send state when it was made on this PC, else null. */
  sendState: sendState.nullable(),
  /** Writes made here on it that are not sent yet (the create included). */
  waiting: count,
});
export type QuotationSummary = z.output<typeof quotationSummary>;

export const quotationCustomer = z.object({
  name: z.string(),
  idNumber: z.string(),
  phone: z.string(),
  email: z.string(),
  address: z.string(),
  branchName: z.string(),
  branchNo: z.string(),
});

export const quotationDetail = quotationSummary.extend({
  customer: quotationCustomer,
  reference: z.string(),
  description: z.string(),
  salesChannel: z.string(),
  tags: z.array(z.string()),
  /** 'yyyy-MM-dd' once approved, else ''. */
  approveDate: z.string(),
  uniqueNumber: z.string(),
  /** The lines as the editor takes them back (edit), with their figures. */
  lines: z.array(documentLineDraft.extend({ figures: documentLineFigures })),
  figures: documentLinesPreview,
  discount: z.string(),
  shippingVat: z.boolean(),
  /** Writes made here, oldest first: the create, then the writes that wait for it or follow it. */
  chain: z.array(quotationWriteMark),
  pulledAt: epochMs.nullable(),
});
export type QuotationDetail = z.output<typeof quotationDetail>;

/** The customer: `contactId` of a cached contact (money.contacts) fills every field; else the typed ones. */
const customerArgs = z.strictObject({
  contactId: rowId.optional(),
  name: shortText(200).default(''),
  ...partyFields,
});

const tag = requiredText(100);

const infoFields = {
  /** The quotation number as typed (a new one's may be left to this PC: quotationDraft). */
  number: requiredText(50),
  /** Today (Thai) when left out. */
  date: thaiDate.optional(),
  customer: customerArgs.optional(),
  salesChannel: shortText(200).default(''),
  reference: shortText(200).default(''),
  description: shortText(1000).default(''),
};

export const quotationDraft = z.strictObject({
  ...infoFields,
  /**
   * Left out: this PC's next number, taken as the quotation is saved (the one
   * documents.proposeQuotationNumber showed, or the next one when another save took it meanwhile).
   * Given: kept as typed; refused when another quotation has it.
   */
  number: requiredText(50).optional(),
  tags: z.array(tag).max(20).default([]),
  ...documentLinesFields,
});
export type QuotationDraft = z.output<typeof quotationDraft>;

const listTotals = z.object({ count, amount: z.number() });

export const quotationCoverage = z.object({
  /** Quotations dated on or after this day, plus every Pending one, are kept. */
  windowStart: z.string(),
  lastPulledAt: epochMs.nullable(),
});

export const quotationsCalls = {
  /** Quotations from the local copy, newest first (date, then id), with totals over the whole filter. */
  'documents.quotations': {
    args: z.strictObject({
      /** Any of these; all when left out or empty. */
      status: z.array(quotationStatus).max(3).optional(),
      dateFrom: thaiDate.optional(),
      dateTo: thaiDate.optional(),
      amountMin: baht.optional(),
      amountMax: baht.optional(),
      /** Number, customer, reference, description, sales channel, tags, line skus and names. */
      keyword: searchText(100).optional(),
      /** The back office user who made them (exact, case-insensitive). */
      createdBy: searchText(100).optional(),
      ...pageArgs,
    }),
    result: z.object({
      total: count,
      offset: count,
      items: z.array(quotationSummary),
      totals: listTotals,
      coverage: quotationCoverage,
    }),
  },
  /** One quotation with lines, figures, tags and the writes made here; 'not-found' for an unknown id. */
  'documents.quotation': { args: z.strictObject({ id: rowId }), result: quotationDetail },
  /**
   * The number a new quotation saved now would get: this PC's short name and its next sequence
   * ('PC1-Q0001'). Nothing is taken (it stays the same until a quotation is saved), so a form opened
   * and cancelled leaves no gap.
   */
  'documents.proposeQuotationNumber': { args: z.strictObject({}), result: z.object({ number: z.string() }) },
  /** The store's sales channels as last synced (by name). */
  'documents.salesChannels': { args: z.strictObject({}), result: z.array(z.string()) },
  /** Saves a quotation here and queues AddQuotation (keyed by a uniquenumber fixed now). */
  'documents.createQuotation': { args: quotationDraft, result: quotationDetail },
  /** Changes number, date, customer, sales channel, reference, description (EditQuotationInfo). */
  'documents.editQuotationInfo': {
    args: z.strictObject({ id: rowId, ...infoFields }),
    result: quotationDetail,
    reasons: ['approved', 'voided'],
  },
  /** Changes the lines and money settings (EditQuotation); refused on a Voided or approved quotation. */
  'documents.editQuotation': {
    args: z.strictObject({ id: rowId, ...documentLinesFields }),
    result: quotationDetail,
    reasons: ['approved', 'voided'],
  },
  /** Approves a Pending quotation on `date` (today when left out). */
  'documents.approveQuotation': {
    args: z.strictObject({ id: rowId, date: thaiDate.optional() }),
    result: quotationDetail,
    reasons: ['approved', 'voided'],
  },
  /** Voids a quotation. */
  'documents.voidQuotation': {
    args: z.strictObject({ id: rowId }),
    result: quotationDetail,
    reasons: ['voided'],
  },
  'documents.addQuotationTag': {
    args: z.strictObject({ id: rowId, tag }),
    result: quotationDetail,
    reasons: ['voided'],
  },
  'documents.removeQuotationTag': {
    args: z.strictObject({ id: rowId, tag }),
    result: quotationDetail,
    reasons: ['voided'],
  },
} as const;

/** The `documents.changed` event: quotations in the local copy changed (a pull, or a write made here). */
export const documentsChanged = z.object({
  source: z.enum(['sync', 'local']),
  quotations: count,
  at: epochMs,
});
export type DocumentsChange = z.output<typeof documentsChanged>;
