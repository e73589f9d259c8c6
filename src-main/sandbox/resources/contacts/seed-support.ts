// For the demo-data seeder: what no endpoint can create (sub-contacts and shipping addresses), added
// to a contact the seeder made (with AddContact's handler or insertContact).
import type { Database } from '../../core/handler.js';
import {
  insertShippingAddress,
  insertSubContact,
  type ShippingAddressFields,
  type SubContactFields,
} from './contact-extras.repository.js';

export interface ContactExtras {
  readonly subContacts: readonly SubContactFields[];
  readonly shippingAddresses: readonly ShippingAddressFields[];
}

/** Appends sub-contacts and shipping addresses, in order, to the store's contact `contactId`. */
export function addContactExtras(
  db: Database,
  storeId: number,
  contactId: number,
  extras: ContactExtras,
): void {
  for (const sub of extras.subContacts) insertSubContact(db, storeId, contactId, sub);
  for (const shipping of extras.shippingAddresses) insertShippingAddress(db, storeId, contactId, shipping);
}
