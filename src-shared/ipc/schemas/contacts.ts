// Contacts: the store's customers and suppliers as this PC holds them (the catalogue's copy pulled from
// the back office, with contacts made or edited here on top until the back office confirmed them).
//
// - A contact is named by `ref`: `{ serverId }` once the back office has it, `{ localId }` for one made
//   on this PC whose create is not sent yet (a local id keeps working after the create is done).
// - `sendState` / `operationId`: set on contacts written here (null when it only came from the back
//   office): "waiting to send" / "sent" / "needs attention".
// - Bad input answers `invalid-arguments` with `issues` naming the field (`code`, `name`, …); nothing is
//   queued then. A code must be at least 3 characters (the back office finds a contact by code with a
//   keyword of 3 or more) and not used by another contact this PC knows.
import { z } from 'zod';
import { count, EMPTY_ARGS, epochMs, partyFields, requiredText, rowId, searchText } from './common.js';
import { sendState } from './money.js';

export const contactRef = z.union([z.strictObject({ serverId: rowId }), z.strictObject({ localId: rowId })]);
export type ContactRef = z.output<typeof contactRef>;

/** What a person types for a contact (AddContact's and UpdateContact's fields). */
export const contactFields = z.strictObject({
  code: requiredText(50),
  name: requiredText(200),
  ...partyFields,
});
export type ContactFields = z.output<typeof contactFields>;

export const contactSummary = z.object({
  /** The back office's id; null while the contact's create waits on this PC. */
  serverId: rowId.nullable(),
  /** This PC's id of a contact made or edited here; null for one only pulled. */
  localId: rowId.nullable(),
  code: z.string(),
  name: z.string(),
  idNumber: z.string(),
  phone: z.string(),
  email: z.string(),
  address: z.string(),
  branchName: z.string(),
  branchNo: z.string(),
  /** Where the last write made here stands; null when nothing was written here. */
  sendState: sendState.nullable(),
  operationId: rowId.nullable(),
});
export type ContactSummary = z.output<typeof contactSummary>;

export const subContact = z.object({
  name: z.string(),
  position: z.string(),
  phone: z.string(),
  mobile: z.string(),
  email: z.string(),
  isMain: z.boolean(),
});

export const shippingAddress = z.object({
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  isMain: z.boolean(),
});

export const contactDetail = contactSummary.extend({
  subContacts: z.array(subContact),
  shippingAddresses: z.array(shippingAddress),
  /** Why the last write needs a person (parked), in the outbox's words; null otherwise. */
  attention: z.string().nullable(),
});
export type ContactDetail = z.output<typeof contactDetail>;

/** Sent after a contact was saved here (read the lists again); pulls show through `sync.progress`. */
export const contactsChanged = z.object({ ref: contactRef, at: epochMs });
export type ContactsChange = z.output<typeof contactsChanged>;

export const contactsCalls = {
  /**
   * Contacts whose name, code, phone or tax id contain the text (case-insensitive; every contact for
   * no text), by name. Offline: from this PC's copy, contacts made here included at once, never twice.
   */
  'contacts.search': {
    args: z.strictObject({
      text: searchText(100).default(''),
      offset: count.default(0),
      limit: z.int().min(1).max(200).default(25),
    }),
    result: z.object({ total: count, offset: count, items: z.array(contactSummary) }),
  },
  /** One contact with its sub-contacts and shipping addresses; 'not-found' for an unknown ref. */
  'contacts.detail': { args: z.strictObject({ ref: contactRef }), result: contactDetail },
  /** A code for a new contact, unique on this PC: its short name and a sequence ("WH1-0007"). */
  'contacts.proposeCode': { args: EMPTY_ARGS, result: z.object({ code: z.string() }) },
  /**
   * Saves a new contact on this PC and queues its AddContact; it is found by contacts.search at once.
   * A code too short or already another contact's is refused on `code`.
   */
  'contacts.create': {
    args: contactFields,
    result: contactDetail,
    reasons: ['code-taken', 'code-too-short'],
  },
  /**
   * Sets a contact's fields (UpdateContact through the outbox). On a contact made here and not sent
   * yet, the change waits for its create.
   */
  'contacts.update': {
    args: z.strictObject({ ref: contactRef, fields: contactFields }),
    result: contactDetail,
    reasons: ['code-taken', 'code-too-short'],
  },
} as const;
