// The paymentstatus of orders, incomes and expenses, from the document amount and the total paid.

/** The spec's paymentstatus values, as the wire spells them. */
export const PAYMENT_STATUSES = ['Pending', 'Partial Payment', 'Paid', 'Excess Payment'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Paid within half a satang counts as paid in full, so float noise never leaves a sliver unpaid. */
const PAID_TOLERANCE = 0.005 + 1e-9;

export function paymentStatus(amount: number, paid: number): PaymentStatus {
  if (amount > 0 && paid <= 0) return 'Pending';
  if (Math.abs(paid - amount) <= PAID_TOLERANCE) return 'Paid';
  return paid < amount ? 'Partial Payment' : 'Excess Payment';
}
