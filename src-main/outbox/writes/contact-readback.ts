// The read-backs of the contact writes (WRITES.md): AddContact is a keyless create found again by its
// code (GetContacts keyword = the code; the code is at least 3 characters, the keyword's minimum, and
// unique in the store), and UpdateContact an absolute change read back with GetContactDetail,
// projected to the fields the edit sets.
import type { z } from 'zod';
import type { endpoints } from '../../../src-shared/api/endpoints/index.js';
import type { BackofficeCaller } from '../../backoffice/index.js';

type AddContactBody = z.output<typeof endpoints.AddContact.body>;
type UpdateContactBody = z.output<typeof endpoints.UpdateContact.body>;

/** The fields a contact write sets, as the back office holds them (absent ones read as ''). */
export const CONTACT_FIELDS = [
  'code',
  'name',
  'idnumber',
  'phone',
  'email',
  'address',
  'branchname',
  'branchno',
] as const;
export type ContactSnapshot = Record<(typeof CONTACT_FIELDS)[number], string>;

const PAGE = 500;
/** A keyword matches name, code, phone and email: a code may be inside others' names. Pages walked at most. */
const CODE_READBACK_PAGES = 10;

function snapshotOf(
  record: Partial<Record<(typeof CONTACT_FIELDS)[number], string | undefined>>,
): ContactSnapshot {
  const snapshot = {} as ContactSnapshot;
  for (const field of CONTACT_FIELDS) snapshot[field] = (record[field] ?? '').trim();
  return snapshot;
}

/** The fields of `body` (those it gives) that differ from the snapshot, in words; [] when all agree. */
function differences(snapshot: ContactSnapshot, body: AddContactBody | UpdateContactBody): string[] {
  const differing: string[] = [];
  for (const field of CONTACT_FIELDS) {
    const sent = body[field];
    if (sent === undefined) continue;
    if (sent.trim() !== snapshot[field])
      differing.push(`${field} "${snapshot[field]}" (sent "${sent.trim()}")`);
  }
  return differing;
}

export type FoundContact =
  | { readonly found: 'none' }
  | { readonly found: 'same'; readonly id: number }
  | { readonly found: 'different'; readonly id: number; readonly held: string };

/**
 * The contact an AddContact may have created: the one with exactly its code. Its fields equal to the
 * body's: applied; another contact holds the code: a person decides (with what it holds in words).
 */
export async function findContactByCode(
  client: BackofficeCaller,
  body: AddContactBody,
): Promise<FoundContact> {
  const code = body.code.trim();
  for (let page = 1; page <= CODE_READBACK_PAGES; page++) {
    const answer = await client.call('GetContacts', { query: { keyword: code, page, limit: PAGE } });
    const match = answer.list.find((contact) => (contact.code ?? '').trim() === code);
    if (match) {
      const differing = differences(snapshotOf(match), body);
      return differing.length === 0
        ? { found: 'same', id: match.id }
        : { found: 'different', id: match.id, held: differing.join(', ') };
    }
    if (answer.list.length < PAGE) return { found: 'none' };
  }
  return { found: 'none' };
}

/** What a contact holds now, projected to the fields a contact write sets. */
export async function readContact(client: BackofficeCaller, id: number): Promise<ContactSnapshot> {
  return snapshotOf(await client.call('GetContactDetail', { id }));
}

/** True when the contact holds every field the change sets. */
export function contactReached(snapshot: ContactSnapshot, body: UpdateContactBody): boolean {
  return differences(snapshot, body).length === 0;
}

export function showContact(snapshot: ContactSnapshot): string {
  const extras = (['phone', 'idnumber', 'email'] as const)
    .filter((field) => snapshot[field] !== '')
    .map((field) => `${field} ${snapshot[field]}`);
  return [`${snapshot.code} — ${snapshot.name}`, ...extras].join(', ');
}

export function contactText(body: { readonly code: string; readonly name?: string | undefined }): string {
  return `${body.code.trim()}${body.name?.trim() ? ` — ${body.name.trim()}` : ''}`;
}
