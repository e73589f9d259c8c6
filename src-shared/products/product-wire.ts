// Product fields on the wire: the AddProduct body a form makes, the UpdateProduct body of what changed,
// and the comparison a read-back makes (GetProductDetail against a body), so main's local view, the
// queued body and the outbox's reconciliation read figures the same way.
import type { z } from 'zod';
import type { endpoints } from '../api/endpoints/index.js';
import type { ProductRecord } from '../api/records.js';
import { normaliseScannedCode } from '../barcode/index.js';
import {
  FIGURE_FIELDS,
  type EditableProductFields,
  type FigureField,
  type ProductFields,
} from './product-form.js';

export type AddProductBody = z.output<typeof endpoints.AddProduct.body>;
export type UpdateProductBody = z.output<typeof endpoints.UpdateProduct.body>;

/** A figure as v4's decimal text: plain digits, at most 4 decimals ("12.5", never "1e-7"). */
export function decimalText(value: number): string {
  return String(Number(value.toFixed(4)));
}

/** A decimal the spec types as String ("1,250.50", 12) as a number; undefined when absent or not one. */
export function figureOf(text: string | number | undefined | null): number | undefined {
  if (text === undefined || text === null) return undefined;
  if (typeof text === 'number') return Number.isFinite(text) ? text : undefined;
  const cleaned = text.replaceAll(',', '').trim();
  if (cleaned === '') return undefined;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : undefined;
}

function sameFigure(left: number | undefined, right: number | undefined): boolean {
  return Math.abs((left ?? 0) - (right ?? 0)) < 0.00005;
}

/** AddProduct's body for the form's fields (a category by its name, as AddProduct takes it). */
export function addProductBody(fields: ProductFields, categoryName: string | null): AddProductBody {
  const figures: Partial<Record<FigureField, string>> = {};
  for (const field of FIGURE_FIELDS) {
    const value = fields[field];
    if (value !== null) figures[field] = decimalText(value);
  }
  return {
    name: fields.name,
    sku: fields.sku,
    ...figures,
    ...(fields.barcode === '' ? {} : { barcode: normaliseScannedCode(fields.barcode) }),
    ...(fields.unittext === '' ? {} : { unittext: fields.unittext }),
    ...(categoryName === null ? {} : { category: categoryName }),
    ...(fields.sellVatStatus === null ? {} : { sell_vat_status: fields.sellVatStatus }),
    ...(fields.purchaseVatStatus === null ? {} : { purchase_vat_status: fields.purchaseVatStatus }),
    ...(fields.tags.length === 0 ? {} : { tag: [...fields.tags] }),
    ...(fields.properties.length === 0
      ? {}
      : {
          properties: fields.properties.map((property) => ({ name: property.name, value: property.value })),
        }),
  };
}

/**
 * UpdateProduct's body: only what the form changed against the record as held (a cleared figure is
 * sent as "0", which v4 stores for an empty one; a cleared category as ""). Empty when nothing changed.
 */
export function updateProductBody(
  record: ProductRecord,
  fields: EditableProductFields,
  categoryName: string | null,
): UpdateProductBody {
  const body: { -readonly [K in keyof UpdateProductBody]: UpdateProductBody[K] } = {};
  if (fields.name !== (record.name ?? '')) body.name = fields.name;
  const barcode = normaliseScannedCode(fields.barcode);
  if (barcode !== normaliseScannedCode(record.barcode ?? '')) body.barcode = barcode;
  if (fields.unittext !== (record.unittext ?? '')) body.unittext = fields.unittext;
  for (const field of FIGURE_FIELDS) {
    const value = fields[field] ?? undefined;
    if (!sameFigure(value, figureOf(record[field]))) body[field] = decimalText(value ?? 0);
  }
  if ((categoryName ?? '') !== (record.category ?? '')) body.category = categoryName ?? '';
  if (fields.sellVatStatus !== null && fields.sellVatStatus !== record.sell_vat_status) {
    body.sell_vat_status = fields.sellVatStatus;
  }
  if (fields.purchaseVatStatus !== null && fields.purchaseVatStatus !== record.purchase_vat_status) {
    body.purchase_vat_status = fields.purchaseVatStatus;
  }
  if (!sameList(fields.tags, record.tag ?? [])) body.tag = [...fields.tags];
  return body;
}

