// Bundle and contact details cost one request per record. A store with 5,000 contacts would spend a
// tenth of its daily quota reading them all on every refresh, so a detail is read only when the record
// is new or its list item changed (a fingerprint of the list item is kept), and at most
// `detailRequestsPerRefresh` of them per refresh; the rest wait for the next refresh. A record never
// read before is stored from its list item meanwhile, so it can be found. Limitation (documented in
// decision 0004): a change that shows only in the detail (a sub-contact, a shipping address, a bundle's
// items) is not seen until the list item changes too.
import { createHash } from 'node:crypto';
import type { BundleDetailRecord, ContactDetailRecord } from '../../../src-shared/api/records.js';
import { isBackofficeFailure } from '../../backoffice/index.js';
import { runBounded } from './bounded-parallel.js';
import type { SyncSession } from './sync-session.js';
import type { DetailKind } from './sync-state.repository.js';

export interface DetailReport {
  readonly listed: number;
  /** Detail reads made. */
  readonly fetched: number;
  /** Records whose detail is still owed (over the refresh's allowance). */
  readonly deferred: number;
}

/** Fields of a list item that move without the record changing (a bundle's stock follows its items'). */
const VOLATILE_FIELDS: Readonly<Record<DetailKind, readonly string[]>> = {
  bundle: ['stock', 'availablestock'],
  contact: [],
};

/** Where the details of one kind come from and go to. */
export interface DetailSource<D extends { readonly id: number }> {
  readonly kind: DetailKind;
  read(id: number): Promise<D>;
  store(records: readonly D[]): void;
}

export function bundleDetails(session: SyncSession): DetailSource<BundleDetailRecord> {
  return {
    kind: 'bundle',
    read: (id) => session.call('GetBundleDetail', { id }),
    store: (records) => session.deps.catalogue.upsertBundles(records),
  };
}

export function contactDetails(session: SyncSession): DetailSource<ContactDetailRecord> {
  return {
    kind: 'contact',
    read: (id) => session.call('GetContactDetail', { id }),
    store: (records) => session.deps.catalogue.upsertContacts(records),
  };
}

export async function pullDetails<D extends { readonly id: number }>(
  session: SyncSession,
  source: DetailSource<D>,
  listed: readonly D[],
  allowance: number,
): Promise<DetailReport> {
  const { state, now } = session.deps;
  const { kind } = source;
  const known = state.fingerprints(kind);
  const changed = listed
    .map((record) => ({ record, fingerprint: fingerprintOf(kind, record) }))
    .filter(({ record, fingerprint }) => known.get(record.id) !== fingerprint);
  const toRead = changed.slice(0, Math.max(0, allowance));
  const deferred = changed.slice(toRead.length);

  // Never read before: stored from the list item, so the record exists locally until its detail comes.
  const firstSeen = deferred.filter(({ record }) => !known.has(record.id)).map(({ record }) => record);
  if (firstSeen.length > 0) state.transaction(() => source.store(firstSeen));

  // Forget records the server no longer lists (the catalogue contract has no delete for them).
  const listedIds = new Set(listed.map((record) => record.id));
  for (const id of known.keys()) if (!listedIds.has(id)) state.dropFingerprint(kind, id);

  let fetched = 0;
  await runBounded(toRead, session.settings.parallelism, session.signal, async ({ record, fingerprint }) => {
    const detail = await readDetail(source, record.id);
    fetched += 1;
    state.transaction(() => {
      if (detail === undefined) return;
      source.store([detail]);
      state.saveFingerprint(kind, record.id, fingerprint, now());
    });
    session.progress(kind === 'bundle' ? 'bundleDetails' : 'contactDetails', fetched, toRead.length);
  });
  return { listed: listed.length, fetched, deferred: deferred.length };
}

/** The detail, or undefined when the record went away between the list and the detail read. */
async function readDetail<D extends { readonly id: number }>(
  source: DetailSource<D>,
  id: number,
): Promise<D | undefined> {
  try {
    return await source.read(id);
  } catch (error) {
    if (isBackofficeFailure(error) && error.kind === 'permanent') return undefined;
    throw error;
  }
}

/** A digest of the list item without its volatile fields, keys sorted so field order does not matter. */
export function fingerprintOf(kind: DetailKind, record: object): string {
  const volatile = new Set(VOLATILE_FIELDS[kind]);
  const stable = Object.entries(record)
    .filter(([key]) => !volatile.has(key))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256').update(JSON.stringify(stable)).digest('base64url');
}
