// The two sides of a money transfer: payment methods of the store, each named by id or by name.
// (Incomes and expenses name theirs by name only, with shared/payment-method.ts, whose words every
// payment of the sandbox is refused in.)
import type { Database } from '../../core/handler.js';
import { validation } from '../../core/handler.js';
import { findReferenceById, findReferenceByName, type ReferenceRow } from '../merchant/index.js';
import { NOT_A_PAYMENT_METHOD } from '../shared/payment-method.js';

/**
 * A payment method given by id or by name (id wins when not 0; a name given with it must agree), or a
 * validation error naming the field at fault.
 */
export function requirePaymentMethod(
  db: Database,
  storeId: number,
  fields: { readonly idField: string; readonly nameField: string },
  given: { readonly id: number | undefined; readonly name: string | undefined },
): ReferenceRow {
  const name = given.name?.trim() ?? '';
  if (given.id === undefined || given.id === 0) {
    const method = findReferenceByName(db, storeId, 'paymentmethod', name);
    if (!method) throw validation(fields.nameField, `${name} ${NOT_A_PAYMENT_METHOD}`);
    return method;
  }
  const method = findReferenceById(db, storeId, 'paymentmethod', given.id);
  if (!method) throw validation(fields.idField, `${given.id} ${NOT_A_PAYMENT_METHOD}`);
  if (name !== '' && name !== method.name) {
    throw validation(
      fields.nameField,
      `${name} is not the name of ${fields.idField} ${given.id} (${method.name})`,
    );
  }
  return method;
}
