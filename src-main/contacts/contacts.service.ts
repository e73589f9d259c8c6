// The store's contacts for the page and for the money forms: search and detail from this PC's copy
// (works offline), and new or changed contacts queued through the outbox in the transaction that stores
// their local row, so a contact made here is found at once and sent exactly once. Returns the
// contract's shapes.
import { hostname } from 'node:os';
import { ContactDetail as ContactDetailRecordSchema } from '../../src-shared/api/records.js';
import {
  CONTACT_CODE_MIN,
  type CallValue,
  type ContactDetail,
  type ContactFields,
  type ContactRef,
  type ContactsChange,
  type ParsedCallArgs,
} from '../../src-shared/ipc/index.js';
import type { CatalogueRepository } from '../catalog/catalogue.repository.js';
import type { RefusalReasonOf } from '../../src-shared/ipc/refusal-reasons.js';
import { Refusal } from '../refusal/refusal.js';
import type { AddContactBody, ContactTarget, ContactWrites } from './contact-writes.js';
import { catalogueShown, contactDetail, contactFields, contactSummary } from './contact-views.js';
import {
  keywordOf,
  type ContactsRepository,
  type HereRow,
  type ShownContactRow,
} from './contacts.repository.js';

export interface ContactsServiceOptions {
  readonly repository: ContactsRepository;
  readonly writes: ContactWrites;
  /** The catalogue's copy, where a contact's confirmed fields are written once the back office has them. */
  readonly catalogue: CatalogueRepository;
  readonly now?: () => number;
  /** This PC's name; its letters start the codes proposed here. The host name unless given. */
  readonly pcName?: string;
  /** Called after each contact saved here (the `contacts.changed` event). */
  readonly onChanged?: (change: ContactsChange) => void;
}

/** A contact as money's picker lists it: only those the back office has (a record names it by id). */
export type PickedContact = CallValue<'money.contacts'>[number];

const PREFIX_LETTERS = 6;

/** The letters and digits of a PC's name, upper-cased, at most 6; "PC" when it has fewer than 2. */
export function codePrefix(pcName: string): string {
  const letters = pcName
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, PREFIX_LETTERS);
  return letters.length >= 2 ? letters : 'PC';
}

export class ContactsService {
  readonly #repository: ContactsRepository;
  readonly #writes: ContactWrites;
  readonly #catalogue: CatalogueRepository;
  readonly #now: () => number;
  readonly #prefix: string;
  readonly #onChanged: ((change: ContactsChange) => void) | undefined;

  constructor(options: ContactsServiceOptions) {
    this.#repository = options.repository;
    this.#writes = options.writes;
    this.#catalogue = options.catalogue;
    this.#now = options.now ?? Date.now;
    this.#prefix = codePrefix(options.pcName ?? hostname());
    this.#onChanged = options.onChanged;
  }

  search(args: ParsedCallArgs<'contacts.search'>): CallValue<'contacts.search'> {
    this.#settle();
    const query = { keyword: keywordOf(args.text) };
    const rows = this.#repository.search(query, args.limit, args.offset);
    const standings = this.#standings(rows);
    return {
      total: this.#repository.count(query),
      offset: args.offset,
      items: rows.map((row) => contactSummary(row, standings)),
    };
  }

  /** Money's picker: contacts the back office has, the local view's fields, by name. */
  pick(text: string, limit: number): PickedContact[] {
    this.#settle();
    return this.#repository
      .search({ keyword: keywordOf(text), serverOnly: true }, limit, 0)
      .flatMap((row) => (row.server_id === null ? [] : [pickedOf(row, row.server_id)]));
  }

  /** A contact the back office has, as this PC shows it (for money's records); undefined if unknown. */
  byServerId(serverId: number): PickedContact | undefined {
    const row = this.#shown({ serverId });
    return row ? pickedOf(row, serverId) : undefined;
  }

