// A product's fields as the product form edits them, and the one check of them: the page runs it
// before sending (nothing is queued from a bad form, and each problem shows next to its field in the
// page's language), main runs it again before queueing. What only main can know (a sku or barcode
// another product already has) is added there with the same field names and problem codes.
import type { BarcodeProblem } from '../barcode/index.js';
import { checkBarcode, hasShelfPrefix, looksLikeGtin, normaliseScannedCode } from '../barcode/index.js';
import type { PurchaseVatStatus, SellVatStatus } from '../domain/vocabulary.js';
import {
  MONEY_RULE,
  checkTypedValue,
  readTypedNumber,
  type NumberRule,
  type RefusalReason,
  type TypedNumber,
} from '../domain/typed-number.js';

export const PRODUCT_LIMITS = {
  name: 255,
  sku: 100,
  unittext: 50,
  propertyName: 100,
  propertyValue: 500,
  properties: 50,
  tag: 100,
  tags: 50,
  /** Measures (grams, centimetres): anything larger is a typing slip. Prices: MONEY_RULE's bound. */
  figure: 1_000_000_000,
} as const;

export const PRODUCT_FIELD_PROBLEMS = [
  'required',
  'tooLong',
  'notANumber',
  'negative',
  'tooLarge',
  'tooManyDecimals',
  'checkDigit',
  'shelfPrefix',
  'skuTaken',
  'barcodeTaken',
  'duplicate',
  'tooMany',
] as const;
export type ProductFieldProblem = (typeof PRODUCT_FIELD_PROBLEMS)[number];

export interface ProductProperty {
  readonly name: string;
  readonly value: string;
}

/** Everything AddProduct takes that the form edits. */
export interface ProductFields {
  readonly name: string;
  readonly sku: string;
  /** '' for none. */
  readonly barcode: string;
  readonly sellprice: number | null;
  readonly purchaseprice: number | null;
  readonly unittext: string;
  /** A category of the cached list (sent by its name, as AddProduct takes it). */
  readonly categoryId: number | null;
  readonly sellVatStatus: SellVatStatus | null;
  readonly purchaseVatStatus: PurchaseVatStatus | null;
  /** Grams. */
  readonly weight: number | null;
  /** Centimetres. */
  readonly width: number | null;
  readonly length: number | null;
  readonly height: number | null;
  readonly properties: readonly ProductProperty[];
  readonly tags: readonly string[];
}

/** What UpdateProduct can change: v4 sets neither the sku nor the properties after the create. */
export type EditableProductFields = Omit<ProductFields, 'sku' | 'properties'>;

export const FIGURE_FIELDS = ['sellprice', 'purchaseprice', 'weight', 'width', 'length', 'height'] as const;
export type FigureField = (typeof FIGURE_FIELDS)[number];

/** A field of the form: a top-level one, or one row of the properties. */
export type ProductFormField =
  keyof ProductFields | `properties.${number}.name` | `properties.${number}.value`;

export interface ProductFieldIssue {
  readonly field: ProductFormField;
  readonly problem: ProductFieldProblem;
}

/** The form as typed: figures are text until read. */
export type ProductFormText = Omit<ProductFields, FigureField | 'tags'> & {
  readonly [F in FigureField]: string;
} & { readonly tags: string };

export type ReadProductForm =
  | { readonly ok: true; readonly fields: ProductFields }
  | { readonly ok: false; readonly issues: readonly ProductFieldIssue[] };

/** Measures take 2 decimals, like money; prices and costs are money (typed-number.ts). */
const MEASURE_RULE: NumberRule = { ...MONEY_RULE, max: PRODUCT_LIMITS.figure, currency: false };
const FIGURE_RULES: Record<FigureField, NumberRule> = {
  sellprice: MONEY_RULE,
  purchaseprice: MONEY_RULE,
  weight: MEASURE_RULE,
  width: MEASURE_RULE,
  length: MEASURE_RULE,
  height: MEASURE_RULE,
};

function figureProblem(reason: RefusalReason): ProductFieldProblem {
  if (reason === 'negative') return 'negative';
  if (reason === 'too-large') return 'tooLarge';
  if (reason === 'too-many-decimals') return 'tooManyDecimals';
  return 'notANumber';
}

/** A typed figure by the one rule of typed numbers: '' is none; "1,250.50" reads as 1250.5. */
export function readFigure(text: string, field: FigureField): TypedNumber | null {
  return text.trim() === '' ? null : readTypedNumber(text, FIGURE_RULES[field]);
}

/** Tags typed as "a, b, c": trimmed, empty ones dropped, repeats once. */
export function readTags(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((tag) => tag.trim())
        .filter((tag) => tag !== ''),
    ),
  ];
}

