// The money of a return purchase order or quotation body: the shared arithmetic of src-shared/money
// (computeDocument) plus the sign checks it leaves to callers. Stored figures are always the computed
// ones, so a record read back never disagrees with itself.
import {
  computeDocument,
  formatDiscount,
  parseDiscount,
  type ComputedDocument,
  type ComputedLine,
  type VatType,
} from '../../../../src-shared/money/index.js';
import { validation } from '../../core/sandbox-error.js';

/** A product line as the v4 bodies send it (documentLine in src-shared/api). */
export interface LineBody {
  readonly sku: string;
  readonly name: string;
  readonly number: number;
  readonly pricepernumber: number;
  readonly totalprice: number;
  readonly discount?: string | undefined;
}

/** The money fields of a document body (documentMoneyFields in src-shared/api). */
export interface MoneyBody {
  readonly amount: number;
  readonly vatamount?: number | undefined;
  readonly vattype?: VatType | undefined;
  readonly discount?: string | undefined;
  readonly shippingvat?: 0 | 1 | undefined;
  readonly shippingamount?: number | undefined;
}

export interface ComputedMoney {
  readonly document: ComputedDocument;
  /** The document discount as stored and shown: '' for none, '50' or '10%'. */
  readonly discount: string;
  readonly lines: readonly ComputedLineWithDiscount[];
}

export interface ComputedLineWithDiscount {
  readonly figures: Required<ComputedLine>;
  /** The per-unit discount text as stored and shown. */
  readonly discount: string;
}

/** Negative money or a non-positive quantity is refused before any arithmetic, naming the field. */
function checkSigns(money: MoneyBody, lines: readonly LineBody[]): void {
  if (money.amount < 0) throw validation('amount', 'must not be negative');
  if (money.vatamount !== undefined && money.vatamount < 0)
    throw validation('vatamount', 'must not be negative');
  if ((money.shippingamount ?? 0) < 0) throw validation('shippingamount', 'must not be negative');
  for (const [index, line] of lines.entries()) {
    if (line.number <= 0) throw validation(`list[${index}].number`, 'must be more than 0');
    if (line.pricepernumber < 0) throw validation(`list[${index}].pricepernumber`, 'must not be negative');
    if (line.totalprice < 0) throw validation(`list[${index}].totalprice`, 'must not be negative');
  }
}

/**
 * computeDocument with its refusal turned into the sandbox's validation answer: code 100 naming the
 * field at fault (amount, vatamount, discount, list[2].totalprice...), the reason after it.
 */
export function computeMoney(money: MoneyBody, lines: readonly LineBody[]): ComputedMoney {
  checkSigns(money, lines);
  const result = computeDocument({
    amount: money.amount,
    ...(money.vattype === undefined ? {} : { vattype: money.vattype }),
    ...(money.vatamount === undefined ? {} : { vatamount: money.vatamount }),
    ...(money.discount === undefined ? {} : { discount: money.discount }),
    ...(money.shippingamount === undefined ? {} : { shippingamount: money.shippingamount }),
    ...(money.shippingvat === undefined ? {} : { shippingvat: money.shippingvat }),
    lines: lines.map((line) => ({
      number: line.number,
      pricepernumber: line.pricepernumber,
      totalprice: line.totalprice,
      ...(line.discount === undefined ? {} : { discount: line.discount }),
    })),
  });
  if (!result.ok) {
    // computeDocument's sentences already start with the field; keep it once.
    const reason = result.message.startsWith(`${result.field} `)
      ? result.message.slice(result.field.length + 1)
      : result.message;
    throw validation(result.field, reason);
  }
  return {
    document: result.document,
    discount: normalDiscount(money.discount),
    lines: result.lines.map((figures, index) => ({
      figures: completeLine(figures),
      discount: normalDiscount(lines[index]?.discount),
    })),
  };
}

/** Product lines always carry every figure; the defaults only satisfy the type of item lines. */
function completeLine(line: ComputedLine): Required<ComputedLine> {
  return {
    number: line.number ?? 0,
    pricepernumber: line.pricepernumber ?? 0,
    pricepernumber_pretax: line.pricepernumber_pretax ?? 0,
    pricepernumber_vat: line.pricepernumber_vat ?? 0,
    discountamount: line.discountamount ?? 0,
    discountamount_pretax: line.discountamount_pretax ?? 0,
    discountamount_vat: line.discountamount_vat ?? 0,
    totalprice: line.totalprice,
    totalprice_pretax: line.totalprice_pretax,
    totalprice_vat: line.totalprice_vat,
  };
}

/** computeDocument already refused a malformed discount, so parsing here cannot fail. */
function normalDiscount(text: string | undefined): string {
  const parsed = parseDiscount(text);
  return parsed.ok ? formatDiscount(parsed.discount) : (text ?? '');
}
