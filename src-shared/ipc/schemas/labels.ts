// Labels and Thai papers (issue 25): barcode labels for a list of label items on a layout, and the
// store's paper settings (the PromptPay id its quotations carry a QR for, how long a quotation is
// valid). Kept in their own file so the IPC dispatch refactor can move them as one piece.
import { z } from 'zod';
import { LABEL_LAYOUTS } from '../../printing/label-layouts.js';
import { MAX_LABEL_ITEMS, MAX_QUOTATION_VALID_DAYS } from '../../printing/label-layouts.js';
import { labelItem, labelSheet } from '../../printing/labels.js';
import { EMPTY_ARGS } from './common.js';

export const paperSettings = z.object({
  /** The PromptPay id (a Thai mobile number or a 13-digit tax id, digits only); null: no QR (the default). */
  promptPayId: z.string().nullable(),
  /** Days a quotation is valid from its date: printed as "valid until". */
  quotationValidDays: z.int().min(1).max(MAX_QUOTATION_VALID_DAYS),
});
export type PaperSettings = z.output<typeof paperSettings>;

export const labelCalls = {
  /**
   * The labels for the items on a layout: each code in its symbology (EAN-13, EAN-8, UPC-A with a right
   * check digit, else Code 128) as bars sized for the label, the name in at most two lines. Refused,
   * naming the item (`items.N.code`), for a code too long for the layout (reason `label-code-too-wide`)
   * or with characters a barcode cannot carry (`label-code-not-printable`); more than 5000 labels:
   * `labels-too-many`. Needs no store: shelves and any other page pass their own items.
   */
  'labels.sheet': {
    args: z.strictObject({
      layout: z.enum(LABEL_LAYOUTS),
      items: z.array(labelItem).min(1).max(MAX_LABEL_ITEMS),
    }),
    result: labelSheet,
    reasons: ['label-code-not-printable', 'label-code-too-wide', 'labels-too-many'],
  },
  /** The open store's paper settings (PromptPay off, 30 days until set). */
  'papers.settings': { args: EMPTY_ARGS, result: paperSettings },
  /**
   * Changes the fields given. A PromptPay id must be a Thai mobile number (10 digits from 0) or a tax id
   * (13 digits, its check digit right), digits only (reason `prompt-pay-id`); null turns the QR off.
   */
  'papers.saveSettings': {
    args: z.strictObject({
      promptPayId: z.string().max(20).nullable().optional(),
      quotationValidDays: z.int().min(1).max(MAX_QUOTATION_VALID_DAYS).optional(),
    }),
    result: paperSettings,
    reasons: ['prompt-pay-id'],
  },
} as const;
