// Removing a store deletes its data from the PC: its database (with -wal and -shm) and its picture
// cache. While its outbox holds writes not sent, removal is refused (nothing is deleted, the store opens
// again) until the person confirms discarding them, told how many by profiles.removalPreview; then the
// answer says what was removed and the log says, at warn, that writes were discarded.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gtinCheckDigit } from '../../src-shared/barcode/index.js';
import { storeImageDirectory } from '../../src-main/catalog/images/index.js';
import { waitForFirstSync, waitForValue } from './support/app-fixture.js';
import { useAppWithStoreSandbox } from './support/app-in-folder.js';

const STORE = { name: 'leaving', apikey: 'leaving-key-5521', apisecret: 'leaving-secret-8830' };
const running = useAppWithStoreSandbox('stockroom-removal-', { store: STORE, products: 30 });
const { userData } = running;

const storeFiles = (profileId: string) =>
  readdirSync(join(userData, 'stores')).filter((name) => name.startsWith(profileId));

describe('removing a store', () => {
  it('refuses while writes are unsent, then deletes database and pictures once the person confirms', async () => {
    const profile = await running.app.ok('profiles.add', {
      displayName: 'Leaving shop',
      baseUrl: running.sandbox.url,
      storename: STORE.name,
      apikey: STORE.apikey,
      apisecret: STORE.apisecret,
      activate: true,
    });
    await waitForFirstSync(running.app);
    const database = join(userData, 'stores', `${profile.id}.sqlite`);
    // A picture as the image cache keeps it (src-main/catalog/images): one entry, bytes and metadata.
    const pictures = storeImageDirectory(database);
    mkdirSync(pictures, { recursive: true });
    writeFileSync(join(pictures, 'a1b2.bin'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    writeFileSync(join(pictures, 'a1b2.json'), '{"contentType":"image/png"}');

    // The back office goes away: a barcode given now stays in the outbox.
    await running.closeSandbox();
    const [product] = await running.app.ok('catalogue.search', { text: 'a', limit: 1 });
    if (product === undefined) throw new Error('The store has no products');
    const barcode = `885000000001${gtinCheckDigit('885000000001')}`;
    // replace: the product has a barcode already, and replacing one must be asked for.
    await running.app.ok('catalogue.assignBarcode', { productId: product.id, barcode, replace: true });
    await waitForValue(
      running.app,
      'outbox.summary',
      {},
      (summary) => summary.pending + summary.sending + summary.retry + summary.unclear > 0,
    );

    expect(await running.app.ok('profiles.removalPreview', { profileId: profile.id })).toEqual({
      unsentWrites: 1,
      database: true,
      pictures: true,
    });
    const refused = await running.app.call('profiles.remove', { profileId: profile.id });
    expect(refused).toMatchObject({ ok: false, error: { code: 'conflict', reason: 'unsent-writes' } });
    expect(!refused.ok && refused.error.message).toMatch(/Leaving shop still has 1 write not sent/);
    // Nothing removed: the profile, its database and pictures are there and it is open again.
    expect((await running.app.ok('profiles.active', {}))?.id).toBe(profile.id);
    expect((await running.app.ok('profiles.removalPreview', { profileId: profile.id })).unsentWrites).toBe(1);
    expect(existsSync(database) && existsSync(join(pictures, 'a1b2.bin'))).toBe(true);

    const removed = await running.app.ok('profiles.remove', { profileId: profile.id, discardUnsent: true });
    expect(removed).toMatchObject({
      profile: { id: profile.id },
      keychainEntry: 'deleted',
      storeData: { database: 'deleted', pictures: 'deleted', discardedWrites: 1 },
    });
    expect(storeFiles(profile.id)).toEqual([]);
    expect(await running.app.ok('profiles.active', {})).toBeNull();
    expect(await running.app.call('profiles.removalPreview', { profileId: profile.id })).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
    const warned = readFileSync(join(userData, 'logs', 'stockroom.log'), 'utf8')
      .split('\n')
      .filter((line) => line.includes('writes not sent'));
    expect(warned.length).toBe(1);
    expect(JSON.parse(warned[0] ?? '{}')).toMatchObject({ level: 'warn' });
  });

  it('a store never opened has no data: removal says so', async () => {
    const profile = await running.app.ok('profiles.add', {
      displayName: 'Never opened',
      baseUrl: 'https://backoffice.invalid',
      storename: 'never',
      apikey: 'never-key-1',
      apisecret: 'never-secret-1',
      activate: false,
    });
    expect(await running.app.ok('profiles.removalPreview', { profileId: profile.id })).toEqual({
      unsentWrites: 0,
      database: false,
      pictures: false,
    });
    expect((await running.app.ok('profiles.remove', { profileId: profile.id })).storeData).toEqual({
      database: 'absent',
      pictures: 'absent',
      discardedWrites: 0,
    });
  });
});
