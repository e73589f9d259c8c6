// A draft income or expense → the figures the back office will store (src-shared/money, the code the
// sandbox computes with) and the AddIncome/AddExpense body that carries them.
import type { MoneyDraft, MoneyPreview } from '../../src-shared/ipc/index.js';
import type { MoneyVatChoice } from '../../src-shared/domain/vocabulary.js';
import {
  discountValue,
  formatDiscount,
  parseDiscount,
  paymentStatus,
  priceDocument,
  roundMoney,
  VAT_TYPE,
  type ComputedFigures,
  type VatType,
} from '../../src-shared/money/index.js';
import { Refusal } from '../refusal/refusal.js';
import type { StoredContact } from './money-rows.js';
import type { AddExpenseBody, AddIncomeBody } from '../outbox/index.js';

export function vatTypeOf(choice: MoneyVatChoice): VatType {
  return VAT_TYPE[choice];
}

export { vatChoiceOf } from '../../src-shared/money/index.js';

/** The discount as the wire and the local copy store it: '', '50' or '10%'. */
export function normalisedDiscount(text: string): string {
  const parsed = parseDiscount(text);
  return parsed.ok ? formatDiscount(parsed.discount) : '';
}

/** Every figure of the draft; a figure the back office would refuse is refused here, on its field. */
export function computeDraft(draft: MoneyDraft): ComputedFigures {
  const result = priceDocument({
    vattype: vatTypeOf(draft.vatType),
    discount: draft.discount,
    lines: draft.lines.map((line) => ({ totalprice: line.totalPrice })),
  });
  if (!result.ok) {
    const path = result.field.replace(/^list\[(\d+)\]\.totalprice$/, 'lines.$1.totalPrice');
    throw Refusal.field(path, result.message, undefined, result.message);
  }
  return result;
}

/** The figures of a preview (the reference's other use is the service's to look up). */
export function previewOf(
  draft: MoneyDraft,
  figures: ComputedFigures,
): Omit<MoneyPreview, 'referenceUsedBy'> {
  const subtotal = roundMoney(draft.lines.reduce((sum, line) => sum + line.totalPrice, 0));
  const paid = roundMoney(draft.payment?.amount ?? 0);
  const { document } = figures;
  return {
    vatType: draft.vatType,
    subtotal,
    discountAmount: document.discountamount,
    discountAmountPretax: document.discountamount_pretax,
    discountAmountVat: document.discountamount_vat,
    amount: document.amount,
    amountPretax: document.amount_pretax,
    vatAmount: document.vatamount,
    lines: draft.lines.map((line, index) => {
      const computed = figures.lines[index];
      return {
        name: line.name,
        categoryName: line.categoryName,
        totalPrice: computed?.totalprice ?? line.totalPrice,
        totalPricePretax: computed?.totalprice_pretax ?? line.totalPrice,
        totalPriceVat: computed?.totalprice_vat ?? 0,
      };
    }),
    paymentAmount: paid,
    paymentStatus: paymentStatus(document.amount, paid),
  };
}

/** Subtotal and discount in baht of a stored record (its lines and discount text). */
export function discountOf(discount: string, lines: readonly { totalPrice: number }[]) {
  const subtotal = roundMoney(lines.reduce((sum, line) => sum + line.totalPrice, 0));
  const parsed = parseDiscount(discount);
  return { subtotal, discountAmount: parsed.ok ? discountValue(parsed.discount, subtotal) : 0 };
}

export interface BodyInputs {
  readonly draft: MoneyDraft;
  readonly figures: ComputedFigures;
  readonly contact: StoredContact | null;
  readonly date: string;
  /** The payment at creation, with the method's name as the back office knows it. */
  readonly payment: { readonly methodName: string; readonly amount: number; readonly paidAt: string } | null;
}

/** AddIncome's or AddExpense's body: the computed amount and vattype, so the server's check agrees. */
export function createBody(inputs: BodyInputs): AddIncomeBody | AddExpenseBody {
  const { draft, figures, contact, payment } = inputs;
  const common = {
    amount: figures.document.amount,
    vattype: figures.document.vattype,
    ...(contact === null
      ? {}
      : {
          contactname: contact.name,
          contactidnumber: contact.idNumber,
          contactphone: contact.phone,
          contactemail: contact.email,
          contactaddress: contact.address,
          contactbranchname: contact.branchName,
        }),
    ...(payment === null
      ? {}
      : { paymentmethod: payment.methodName, paymentamount: payment.amount, paymentdate: payment.paidAt }),
    description: draft.description,
    discount: normalisedDiscount(draft.discount),
    reference: draft.reference,
    list: draft.lines.map((line) => ({
      name: line.name,
      totalprice: roundMoney(line.totalPrice),
      ...(line.categoryName === '' ? {} : { categoryname: line.categoryName }),
    })),
  };
  const branchNo = contact?.branchNo ?? '';
  return draft.kind === 'income'
    ? { ...common, incomedate: inputs.date, ...(contact ? { customerbranchno: branchNo } : {}) }
    : { ...common, expensedate: inputs.date, ...(contact ? { contactbranchno: branchNo } : {}) };
}
