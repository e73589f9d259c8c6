// Contact rows → the contract's shapes (src-shared/ipc/schemas/contacts.ts), with the send state of
// the last write made here.
import { z } from 'zod';
import { ShippingAddress, SubContact } from '../../src-shared/api/records.js';
import type { ContactDetail, ContactSummary } from '../../src-shared/ipc/index.js';
import type { CatalogueContactRow, ShownContactRow } from './contacts.repository.js';
import { sendStateOf } from '../outbox/index.js';
import type { WriteOperationState } from './contact-writes.js';

export type Standings = ReadonlyMap<number, WriteOperationState>;

/** A contact's own fields as pages name them (a list row, a picked contact). */
export function contactFields(row: ShownContactRow) {
  return {
    code: row.code,
    name: row.name,
    idNumber: row.idnumber,
    phone: row.phone,
    email: row.email,
    address: row.address,
    branchName: row.branchname,
    branchNo: row.branchno,
  };
}

export function contactSummary(row: ShownContactRow, standings: Standings): ContactSummary {
  return {
    serverId: row.server_id,
    localId: row.local_id,
    ...contactFields(row),
    sendState: row.operation_id === null ? null : sendStateOf(standings.get(row.operation_id)),
    operationId: row.operation_id,
  };
}

const subContacts = z.array(SubContact);
const shippingAddresses = z.array(ShippingAddress);

function parsedJson<T>(schema: z.ZodType<T>, text: string | undefined): T | undefined {
  if (text === undefined) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** A listed contact with what only its detail holds (from the catalogue's copy, when it has one). */
export function contactDetail(
  row: ShownContactRow,
  catalogue: CatalogueContactRow | undefined,
  standings: Standings,
): ContactDetail {
  const summary = contactSummary(row, standings);
  const latest = row.operation_id === null ? undefined : standings.get(row.operation_id);
  const create = row.create_operation_id === null ? undefined : standings.get(row.create_operation_id);
  const attention =
    summary.sendState === 'needsAttention' ? (latest?.reasonText ?? create?.reasonText ?? null) : null;
  return {
    ...summary,
    subContacts: (parsedJson(subContacts, catalogue?.sub_contacts_json) ?? []).map((sub) => ({
      name: sub.name ?? '',
      position: sub.position ?? '',
      phone: sub.phone ?? '',
      mobile: sub.mobile ?? '',
      email: sub.email ?? '',
      isMain: sub.isMain ?? false,
    })),
    shippingAddresses: (parsedJson(shippingAddresses, catalogue?.shipping_addresses_json) ?? []).map(
      (shipping) => ({
        name: shipping.name ?? '',
        address: shipping.address ?? '',
        phone: shipping.phone ?? '',
        email: shipping.email ?? '',
        isMain: shipping.isMain ?? false,
      }),
    ),
    attention,
  };
}

/** The catalogue's row as a listed contact (nothing written here). */
export function catalogueShown(row: CatalogueContactRow): ShownContactRow {
  return {
    server_id: row.id,
    local_id: null,
    code: row.code,
    name: row.name,
    idnumber: row.idnumber,
    phone: row.phone,
    email: row.email,
    address: row.address,
    branchname: row.branchname,
    branchno: row.branchno,
    operation_id: null,
    create_operation_id: null,
  };
}
