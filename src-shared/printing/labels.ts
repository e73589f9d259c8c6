// Barcode labels as data (issue 25): what the page asks for (label items: a code, a name, a SKU, a
// price, copies) and what main answers (each item with its symbology, its name in at most two lines and
// its bars as an SVG picture sized in millimetres). Laid out by the page's label view, one PDF page a
// label on a roll, A4 with the grid on a sheet.
import { z } from 'zod';
import { LABEL_LAYOUTS, LABEL_SYMBOLOGIES, MAX_LABEL_COPIES } from './label-layouts.js';

export const labelItem = z.strictObject({
  code: z.string().trim().min(1).max(64),
  name: z.string().max(300),
  sku: z.string().max(64),
  /** Baht; null prints no price. */
  price: z
    .number()
    .nonnegative()
    .max(99_999_999)
    .refine((baht) => Math.abs(baht * 100 - Math.round(baht * 100)) < 1e-6, 'has more than two decimals')
    .nullable(),
  copies: z.int().min(1).max(MAX_LABEL_COPIES),
});
export type LabelItem = z.output<typeof labelItem>;

export const printedLabel = z.object({
  code: z.string(),
  symbology: z.enum(LABEL_SYMBOLOGIES),
  /** At most two lines, broken between words or grapheme clusters (label-name.ts). */
  nameLines: z.array(z.string()),
  sku: z.string(),
  price: z.number().nullable(),
  copies: z.int(),
  /** The bars (no text: the page prints the code in the embedded font) as an SVG data URL. */
  bars: z.object({
    dataUrl: z.string(),
    /** The bars' own width, and the quiet zone each side a scanner needs (light margin). */
    widthMm: z.number(),
    heightMm: z.number(),
    quietLeftMm: z.number(),
    quietRightMm: z.number(),
  }),
});
export type PrintedLabel = z.output<typeof printedLabel>;

export const labelSheet = z.object({
  layout: z.enum(LABEL_LAYOUTS),
  labels: z.array(printedLabel),
});
export type LabelSheet = z.output<typeof labelSheet>;