  detail(ref: ContactRef): ContactDetail {
    this.#settle();
    const row = this.#shown(ref);
    if (!row) throw Refusal.notFound(`There is no contact ${refText(ref)} on this PC.`);
    const catalogue = row.server_id === null ? undefined : this.#repository.catalogueContact(row.server_id);
    return contactDetail(row, catalogue, this.#standings([row]));
  }

  /** A code no contact on this PC has: this PC's letters and the next number ("WH1-0007"). */
  proposeCode(): CallValue<'contacts.proposeCode'> {
    const start = `${this.#prefix}-`;
    let next = 1;
    for (const code of this.#repository.codesStartingWith(start)) {
      const number = /^\d+$/.test(code.slice(start.length)) ? Number(code.slice(start.length)) : 0;
      if (Number.isSafeInteger(number) && number >= next) next = number + 1;
    }
    const code = `${start}${String(next).padStart(4, '0')}`;
    return { code };
  }

  create(fields: ContactFields): ContactDetail {
    const checked = this.#checked(fields, { serverId: null, localId: null });
    const now = this.#now();
    const localId = this.#repository.transaction(() => {
      const queued = this.#writes.create(addBody(checked), `New contact ${checked.code} — ${checked.name}`);
      return this.#repository.insertHere({
        fields: checked,
        serverId: null,
        createOperationId: queued.operationId,
        operationId: queued.operationId,
        now,
      });
    });
    this.#onChanged?.({ ref: { localId }, at: now });
    return this.detail({ localId });
  }

  update(args: ParsedCallArgs<'contacts.update'>): ContactDetail {
    this.#settle();
    const row = this.#shown(args.ref);
    if (!row) throw Refusal.notFound(`There is no contact ${refText(args.ref)} on this PC.`);
    const checked = this.#checked(args.fields, { serverId: row.server_id, localId: row.local_id });
    const here =
      row.local_id !== null
        ? this.#repository.here(row.local_id)
        : row.server_id === null
          ? undefined
          : this.#repository.hereForServer(row.server_id);
    const target = targetOf(row, here);
    const now = this.#now();
    const localId = this.#repository.transaction(() => {
      const queued = this.#writes.update(
        target,
        addBody(checked),
        `Change contact ${checked.code} — ${checked.name}`,
      );
      if (here) {
        this.#repository.updateHere(here.id, checked, queued.operationId, now);
        return here.id;
      }
      return this.#repository.insertHere({
        fields: checked,
        serverId: row.server_id,
        createOperationId: null,
        operationId: queued.operationId,
        now,
      });
    });
    const ref: ContactRef = row.server_id === null ? { localId } : { serverId: row.server_id };
    this.#onChanged?.({ ref, at: now });
    return this.detail(ref);
  }

  /** The contact as listed: the row written here while it stands, else the catalogue's. */
  #shown(ref: ContactRef): ShownContactRow | undefined {
    if ('localId' in ref) {
      const here = this.#repository.here(ref.localId);
      if (!here) return undefined;
      if (here.settled === 0 || here.server_id === null) return hereShown(here);
      return this.#shown({ serverId: here.server_id });
    }
    const here = this.#repository.hereForServer(ref.serverId);
    if (here && here.settled === 0) return hereShown(here);
    const catalogue = this.#repository.catalogueContact(ref.serverId);
    return catalogue ? catalogueShown(catalogue) : undefined;
  }

  /** Trimmed fields, or a refusal naming the field: a code of 3 characters or more that no other contact has. */
  #checked(fields: ContactFields, self: { serverId: number | null; localId: number | null }): ContactFields {
    const trimmed: ContactFields = {
      code: fields.code.trim(),
      name: fields.name.trim(),
      idNumber: fields.idNumber.trim(),
      phone: fields.phone.trim(),
      email: fields.email.trim(),
      address: fields.address.trim(),
      branchName: fields.branchName.trim(),
      branchNo: fields.branchNo.trim(),
    };
    if ([...trimmed.code].length < CONTACT_CODE_MIN) {
      throw contactField('code', `must be at least ${CONTACT_CODE_MIN} characters`, 'code-too-short');
    }
    if (this.#repository.codeTaken(trimmed.code, self)) {
      throw contactField('code', `is already used by another contact (${trimmed.code})`, 'code-taken');
    }
    return trimmed;
  }

  #standings(rows: readonly ShownContactRow[]) {
    return this.#writes.standings(
      rows.flatMap((row) => [row.operation_id, row.create_operation_id].filter((id) => id !== null)),
    );
  }

  /**
   * Follows the writes of the rows still shown: a create done gives its row the server id; once the
   * row's last write is done its fields are the back office's, so they go into the catalogue's copy and
   * the row stops standing over it; a discarded create's contact will never exist and is dropped.
   */
  #settle(): void {
    const open = this.#repository.openHere();
    if (open.length === 0) return;
    const standings = this.#writes.standings(
      open.flatMap((row) => [row.operation_id, row.create_operation_id].filter((id) => id !== null)),
    );
    this.#repository.transaction(() => {
      for (const row of open) {
        const create = row.create_operation_id === null ? undefined : standings.get(row.create_operation_id);
        if (create?.mark === 'discarded') {
          this.#repository.drop(row.id);
          continue;
        }
        let serverId = row.server_id;
        if (serverId === null && create?.mark === 'sent' && create.serverId !== null) {
          serverId = create.serverId;
          this.#repository.setServerId(row.id, serverId);
        }
        const latest = standings.get(row.operation_id);
        if (serverId === null || latest === undefined) continue;
        if (latest.mark === 'sent') {
          this.#confirm(serverId, row);
          this.#repository.settle(row.id);
        } else if (latest.mark === 'discarded' && this.#repository.catalogueContact(serverId)) {
          // The change will not be sent: the back office's copy is what the contact is.
          this.#repository.settle(row.id);
        }
      }
    });
  }

  /** Writes the fields the back office confirmed into the catalogue's copy (sub-contacts kept). */
  #confirm(serverId: number, row: HereRow): void {
    const stored = this.#repository.catalogueContact(serverId);
    const held = stored === undefined ? undefined : parsedRecord(stored.record_json);
    this.#catalogue.upsertContacts([
      ContactDetailRecordSchema.parse({
        ...(held ?? { subContactList: [], shippingList: [] }),
        id: serverId,
        code: row.code,
        name: row.name,
        idnumber: row.idnumber,
        phone: row.phone,
        email: row.email,
        address: row.address,
        branchname: row.branchname,
        branchno: row.branchno,
      }),
    ]);
  }
}

