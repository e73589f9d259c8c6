// Whether a payment would pay a document past its amount, for the question every payment form asks
// first (components/OverpayQuestion): what is owed (to the satang, as the page shows it), this payment
// and the status it would leave. The status rule is the shared one (src-shared/money/payment-status).
import { paymentStatus, type PaymentStatus } from '../../src-shared/money/payment-status.js';
import { PAYMENT_RULE, readTypedNumber } from '../../src-shared/domain/typed-number.js';

export interface Overpay {
  readonly owed: number;
  readonly payment: number;
  readonly statusAfter: PaymentStatus;
}

/** The overpayment `payment` would make on a document of `amount` with `paid` already paid; null if none. */
export function overpayOf(amount: number, paid: number, payment: number): Overpay | null {
  if (!Number.isFinite(payment) || payment <= 0) return null;
  const statusAfter = paymentStatus(amount, paid + payment);
  if (statusAfter !== 'Excess Payment') return null;
  return { owed: Math.max(0, Math.round((amount - paid) * 100) / 100), payment, statusAfter };
}

/**
 * The overpayment the payment as typed would make; null if none, or if the rule refuses what is typed
 * (that asks nothing: the save refuses it next to the field).
 */
export function overpayOfTyped(amount: number, paid: number, typed: string): Overpay | null {
  const payment = readTypedNumber(typed, PAYMENT_RULE);
  return payment.ok ? overpayOf(amount, paid, payment.value) : null;
}
