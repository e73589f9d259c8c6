// The payment methods a finance write names: they must be payment methods of the store (GetPaymentMethods).
import type { Database } from '../../handler.js';
import { validation } from '../../handler.js';
import { findReferenceByName, type ReferenceRow } from '../merchant/index.js';
import { findPaymentMethodById } from './payment-method.repository.js';

/** The store's payment method of this exact name (trimmed), or a validation error naming `field`. */
export function requirePaymentMethodNamed(
  db: Database,
  storeId: number,
  field: string,
  name: string,
): ReferenceRow {
  const method = findReferenceByName(db, storeId, 'paymentmethod', name.trim());
  if (!method) throw validation(field, `names no payment method of this store (${name})`);
  return method;
}

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
  if (given.id === undefined || given.id === 0)
    return requirePaymentMethodNamed(db, storeId, fields.nameField, name);
  const method = findPaymentMethodById(db, storeId, given.id);
  if (!method) throw validation(fields.idField, `names no payment method of this store (${given.id})`);
  if (name !== '' && name !== method.name) {
    throw validation(
      fields.nameField,
      `${name} is not the name of ${fields.idField} ${given.id} (${method.name})`,
    );
  }
  return method;
}
