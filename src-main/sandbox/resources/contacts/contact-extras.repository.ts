// What hangs off a contact: custom properties (named once per store, valued per contact), sub-contacts
// and shipping addresses.
import type { Database } from 'better-sqlite3';
import { groupByParent } from '../shared/group-by-parent.js';

export const contactExtrasSchemaSql = `
CREATE TABLE IF NOT EXISTS contact_properties (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  store_id INTEGER NOT NULL,
  name TEXT NOT NULL,
  UNIQUE (store_id, name)
);
CREATE TABLE IF NOT EXISTS contact_property_values (
  store_id INTEGER NOT NULL,
  contact_id INTEGER NOT NULL REFERENCES contacts(id),
  property_id INTEGER NOT NULL REFERENCES contact_properties(id),
  value TEXT NOT NULL,
  PRIMARY KEY (contact_id, property_id)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS contact_sub_contacts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  store_id INTEGER NOT NULL,
  contact_id INTEGER NOT NULL REFERENCES contacts(id),
  name TEXT NOT NULL,
  position TEXT NOT NULL,
  phone TEXT NOT NULL,
  mobile TEXT NOT NULL,
  email TEXT NOT NULL,
  is_main INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS contact_sub_contacts_by_contact ON contact_sub_contacts (store_id, contact_id);
CREATE TABLE IF NOT EXISTS contact_shipping_addresses (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  store_id INTEGER NOT NULL,
  contact_id INTEGER NOT NULL REFERENCES contacts(id),
  name TEXT NOT NULL,
  address TEXT NOT NULL,
  phone TEXT NOT NULL,
  email TEXT NOT NULL,
  is_main INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS contact_shipping_by_contact ON contact_shipping_addresses (store_id, contact_id);`;

export interface PropertyNameRow {
  readonly id: number;
  readonly name: string;
}

export interface PropertyValueRow extends PropertyNameRow {
  readonly contact_id: number;
  readonly value: string;
}

export function findPropertyById(db: Database, storeId: number, id: number): PropertyNameRow | undefined {
  return db
    .prepare<[number, number], PropertyNameRow>(
      'SELECT id, name FROM contact_properties WHERE store_id = ? AND id = ?',
    )
    .get(storeId, id);
}

/** The store's property of this name, created on first use (properties are named by the requests). */
export function findOrCreatePropertyByName(db: Database, storeId: number, name: string): PropertyNameRow {
  db.prepare('INSERT INTO contact_properties (store_id, name) VALUES (?, ?) ON CONFLICT DO NOTHING').run(
    storeId,
    name,
  );
  const row = db
    .prepare<[number, string], PropertyNameRow>(
      'SELECT id, name FROM contact_properties WHERE store_id = ? AND name = ?',
    )
    .get(storeId, name);
  if (!row) throw new Error(`contact property ${name} was not created`);
  return row;
}

export function setPropertyValue(
  db: Database,
  storeId: number,
  contactId: number,
  propertyId: number,
  value: string,
): void {
  db.prepare(
    `INSERT INTO contact_property_values (store_id, contact_id, property_id, value) VALUES (?, ?, ?, ?)
     ON CONFLICT (contact_id, property_id) DO UPDATE SET value = excluded.value`,
  ).run(storeId, contactId, propertyId, value);
}

/** Property values of many contacts at once (a list page), by property id. */
export function propertiesByContact(
  db: Database,
  storeId: number,
  contactIds: readonly number[],
): Map<number, PropertyValueRow[]> {
  if (contactIds.length === 0) return new Map();
  const rows = db
    .prepare<[number, string], PropertyValueRow>(
      `SELECT v.contact_id, p.id, p.name, v.value FROM contact_property_values v
       JOIN contact_properties p ON p.id = v.property_id
       WHERE v.store_id = ? AND v.contact_id IN (SELECT value FROM json_each(?)) ORDER BY p.id`,
    )
    .all(storeId, JSON.stringify(contactIds));
  return groupByParent(rows, (row) => row.contact_id);
}

export interface SubContactFields {
  readonly name: string;
  readonly position: string;
  readonly phone: string;
  readonly mobile: string;
  readonly email: string;
  readonly isMain: boolean;
}

export interface ShippingAddressFields {
  readonly name: string;
  readonly address: string;
  readonly phone: string;
  readonly email: string;
  readonly isMain: boolean;
}

interface SubContactRow extends Omit<SubContactFields, 'isMain'> {
  readonly is_main: number;
}

interface ShippingAddressRow extends Omit<ShippingAddressFields, 'isMain'> {
  readonly is_main: number;
}

export function insertSubContact(
  db: Database,
  storeId: number,
  contactId: number,
  sub: SubContactFields,
): void {
  db.prepare(
    `INSERT INTO contact_sub_contacts (store_id, contact_id, name, position, phone, mobile, email, is_main)
     VALUES (@storeId, @contactId, @name, @position, @phone, @mobile, @email, @isMain)`,
  ).run({ storeId, contactId, ...sub, isMain: sub.isMain ? 1 : 0 });
}

export function insertShippingAddress(
  db: Database,
  storeId: number,
  contactId: number,
  shipping: ShippingAddressFields,
): void {
  db.prepare(
    `INSERT INTO contact_shipping_addresses (store_id, contact_id, name, address, phone, email, is_main)
     VALUES (@storeId, @contactId, @name, @address, @phone, @email, @isMain)`,
  ).run({ storeId, contactId, ...shipping, isMain: shipping.isMain ? 1 : 0 });
}

export function listSubContacts(db: Database, storeId: number, contactId: number): SubContactFields[] {
  return db
    .prepare<[number, number], SubContactRow>(
      `SELECT name, position, phone, mobile, email, is_main FROM contact_sub_contacts
       WHERE store_id = ? AND contact_id = ? ORDER BY id`,
    )
    .all(storeId, contactId)
    .map(({ is_main, ...sub }) => ({ ...sub, isMain: is_main === 1 }));
}

export function listShippingAddresses(
  db: Database,
  storeId: number,
  contactId: number,
): ShippingAddressFields[] {
  return db
    .prepare<[number, number], ShippingAddressRow>(
      `SELECT name, address, phone, email, is_main FROM contact_shipping_addresses
       WHERE store_id = ? AND contact_id = ? ORDER BY id`,
    )
    .all(storeId, contactId)
    .map(({ is_main, ...shipping }) => ({ ...shipping, isMain: is_main === 1 }));
}
