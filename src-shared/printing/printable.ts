// What a printed document or count paper says, as data (decision 0015): built in main from what the PC
// holds (money records, count sessions; quotations and return purchase orders from their v4 details),
// laid out by the renderer's print view on A4. Figures are baht with at most 2 decimals, dates Thai days
// 'yyyy-MM-dd'; words that depend on the page's language (titles, statuses) travel as keys.
import { z } from 'zod';
import { MONEY_VAT_CHOICES } from '../domain/vocabulary.js';
import { PRINT_DOCUMENT_KINDS, PRINT_TITLES } from './titles.js';

/** The store itself, from the merchant profile kept with the reference data. */
export const printSeller = z.object({
  name: z.string(),
  address: z.string(),
  taxId: z.string(),
  phone: z.string(),
  email: z.string(),
});
export type PrintSeller = z.output<typeof printSeller>;

/** The customer (quotation, income) or supplier (return purchase order, expense). */
export const printParty = z.object({
  name: z.string(),
  address: z.string(),
  taxId: z.string(),
  /** The branch as the document names it ('' for none): "สำนักงานใหญ่", "00001"… */
  branch: z.string(),
  phone: z.string(),
  email: z.string(),
});
export type PrintParty = z.output<typeof printParty>;

export const printLine = z.object({
  name: z.string(),
  /** A product's sku, or an income/expense line's category ('' for none). */
  code: z.string(),
  /** Quantity and unit price for product lines; null for an amount-only line (incomes, expenses). */
  quantity: z.number().nullable(),
  unit: z.string(),
  unitPrice: z.number().nullable(),
  /** The line's own discount as written ('' none, '50', '10%'). */
  discount: z.string(),
  /** The line's total in the document's VAT basis. */
  amount: z.number(),
});
export type PrintLine = z.output<typeof printLine>;

export const printPayment = z.object({ method: z.string(), amount: z.number(), paidAt: z.string() });

export const printableDocument = z.object({
  kind: z.enum(PRINT_DOCUMENT_KINDS),
  title: z.enum(PRINT_TITLES),
  /** The document's number ('' when it has none yet: not sent). */
  number: z.string(),
  /** 'yyyy-MM-dd'. */
  date: z.string(),
  /** The back office's status word (Pending, Paid, Success, Voided…); the print view words it. */
  status: z.string(),
  /** Not sent to the back office yet: printed with "draft — waiting to send". */
  draft: z.boolean(),
  seller: printSeller,
  /** null: no contact on the document. */
  party: printParty.nullable(),
  reference: z.string(),
  description: z.string(),
  lines: z.array(printLine),
  vatType: z.enum(MONEY_VAT_CHOICES),
  /** Sum of the lines before the document's discount. */
  subtotal: z.number(),
  /** The document's discount as written ('' none) and in baht. */
  discount: z.string(),
  discountAmount: z.number(),
  /** Shipping in the document's basis (0 without). */
  shipping: z.number(),
  /** Pretax, VAT 7% and the total the document asks for. */
  pretax: z.number(),
  vat: z.number(),
  total: z.number(),
  payments: z.array(printPayment),
  /** Paid so far (payments still queued on this PC included). */
  paid: z.number(),
  /** The total in Thai words under it (quotations, returns; issue 25). */
  amountInWords: z.string().optional(),
  /** A quotation's last valid day 'yyyy-MM-dd': its date plus the store's validity days. */
  validUntil: z.string().optional(),
  /** A quotation's PromptPay QR for its total, when the store set a PromptPay id. */
  promptPay: z
    .object({ id: z.string(), amount: z.number(), payload: z.string(), qrDataUrl: z.string() })
    .optional(),
});
export type PrintableDocument = z.output<typeof printableDocument>;

const sheetProduct = {
  sku: z.string(),
  barcode: z.string(),
  name: z.string(),
  unit: z.string(),
};

const sessionHeader = {
  storeName: z.string(),
  sessionName: z.string(),
  warehouseCode: z.string(),
  warehouseName: z.string(),
  startedBy: z.string().nullable(),
  /** Thai time 'yyyy-MM-dd HH:mm' the paper was made. */
  printedAt: z.string(),
};

/** The paper a counter writes on: products in scope and a blank column (no expected figure when blind). */
export const countSheet = z.object({
  ...sessionHeader,
  blind: z.boolean(),
  rows: z.array(
    z.object({
      ...sheetProduct,
      /** The stock expected (local view); null on a blind session's sheet. */
      expected: z.number().nullable(),
    }),
  ),
});
export type CountSheet = z.output<typeof countSheet>;

/** After review: every counted line with its variance in units and baht (not counted: a total). */
export const varianceReport = z.object({
  ...sessionHeader,
  rows: z.array(
    z.object({
      ...sheetProduct,
      expected: z.number(),
      /** The figure the commit sends (the recount when there is one). */
      counted: z.number(),
      variance: z.number(),
      varianceValue: z.number(),
    }),
  ),
  totals: z.object({
    countedLines: z.number(),
    linesWithVariance: z.number(),
    varianceUnits: z.number(),
    varianceValue: z.number(),
    notCounted: z.number(),
    unknownCodes: z.number(),
  }),
});
export type VarianceReport = z.output<typeof varianceReport>;
