// Payments name a payment method of the store (GetPaymentMethods), as production requires. Every
// payment of the sandbox (documents, incomes, expenses, money transfers) is refused in these words.
import type { Database } from 'better-sqlite3';
import { validation } from '../../core/sandbox-error.js';
import { findReferenceByName } from '../merchant/index.js';

/** What follows the unknown method's name or id in a refusal. */
export const NOT_A_PAYMENT_METHOD = 'is not a payment method of this store (see GetPaymentMethods)';

/** The stored name of the store's payment method called `name`; a validation error naming paymentmethod otherwise. */
export function requirePaymentMethod(db: Database, storeId: number, name: string | undefined): string {
  const text = name?.trim() ?? '';
  if (text === '') throw validation('paymentmethod', 'is required when paymentamount is given');
  const method = findReferenceByName(db, storeId, 'paymentmethod', text);
  if (!method) throw validation('paymentmethod', `${text} ${NOT_A_PAYMENT_METHOD}`);
  return method.name;
}
