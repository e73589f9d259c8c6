// computeDocument: the arithmetic the back office applies to a document it receives, with the checks
// that tell a sender which figure is wrong. docs/decisions/0002-money-rounding-and-vat.md has the rules.
import type { DocumentInput, DocumentResult } from './document-types.js';
import { applyVat, failure, priceDraft, type PricedDocument } from './price-document.js';
import { formatMoney, fromSatang, moneyMatches } from './rounding.js';
import { isVatType, VAT_TYPE_NAMES, type VatType } from './vat.js';

/** Tried in this order when vattype is derived from vatamount. */
const DERIVATION_ORDER = [3, 2] as const satisfies readonly VatType[];

/**
 * Computes every figure of a document and checks the sent ones: each product line's totalprice and,
 * when there are lines, the amount must match the computed figure within one satang. When vattype is
 * omitted it is derived from vatamount. Refusals are returned, never thrown.
 */
export function computeDocument(input: DocumentInput): DocumentResult {
  if (input.vattype !== undefined && !isVatType(input.vattype)) {
    return failure('vattype', `vattype ${String(input.vattype)} must be 1, 2 or 3`);
  }
  const priced = priceDraft(input);
  if (!priced.ok) return priced;

  for (const [index, line] of priced.priced.lines.entries()) {
    const sent = input.lines[index]?.totalprice;
    if (line.product === undefined || sent === undefined) continue;
    const expected = fromSatang(line.totalprice);
    if (!moneyMatches(sent, expected)) {
      const { number, pricepernumber, discountamount } = line.product;
      return failure(
        `list[${index}].totalprice`,
        `list[${index}].totalprice ${sent} does not match the computed ${formatMoney(expected)} ` +
          `(${number} × ${formatMoney(fromSatang(pricepernumber))} − discountamount ${formatMoney(fromSatang(discountamount))})`,
      );
    }
  }

  const resolved = resolveVatType(input, priced.priced);
  if (!resolved.ok) return resolved;
  const { document } = resolved;
  if (priced.priced.lines.length > 0 && !moneyMatches(input.amount, document.amount)) {
    return failure(
      'amount',
      `amount ${input.amount} does not match the computed ${formatMoney(document.amount)} ` +
        `(vattype ${document.vattype} ${VAT_TYPE_NAMES[document.vattype]}, vatamount ${formatMoney(document.vatamount)})`,
    );
  }
  return resolved;
}

/**
 * The spec's vattype rule: a given vattype wins and vatamount is ignored. Without one, no vatamount
 * (or 0) means No Vat; otherwise Include Vat, then Exclude Vat, is taken if its computed vatamount
 * (and, with lines, amount) matches the sent figures.
 */
function resolveVatType(input: DocumentInput, priced: PricedDocument): DocumentResult {
  if (input.vattype !== undefined) return { ok: true, ...applyVat(priced, input.vattype) };
  const { vatamount } = input;
  if (vatamount === undefined || vatamount === 0) return { ok: true, ...applyVat(priced, 1) };

  const withLines = priced.lines.length > 0;
  const candidates = DERIVATION_ORDER.map((vattype) => applyVat(priced, vattype));
  const match = candidates.find(
    ({ document }) =>
      moneyMatches(vatamount, document.vatamount) &&
      (!withLines || moneyMatches(input.amount, document.amount)),
  );
  if (match) return { ok: true, ...match };

  const described = candidates
    .map(({ document }) => {
      const figures = [`vatamount ${formatMoney(document.vatamount)}`];
      if (withLines) figures.push(`amount ${formatMoney(document.amount)}`);
      return `${VAT_TYPE_NAMES[document.vattype]} (${figures.join(', ')})`;
    })
    .join(' nor ');
  return failure('vatamount', `vatamount ${vatamount} matches neither ${described}: send vattype explicitly`);
}