export interface ProductCheckOptions {
  /** A new product: its sku is required (an edit cannot change it). */
  readonly checkSku: boolean;
  /**
   * The barcode the product has now, on an edit: it is checked only when it changes, so a product the
   * store gave an odd code can still be edited.
   */
  readonly currentBarcode?: string;
}

/** The form's text read into fields, or every problem found (all of them, so each field shows its own). */
export function readProductForm(form: ProductFormText, options: ProductCheckOptions): ReadProductForm {
  const issues: ProductFieldIssue[] = [];
  const figures = {} as Record<FigureField, number | null>;
  for (const field of FIGURE_FIELDS) {
    const read = readFigure(form[field], field);
    if (read !== null && !read.ok) issues.push({ field, problem: figureProblem(read.refusal.reason) });
    figures[field] = read?.ok === true ? read.value : null;
  }
  const fields: ProductFields = {
    ...form,
    name: form.name.trim(),
    sku: form.sku.trim(),
    barcode: form.barcode.trim(),
    unittext: form.unittext.trim(),
    properties: form.properties
      .map((property) => ({ name: property.name.trim(), value: property.value.trim() }))
      .filter((property) => property.name !== '' || property.value !== ''),
    tags: readTags(form.tags),
    ...figures,
  };
  issues.push(...checkProductFields(fields, options));
  return issues.length === 0 ? { ok: true, fields } : { ok: false, issues };
}

/** Problems of fields already read (types are the contract's; this checks what types cannot). */
export function checkProductFields(fields: ProductFields, options: ProductCheckOptions): ProductFieldIssue[] {
  const issues: ProductFieldIssue[] = [];
  const text = (field: keyof ProductFields, value: string, max: number, required: boolean) => {
    if (required && value.trim() === '') issues.push({ field, problem: 'required' });
    else if (value.length > max) issues.push({ field, problem: 'tooLong' });
  };
  text('name', fields.name, PRODUCT_LIMITS.name, true);
  if (options.checkSku) text('sku', fields.sku, PRODUCT_LIMITS.sku, true);
  // A sku scans too: under the shelf labels' prefix it would be read as a shelf.
  if (options.checkSku && hasShelfPrefix(fields.sku)) issues.push({ field: 'sku', problem: 'shelfPrefix' });
  text('unittext', fields.unittext, PRODUCT_LIMITS.unittext, false);
  const barcodeChanged =
    options.currentBarcode === undefined ||
    normaliseScannedCode(fields.barcode) !== normaliseScannedCode(options.currentBarcode);
  if (fields.barcode !== '' && barcodeChanged) {
    const checked = checkBarcode(fields.barcode);
    if (!checked.ok) {
      issues.push({ field: 'barcode', problem: barcodeFieldProblem(checked.reason) });
    }
  }
  for (const field of FIGURE_FIELDS) {
    const value = fields[field];
    if (value === null) continue;
    // main gets numbers: the same rule, read from the number's own decimal text.
    const checked = checkTypedValue(value, FIGURE_RULES[field]);
    if (!checked.ok) issues.push({ field, problem: figureProblem(checked.refusal.reason) });
  }
  if (fields.properties.length > PRODUCT_LIMITS.properties)
    issues.push({ field: 'properties', problem: 'tooMany' });
  const seen = new Set<string>();
  fields.properties.forEach((property, index) => {
    const name = property.name.trim();
    if (name === '') issues.push({ field: `properties.${index}.name`, problem: 'required' });
    else if (name.length > PRODUCT_LIMITS.propertyName)
      issues.push({ field: `properties.${index}.name`, problem: 'tooLong' });
    else if (seen.has(name.toLowerCase()))
      issues.push({ field: `properties.${index}.name`, problem: 'duplicate' });
    seen.add(name.toLowerCase());
    if (property.value.length > PRODUCT_LIMITS.propertyValue) {
      issues.push({ field: `properties.${index}.value`, problem: 'tooLong' });
    }
  });
  if (fields.tags.length > PRODUCT_LIMITS.tags) issues.push({ field: 'tags', problem: 'tooMany' });
  else if (fields.tags.some((tag) => tag.length > PRODUCT_LIMITS.tag))
    issues.push({ field: 'tags', problem: 'tooLong' });
  return issues;
}

/** Whether the form's barcode is checked as a GTIN (the form says so beside the field). */
export function barcodeIsGtinChecked(barcode: string): boolean {
  return looksLikeGtin(barcode.trim());
}

function barcodeFieldProblem(reason: BarcodeProblem): ProductFieldProblem {
  return reason === 'empty' ? 'tooLong' : reason;
}
