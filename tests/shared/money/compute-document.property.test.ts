import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeDocument,
  moneyMatches,
  priceDocument,
  toSatang,
  type DocumentDraft,
  type DocumentDraftLine,
  type DocumentInput,
  type VatType,
} from '../../../src-shared/money/index.js';

const satang = (max: number): fc.Arbitrary<number> => fc.integer({ min: 0, max }).map((value) => value / 100);
const vattype = fc.constantFrom<VatType>(1, 2, 3);

/** Whole or fractional (up to 3 decimals) quantities. */
const quantity = fc.oneof(
  fc.integer({ min: 1, max: 1000 }),
  fc.integer({ min: 1, max: 100_000 }).map((thousandths) => thousandths / 1000),
);
const percentText = fc.integer({ min: 1, max: 10_000 }).map((hundredths) => `${hundredths / 100}%`);

const productLine: fc.Arbitrary<DocumentDraftLine> = satang(1_000_000).chain((pricepernumber) =>
  fc.record({
    number: quantity,
    pricepernumber: fc.constant(pricepernumber),
    discount: fc.option(
      fc.oneof(
        percentText,
        fc.integer({ min: 0, max: toSatang(pricepernumber) }).map((amount) => String(amount / 100)),
      ),
      { nil: undefined },
    ),
  }),
);
const itemLine: fc.Arbitrary<DocumentDraftLine> = fc.record({ totalprice: satang(10_000_000) });

const draft: fc.Arbitrary<DocumentDraft> = fc.record({
  vattype,
  amount: satang(10_000_000),
  discount: fc.option(fc.oneof(percentText, satang(1000).map(String)), { nil: undefined }),
  shippingamount: fc.option(satang(100_000), { nil: undefined }),
  shippingvat: fc.option(fc.constantFrom<0 | 1>(0, 1), { nil: undefined }),
  lines: fc.oneof(fc.array(productLine, { maxLength: 6 }), fc.array(itemLine, { maxLength: 6 })),
});

/** Prices a draft and builds the request the app would send from it. */
function priced(document: DocumentDraft) {
  const result = priceDocument(document);
  // The only refusal left by the generators: an amount discount larger than the subtotal.
  fc.pre(result.ok);
  if (!result.ok) throw new Error('unreachable');
  const input: DocumentInput = {
    ...document,
    amount: result.document.amount,
    lines: document.lines.map((line, index) => ({
      ...line,
      totalprice: result.lines[index]?.totalprice ?? NaN,
    })),
  };
  return { result, input };
}

describe('computeDocument properties', () => {
  it('accepts back, unchanged, the figures it computes', () => {
    fc.assert(
      fc.property(draft, (document) => {
        const { result, input } = priced(document);
        expect(computeDocument(input)).toEqual(result);
      }),
      { numRuns: 500 },
    );
  });

  it('derives the same vattype from its own vatamount whenever the two candidates differ', () => {
    fc.assert(
      fc.property(draft, (document) => {
        const { result, input } = priced(document);
        const derived = computeDocument({
          ...input,
          vattype: undefined,
          vatamount: result.document.vatamount,
        });
        expect(derived.ok).toBe(true);
        if (!derived.ok) return;

        if (result.document.vatamount === 0) {
          expect(derived.document.vattype).toBe(1);
          return;
        }
        const other = priceDocument({ ...document, vattype: document.vattype === 3 ? 2 : 3 });
        const candidatesAgree =
          other.ok &&
          moneyMatches(other.document.vatamount, result.document.vatamount) &&
          (document.lines.length === 0 || moneyMatches(other.document.amount, result.document.amount));
        if (!candidatesAgree) expect(derived).toEqual(result);
      }),
      { numRuns: 500 },
    );
  });

  it('splits every amount exactly into pretax and VAT', () => {
    fc.assert(
      fc.property(draft, (document) => {
        const { result } = priced(document);
        const { amount, amount_pretax, vatamount, vattype: type } = result.document;
        expect(toSatang(amount_pretax) + toSatang(vatamount)).toBe(toSatang(amount));
        for (const line of result.lines) {
          const sum = toSatang(line.totalprice_pretax) + toSatang(line.totalprice_vat);
          // Exclude Vat puts VAT on top of the figure; the other types split the figure.
          expect(type === 2 ? toSatang(line.totalprice_pretax) : sum).toBe(toSatang(line.totalprice));
        }
      }),
      { numRuns: 500 },
    );
  });
});