function parsedRecord(json: string) {
  try {
    const parsed = ContactDetailRecordSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function contactField(path: string, message: string, reason: RefusalReasonOf<'contacts'>): Refusal {
  return Refusal.field(path, message, reason, `The contact's ${path} ${message}.`);
}

function refText(ref: ContactRef): string {
  return 'serverId' in ref ? `#${ref.serverId}` : `made here (${ref.localId})`;
}

/** AddContact's body; UpdateContact takes the same fields (every one set: an absolute change). */
function addBody(fields: ContactFields): AddContactBody {
  return {
    code: fields.code,
    name: fields.name,
    idnumber: fields.idNumber,
    phone: fields.phone,
    email: fields.email,
    address: fields.address,
    branchname: fields.branchName,
    branchno: fields.branchNo,
  };
}

/**
 * A contact made here is always named by its create (also once sent), so every write on it keeps one
 * order; one pulled from the back office by its id.
 */
function targetOf(row: ShownContactRow, here: HereRow | undefined): ContactTarget {
  if (here !== undefined && here.create_operation_id !== null) {
    return { afterOperation: here.create_operation_id };
  }
  if (row.server_id !== null) return { serverId: row.server_id };
  throw Refusal.conflict('This contact has neither a server id nor a create waiting to be sent.');
}

function hereShown(row: HereRow): ShownContactRow {
  return {
    server_id: row.server_id,
    local_id: row.id,
    code: row.code,
    name: row.name,
    idnumber: row.idnumber,
    phone: row.phone,
    email: row.email,
    address: row.address,
    branchname: row.branchname,
    branchno: row.branchno,
    operation_id: row.operation_id,
    create_operation_id: row.create_operation_id,
  };
}

function pickedOf(row: ShownContactRow, id: number): PickedContact {
  return { id, ...contactFields(row) };
}
