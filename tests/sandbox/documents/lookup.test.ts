// findQuotation, the files module's way to find a quotation parent: the same id-or-number rule as the
// quotation endpoints, scoped to one store. Records are made over HTTP; the lookup reads the sandbox's db.
import { describe, expect, it } from 'vitest';
import type { StoreCredentials } from '../../../src-main/sandbox/index.js';
import { findQuotation } from '../../../src-main/sandbox/resources/documents/lookup.js';
import { DEFAULT_STORE } from '../../support/sandbox-harness.js';
import { createdId, documentsSandboxForFile } from './support/documents-sandbox.js';

const OTHER: StoreCredentials = { name: 'other', apikey: 'other-key', apisecret: 'other-secret' };
const s = documentsSandboxForFile({ stores: [DEFAULT_STORE, OTHER] });

function storeId(name: string): number {
  const store = s.sandbox.handle.stores.find((candidate) => candidate.name === name);
  if (!store) throw new Error(`no store ${name}`);
  return store.id;
}

describe('findQuotation', () => {
  it('finds by id, by number (the newest of a shared number), and never across stores', async () => {
    const older = createdId(await s.ok('AddQuotation', { body: { number: 'LK-1', amount: 1 } }));
    const newer = createdId(await s.ok('AddQuotation', { body: { number: 'LK-1', amount: 2 } }));
    const theirs = createdId(
      await s.ok('AddQuotation', { as: OTHER, body: { number: 'LK-OTHER', amount: 3 } }),
    );
    const db = s.sandbox.handle.db;
    const demo = storeId(DEFAULT_STORE.name);
    expect(findQuotation(db, demo, { id: older })).toEqual({ id: older, number: 'LK-1' });
    expect(findQuotation(db, demo, { number: 'LK-1' })).toEqual({ id: newer, number: 'LK-1' });
    expect(findQuotation(db, demo, { id: 0, number: ' LK-1 ' })).toEqual({ id: newer, number: 'LK-1' });
    expect(findQuotation(db, demo, { id: older, number: 'LK-OTHER' })).toEqual({ id: older, number: 'LK-1' });
    expect(findQuotation(db, demo, { id: theirs })).toBeUndefined();
    expect(findQuotation(db, demo, { number: 'LK-OTHER' })).toBeUndefined();
    expect(findQuotation(db, storeId(OTHER.name), { number: 'LK-OTHER' })).toEqual({
      id: theirs,
      number: 'LK-OTHER',
    });
    expect(findQuotation(db, demo, { number: 'NOPE' })).toBeUndefined();
    expect(findQuotation(db, demo, {})).toBeUndefined();
  });
});