/** The record with an UpdateProduct body laid on it: the local view until the change is pulled. */
export function withUpdate(
  record: ProductRecord,
  body: UpdateProductBody,
  categoryId: number | null,
): ProductRecord {
  const { tag, category, ...rest } = body;
  return {
    ...record,
    ...rest,
    ...(tag === undefined ? {} : { tag }),
    ...(category === undefined
      ? {}
      : category === ''
        ? { category: '', categoryid: undefined }
        : { category, categoryid: categoryId ?? undefined }),
  };
}

/** The fields of a product a read-back compares (GetProductDetail's, as JSON-safe data). */
export type HeldProduct = Partial<
  Pick<
    ProductRecord,
    | 'name'
    | 'sku'
    | 'barcode'
    | 'sellprice'
    | 'purchaseprice'
    | 'unittext'
    | 'description'
    | 'weight'
    | 'width'
    | 'length'
    | 'height'
    | 'category'
    | 'sell_vat_status'
    | 'purchase_vat_status'
    | 'tag'
    | 'active'
  >
>;

export function heldProduct(record: ProductRecord): HeldProduct {
  return {
    name: record.name,
    sku: record.sku,
    barcode: record.barcode,
    sellprice: record.sellprice,
    purchaseprice: record.purchaseprice,
    unittext: record.unittext,
    description: record.description,
    weight: record.weight,
    width: record.width,
    length: record.length,
    height: record.height,
    category: record.category,
    sell_vat_status: record.sell_vat_status,
    purchase_vat_status: record.purchase_vat_status,
    tag: record.tag,
    active: record.active,
  };
}

/** A held product in words, for a person comparing what was sent with what is there. */
export function showHeldProduct(product: HeldProduct): string {
  const price = (value: string | undefined) => decimalText(figureOf(value) ?? 0);
  return (
    `"${product.name ?? ''}" (${product.sku ?? ''}), barcode ${product.barcode || 'none'}, ` +
    `sell ${price(product.sellprice)}, purchase ${price(product.purchaseprice)}, ` +
    `${product.active === false ? 'disabled' : 'active'}`
  );
}

/** Whether the product as read holds every field of `body` (what an UpdateProduct set). */
export function holdsUpdate(product: HeldProduct, body: UpdateProductBody): boolean {
  const mismatch = (Object.keys(body) as Array<keyof UpdateProductBody>).some((field) => {
    switch (field) {
      case 'tag':
        return !sameList(body.tag ?? [], product.tag ?? []);
      case 'sell_vat_status':
      case 'purchase_vat_status':
        return body[field] !== product[field];
      case 'barcode':
        return normaliseScannedCode(body.barcode ?? '') !== normaliseScannedCode(product.barcode ?? '');
      case 'sellprice':
      case 'purchaseprice':
      case 'weight':
      case 'width':
      case 'length':
      case 'height':
        return !sameFigure(figureOf(body[field]), figureOf(product[field]));
      default:
        return (body[field] ?? '').trim() !== (product[field] ?? '').trim();
    }
  });
  return !mismatch;
}

/** Whether a product found by sku is the one an AddProduct body made (name, barcode, prices). */
export function holdsCreate(product: HeldProduct, body: AddProductBody): boolean {
  return (
    (product.name ?? '').trim() === body.name.trim() &&
    normaliseScannedCode(product.barcode ?? '') === normaliseScannedCode(body.barcode ?? '') &&
    sameFigure(figureOf(product.sellprice), figureOf(body.sellprice)) &&
    sameFigure(figureOf(product.purchaseprice), figureOf(body.purchaseprice))
  );
}

function sameList(left: readonly string[], right: readonly string[]): boolean {
  return left.length === right.length && left.every((item, index) => item === right[index]);
}
