// The line editor's figures (main's documents.previewLines) against what the real sandbox stores for the
// body built from them: per-unit discounts (amount and %), a document discount, shipping with and without
// VAT, for every vattype. Equal to the satang, so the page shows what the back office will store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callContract, type DocumentLinesDraft } from '../../src-shared/ipc/index.js';
import { computeLines, linesPreview, wireLines, wireMoney } from '../../src-main/documents/index.js';
import { isRefusal } from '../../src-main/refusal/refusal.js';
import { startTestSandbox, verdict, type TestSandbox } from '../support/sandbox-harness.js';

interface StoredQuotation {
  amount: number;
  amount_pretax: number;
  vatamount: number;
  vattype: number;
  discountamount: number;
  shippingamount: number;
  shippingamount_pretax: number;
  shippingamount_vat: number;
  list: Array<{
    discountamount: number;
    totalprice: number;
    totalprice_pretax: number;
    totalprice_vat: number;
  }>;
}

/** The sandbox refuses lines whose sku is not one of its products: the demo store's first three. */
let skus: readonly string[] = ['A-1', 'B-2', 'C-3'];

const draftOf = (extra: Record<string, unknown>): DocumentLinesDraft =>
  callContract['documents.previewLines'].args.parse({
    lines: [
      { sku: skus[0], name: 'Carton', quantity: 3, unitPrice: 33.33, discount: '1.5' },
      { sku: skus[1], name: 'Tape', quantity: 7, unitPrice: 19.99, discount: '12.5%' },
      { sku: skus[2], name: 'Pallet', quantity: 2, unitPrice: 1_070, discount: '' },
    ],
    ...extra,
  });

const CASES = [
  { vatType: 'noVat', discount: '', shippingAmount: 0, shippingVat: false },
  { vatType: 'noVat', discount: '10%', shippingAmount: 50, shippingVat: false },
  { vatType: 'excludeVat', discount: '25', shippingAmount: 80, shippingVat: true },
  { vatType: 'excludeVat', discount: '3.5%', shippingAmount: 80, shippingVat: false },
  { vatType: 'includeVat', discount: '7%', shippingAmount: 107, shippingVat: true },
  { vatType: 'includeVat', discount: '0.01', shippingAmount: 40, shippingVat: false },
] as const;

describe('document line figures', () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox({ products: 5 });
    const products = await sandbox.call('GetProducts', { query: { limit: 3 } });
    skus = (products.body as { list: Array<{ sku: string }> }).list.map((product) => product.sku);
  });
  afterAll(() => sandbox.close());

  it.each(CASES)('equal what the sandbox stores: %o', async (settings) => {
    const draft = draftOf(settings);
    const figures = computeLines(draft);
    const preview = linesPreview(draft, figures);
    const body = {
      number: `QT-FIG-${settings.vatType}-${settings.discount}-${settings.shippingAmount}-${String(settings.shippingVat)}`,
      ...wireMoney(draft, figures),
      list: wireLines(draft, figures),
    };
    const added = await sandbox.call('AddQuotation', { body });
    expect(verdict(added.body)?.code).toBe('200');
    const id = (added.body as { detail: { id: number } }).detail.id;
    const read = await sandbox.call('GetQuotationDetail', { query: { id } });
    const stored = read.body as StoredQuotation;

    expect(preview.amount).toBe(stored.amount);
    expect(preview.amountPretax).toBe(stored.amount_pretax);
    expect(preview.vatAmount).toBe(stored.vatamount);
    expect(preview.discountAmount).toBe(stored.discountamount);
    expect(preview.shippingAmount).toBe(stored.shippingamount);
    expect(preview.shippingAmountPretax).toBe(stored.shippingamount_pretax);
    expect(preview.shippingAmountVat).toBe(stored.shippingamount_vat);
    expect(
      preview.lines.map((line) => [
        line.discountAmount,
        line.totalPrice,
        line.totalPricePretax,
        line.totalPriceVat,
      ]),
    ).toEqual(
      stored.list.map((line) => [
        line.discountamount,
        line.totalprice,
        line.totalprice_pretax,
        line.totalprice_vat,
      ]),
    );
  });

  it('reads per-unit discounts as one unit’s figure', () => {
    const draft = draftOf({});
    const preview = linesPreview(draft, computeLines(draft));
    expect(preview.lines.map((line) => line.unitDiscount)).toEqual([1.5, 2.5, 0]);
    expect(preview.lines.map((line) => line.discountAmount)).toEqual([4.5, 17.5, 0]);
  });

  it('refuses a per-unit discount above the unit price on its line, and a document discount above the lines', () => {
    const refusedAt = (draft: DocumentLinesDraft): string | undefined => {
      try {
        computeLines(draft);
        return undefined;
      } catch (error) {
        if (!isRefusal(error)) throw error;
        return error.fields[0]?.path;
      }
    };
    const lines = draftOf({}).lines;
    expect(
      refusedAt({
        ...draftOf({}),
        lines: lines.map((line, i) => (i === 1 ? { ...line, discount: '20' } : line)),
      }),
    ).toBe('lines.1.discount');
    expect(refusedAt(draftOf({ discount: '99999' }))).toBe('discount');
  });

  it('refuses a quantity of 0 and a missing line at the contract, naming the field', () => {
    const parsed = callContract['documents.previewLines'].args.safeParse({
      lines: [{ sku: 'A', name: 'A', quantity: 0, unitPrice: 1 }],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['lines.0.quantity']);
    const empty = callContract['documents.previewLines'].args.safeParse({ lines: [] });
    expect(empty.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['lines']);
  });
});
