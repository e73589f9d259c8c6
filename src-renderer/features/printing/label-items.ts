// Label items from what a page has (issue 25): a product as the catalogue holds it, or codes and SKUs
// (a return's lines, a count's codes, shelves) looked up in the catalogue on this PC, so each label
// carries the product's own barcode (else its SKU), name and sell price. A code no product has still
// gets its label, with the name the page knows.
import type { ProductSummary, StockroomBridge } from '../../../src-shared/ipc/index.js';
import type { MainRefusal } from '../../lib/refusal-words.js';
import type { LabelSource } from './label-job.svelte.js';

/**
 * What a page gathered for its labels: the items, or main's refusal of the read they come from (the
 * labels button says it instead of opening an empty dialog).
 */
export type LabelGathering = readonly LabelSource[] | { readonly refused: MainRefusal };

export function productLabel(
  product: Pick<ProductSummary, 'barcode' | 'sku' | 'name' | 'sellprice'>,
): LabelSource {
  return {
    code: product.barcode === '' ? product.sku : product.barcode,
    name: product.name,
    sku: product.sku,
    price: product.sellprice,
  };
}

/** What a page knows of a code it wants a label for. */
export interface CodeToLabel {
  readonly code: string;
  readonly name: string;
}

/** One label item a code, in the order given (duplicates kept: the page asked for them). */
export async function labelsForCodes(
  bridge: StockroomBridge,
  codes: readonly CodeToLabel[],
): Promise<LabelSource[]> {
  const wanted = codes.filter((each) => each.code.trim() !== '');
  if (wanted.length === 0) return [];
  const found = await bridge.call('catalogue.lookupMany', { codes: wanted.map((each) => each.code.trim()) });
  return wanted.map((each, index) => {
    const product = found.ok ? found.value[index] : null;
    return product === null || product === undefined
      ? { code: each.code.trim(), name: each.name, sku: '', price: null }
      : productLabel(product);
  });
}

/** A code given to a product (a count's resolved unknown code, kept as its barcode or an alias). */
export interface GivenCode {
  readonly code: string;
  readonly product: Pick<ProductSummary, 'sku' | 'name'>;
  /** The units counted under the code: the label's copies to begin with. */
  readonly counted?: number;
}

/** A product a count counted, with the units counted (the copies its labels begin with). */
export interface CountedProduct {
  readonly product: Pick<ProductSummary, 'sku' | 'name' | 'barcode'>;
  readonly counted: number;
}

/**
 * A committed count's labels: one item a product counted above 0 (nothing on the shelf needs no label),
 * its own barcode (else its SKU), name and price as the catalogue holds them now, and as many copies
 * to begin with as units were counted.
 */
export async function labelsForCountedProducts(
  bridge: StockroomBridge,
  counted: readonly CountedProduct[],
): Promise<LabelSource[]> {
  const wanted = counted.filter((line) => line.counted > 0 && line.product.sku !== '');
  if (wanted.length === 0) return [];
  const found = await bridge.call('catalogue.lookupMany', { codes: wanted.map((line) => line.product.sku) });
  return wanted.map((line, index) => {
    const product = (found.ok ? found.value[index] : null) ?? null;
    // A product this PC's catalogue no longer has: the count's own record of it, no price.
    const label: LabelSource =
      product === null
        ? { ...productLabel({ ...line.product, sellprice: 0 }), price: null }
        : productLabel(product);
    return { ...label, defaultCopies: line.counted };
  });
}

/**
 * Labels that carry the code as given, not the product's barcode (an alias is what the goods carry),
 * with the product's name, SKU and sell price as the catalogue holds them now (looked up by SKU).
 */
export async function labelsForGivenCodes(
  bridge: StockroomBridge,
  given: readonly GivenCode[],
): Promise<LabelSource[]> {
  const wanted = given.filter((each) => each.code.trim() !== '');
  if (wanted.length === 0) return [];
  const found = await bridge.call('catalogue.lookupMany', { codes: wanted.map((each) => each.product.sku) });
  return wanted.map((each, index) => {
    const product = (found.ok ? found.value[index] : null) ?? null;
    return {
      code: each.code.trim(),
      name: product?.name ?? each.product.name,
      sku: product?.sku ?? each.product.sku,
      price: product?.sellprice ?? null,
      ...(each.counted === undefined ? {} : { defaultCopies: each.counted }),
    };
  });
}

/**
 * A committed count's labels (labelsForCountedProducts) from its lines as main reads them; main's
 * refusal of the lines is handed on as it is.
 */
export async function labelsForCountedSession(
  bridge: StockroomBridge,
  sessionId: string,
): Promise<LabelGathering> {
  const lines = await bridge.call('counting.lines', { sessionId });
  if (!lines.ok) return { refused: lines.error };
  const counted = lines.value.flatMap((line) => (line.kind === 'product' ? [line] : []));
  return labelsForCountedProducts(bridge, counted);
}
