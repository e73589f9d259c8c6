// Printing (issue 11): the printable models of a document or a count paper, built in main from what the
// PC holds (offline too), and saving the page's print view as a PDF where the shell can (decision 0015).
import { z } from 'zod';
import { countSheet, printableDocument, varianceReport } from '../../printing/printable.js';
import { MONEY_PRINT_TITLES } from '../../printing/titles.js';
import { requiredText, rowId, uuidLike } from './common.js';

const bySession = z.strictObject({ sessionId: uuidLike });
const byId = z.strictObject({ id: rowId });

export const printingCalls = {
  /**
   * An income or expense as a printed document under the title the person picks (an income's titles
   * for an income, an expense's for an expense: another is refused on `title`; the kind's first title
   * when left out). A record not sent yet prints as a draft.
   */
  'print.moneyRecord': {
    args: z.strictObject({ id: rowId, title: z.enum(MONEY_PRINT_TITLES).optional() }),
    result: printableDocument,
  },
  /** The count sheet of a session: products in scope, expected figures unless the session is blind. */
  'print.countSheet': { args: bySession, result: countSheet, reasons: ['session-not-found'] },
  /** The variance report of a session (its review: every counted line, units and baht). */
  'print.varianceReport': {
    args: bySession,
    result: varianceReport,
    reasons: ['invalid-input', 'session-not-found'],
  },
  /** A quotation as this PC holds it (documents.quotation); a draft until its create is sent. */
  'print.quotation': { args: byId, result: printableDocument },
  /** A return purchase order as this PC holds it (returns.detail); a draft until its create is sent. */
  'print.returnPurchaseOrder': { args: byId, result: printableDocument },
  /**
   * Saves the page's print view as an A4 PDF through the shell (desktop: a save dialog, then the file).
   * `available: false` where the shell cannot (the web host): the page prints instead, and the
   * browser's print dialog saves as PDF.
   */
  'print.savePdf': {
    args: z.strictObject({ fileName: requiredText(120) }),
    result: z.object({ available: z.boolean(), saved: z.boolean(), path: z.string().nullable() }),
  },
} as const;
