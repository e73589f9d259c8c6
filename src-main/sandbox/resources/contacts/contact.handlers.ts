// Handlers of the contact endpoints.
import type { Database, Handlers } from '../../core/handler.js';
import { invalidId, validation } from '../../core/handler.js';
import { readKeyword, readPaging } from '../../core/list-helpers.js';
import type { PropertyInput } from '../shared/property-input.js';
import {
  findOrCreatePropertyByName,
  findPropertyById,
  listShippingAddresses,
  listSubContacts,
  propertiesByContact,
  setPropertyValue,
} from './contact-extras.repository.js';
import {
  contactTextFields,
  countContacts,
  findContact,
  findContactIdByCode,
  insertContact,
  listContacts,
  updateContact,
  type ContactRow,
  type ContactTexts,
} from './contact.repository.js';

/** Contact list items with their properties, read with one query for the whole page. */
function contactRecords(db: Database, storeId: number, rows: readonly ContactRow[]) {
  const properties = propertiesByContact(
    db,
    storeId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    ...row,
    tag: [],
    properties: (properties.get(row.id) ?? []).map(({ id, name, value }) => ({ id, name, value })),
  }));
}

/** The text fields the body gives, trimmed; the ones it does not give stay absent. */
function trimmedTexts(body: ContactTexts): ContactTexts {
  const texts: Partial<Record<keyof ContactTexts, string>> = {};
  for (const field of contactTextFields) {
    const value = body[field];
    if (value !== undefined) texts[field] = value.trim();
  }
  return texts;
}

/** Code and name are required and must not be blank; code is unique in the store. */
function requireFreeCode(db: Database, storeId: number, code: string, contactId?: number): string {
  const trimmed = code.trim();
  if (trimmed === '') throw validation('code', 'is required');
  const holder = findContactIdByCode(db, storeId, trimmed);
  if (holder !== undefined && holder !== contactId) {
    throw validation('code', `is already used by another contact (${trimmed}, id ${holder})`);
  }
  return trimmed;
}

/** Properties by id (a property of this store) or by name (created on first use). */
function saveProperties(
  db: Database,
  storeId: number,
  contactId: number,
  inputs: readonly PropertyInput[],
): void {
  const seen = new Set<number>();
  for (const [index, input] of inputs.entries()) {
    const byId = input.id !== undefined && input.id !== 0;
    const property = byId
      ? findPropertyById(db, storeId, input.id ?? 0)
      : findOrCreatePropertyByName(db, storeId, input.name?.trim() ?? '');
    if (!property)
      throw validation(`properties[${index}].id`, `names no contact property of this store (${input.id})`);
    if (seen.has(property.id)) {
      throw validation(`properties[${index}]`, `repeats the property ${property.name}`);
    }
    seen.add(property.id);
    setPropertyValue(db, storeId, contactId, property.id, input.value ?? '');
  }
}

export const contactHandlers = {
  AddContact: ({ db, store, now, body }) => {
    const code = requireFreeCode(db, store.id, body.code);
    const name = body.name.trim();
    if (name === '') throw validation('name', 'is required');
    const id = insertContact(db, store.id, { ...trimmedTexts(body), code, name }, now());
    saveProperties(db, store.id, id, body.properties ?? []);
    return { id };
  },

  UpdateContact: ({ db, store, now, parent, body }) => {
    if (parent.id === undefined) throw invalidId();
    if (!findContact(db, store.id, parent.id)) throw invalidId(`No contact with id ${parent.id}`);
    const code = requireFreeCode(db, store.id, body.code, parent.id);
    if (body.name !== undefined && body.name.trim() === '') throw validation('name', 'must not be empty');
    updateContact(db, store.id, parent.id, { ...trimmedTexts(body), code }, now());
    return {};
  },

  GetContacts: ({ db, store, query, headerLists }) => {
    const { limit, offset } = readPaging(query);
    const filter = { keyword: readKeyword(query.keyword), ids: headerLists.contactidlist };
    return {
      list: contactRecords(db, store.id, listContacts(db, store.id, filter, limit, offset)),
      count: countContacts(db, store.id, filter),
    };
  },

  GetContactDetail: ({ db, store, parent }) => {
    if (parent.id === undefined) throw invalidId();
    const row = findContact(db, store.id, parent.id);
    if (!row) throw invalidId(`No contact with id ${parent.id}`);
    const [record] = contactRecords(db, store.id, [row]);
    if (!record) throw invalidId();
    return {
      ...record,
      subContactList: listSubContacts(db, store.id, row.id),
      shippingList: listShippingAddresses(db, store.id, row.id),
    };
  },
} satisfies Partial<Handlers>;
