// A whole session with a real store profile and distinctive secrets on the real keychain (gnome-keyring
// in a private D-Bus session, tests/support/keychain.ts): test connection, add, sync, search, count,
// commit, drain, a refused key and a resume. Then every IPC answer and event the page got, every log
// file and every file under the user-data folder (SQLite files with their -wal and -shm, read as bytes)
// is searched for the key and the secret: they are in none of them.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../src-main/sandbox/index.js';
import { requireKeychainTools, startKeychainSession, type KeychainSession } from '../support/keychain.js';
import {
  startTestApp,
  tempFolder,
  waitForDrained,
  waitForFirstSync,
  waitForValue,
  type TestApp,
} from './support/app-fixture.js';

const APIKEY = 'SRK-apikey-7f3a9c2e51d84b06';
const APISECRET = 'SRS-apisecret-c4e8b1d97a3f2065';
const STORE = { name: 'secretshop', apikey: APIKEY, apisecret: APISECRET };

/** Every form a secret could take in bytes: as is, URL- and JSON-encoded, UTF-16, base64. */
function forms(secret: string): Buffer[] {
  return [
    Buffer.from(secret, 'utf8'),
    Buffer.from(encodeURIComponent(secret), 'utf8'),
    Buffer.from(JSON.stringify(secret).slice(1, -1), 'utf8'),
    Buffer.from(secret, 'utf16le'),
    Buffer.from(Buffer.from(secret).toString('base64').slice(0, 24), 'utf8'),
  ];
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .map((name) => join(folder, name))
    .filter((path) => statSync(path).isFile());
}

/** Files under `folder` holding any form of a secret. */
function filesWithSecrets(folder: string): string[] {
  const needles = [...forms(APIKEY), ...forms(APISECRET)];
  return filesUnder(folder).filter((path) => {
    const bytes = readFileSync(path);
    return needles.some((needle) => bytes.includes(needle));
  });
}

function textHasSecret(text: string): boolean {
  return [APIKEY, APISECRET].some((secret) =>
    [secret, encodeURIComponent(secret), Buffer.from(secret).toString('base64').slice(0, 24)].some((form) =>
      text.includes(form),
    ),
  );
}

const folder = tempFolder('stockroom-secrets-');
const userData = join(folder.path, 'user-data');
let sandbox: SandboxHandle;
let keychain: KeychainSession;
let app: TestApp;
const seen: { answers: unknown[]; events: unknown[] } = { answers: [], events: [] };

beforeAll(async () => {
  requireKeychainTools();
  keychain = await startKeychainSession();
  // The back office's data file is not the app's: it lives outside the user-data folder.
  sandbox = await startSandbox({
    dataFile: join(folder.path, 'backoffice.sqlite'),
    seed: 'demo',
    products: 60,
    stores: [STORE],
    log: () => undefined,
  });
  app = await startTestApp({ userData, credentialStore: keychain.store });
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await sandbox?.close();
  await keychain?.close();
  if (process.env['KEEP_TEST_FOLDER'] === undefined) folder.remove();
  else console.log(folder.path);
});

describe('a full session with a real store', () => {
  let profileId = '';

  it('tests the connection, adds the profile on the keychain and syncs', async () => {
    expect(await app.ok('profiles.keychainStatus', {})).toEqual({ available: true });
    const typed = { baseUrl: sandbox.url, storename: STORE.name, apikey: APIKEY, apisecret: APISECRET };
    expect(await app.ok('profiles.testConnection', typed)).toMatchObject({ connected: true });
    expect(
      await app.ok('profiles.testConnection', { ...typed, apisecret: `${APISECRET}-wrong` }),
    ).toMatchObject({
      connected: false,
      failure: 'credentials',
    });
    // Refusals of inputs that carry the secrets: the answer names fields, never values.
    expect(
      await app.call('profiles.add', {
        ...typed,
        displayName: 'Secret shop',
        apikey: 42 as unknown as string,
      }),
    ).toMatchObject({ ok: false, error: { code: 'invalid-arguments' } });
    expect(
      await app.call('profiles.add', { ...typed, displayName: '', extra: APISECRET } as never),
    ).toMatchObject({
      ok: false,
      error: { code: 'invalid-arguments' },
    });

    const profile = await app.ok('profiles.add', { ...typed, displayName: 'Secret shop', activate: true });
    profileId = profile.id;
    expect(await keychain.store.get(profileId)).toEqual({ apikey: APIKEY, apisecret: APISECRET });
    expect(await app.ok('profiles.testConnection', { profileId })).toMatchObject({ connected: true });
    expect(await app.call('profiles.add', { ...typed, displayName: 'Secret shop' })).toMatchObject({
      ok: false,
      error: { code: 'invalid-arguments', issues: [{ path: 'displayName' }] },
    });
    await waitForFirstSync(app);
  });

  it('counts, commits and drains', async () => {
    const warehouse = (await app.ok('catalogue.warehouses', {}))[0];
    const product = (await app.ok('catalogue.search', { text: 'a', limit: 5 }))[0];
    if (warehouse === undefined || product === undefined) throw new Error('empty catalogue');
    await app.ok('catalogue.product', { productId: product.id });
    const session = await app.ok('counting.createSession', {
      warehouseCode: warehouse.code,
      driftPolicy: 'keepCounted',
    });
    await app.ok('counting.scan', { sessionId: session.id, code: product.sku });
    await app.ok('counting.scan', { sessionId: session.id, code: product.sku });
    await app.ok('counting.review', { sessionId: session.id });
    await app.ok('counting.exportCsv', { sessionId: session.id });
    await app.ok('counting.commit', { sessionId: session.id });
    await waitForDrained(app);
    await app.ok('outbox.list', { state: 'all' });
    await app.ok('budget.get', {});
  });

  it('a refused key pauses sending; fixing it and resuming drains again', async () => {
    sandbox.revokeStore(STORE.name);
    const warehouse = (await app.ok('catalogue.warehouses', {}))[0];
    const product = (await app.ok('catalogue.search', { text: 'a', limit: 5 }))[1];
    if (warehouse === undefined || product === undefined) throw new Error('empty catalogue');
    const session = await app.ok('counting.createSession', {
      warehouseCode: warehouse.code,
      driftPolicy: 'keepCounted',
    });
    await app.ok('counting.scan', { sessionId: session.id, code: product.sku });
    await app.ok('counting.commit', { sessionId: session.id });
    await waitForValue(app, 'outbox.summary', {}, (summary) => summary.paused);
    expect(await app.ok('connectivity.status', {})).toMatchObject({
      state: 'paused',
      reason: { code: 'credentials' },
    });
    await app.ok('sync.syncNow', {});
    sandbox.restoreStore(STORE.name);
    // The person "re-enters" the key: the store reopens with it.
    await app.ok('profiles.edit', { profileId, changes: { apikey: APIKEY, apisecret: APISECRET } });
    await app.ok('outbox.resume', {});
    await waitForDrained(app);
    await app.ok('sync.syncNow', {});
    await waitForValue(app, 'sync.status', {}, (status) => status.state === 'idle');
  });

  it('no secret in any answer, event, log line or file of the user-data folder', async () => {
    seen.answers.push(...app.answers);
    seen.events.push(...app.events);
    expect(seen.answers.length).toBeGreaterThan(20);
    expect(seen.events.length).toBeGreaterThan(20);
    expect(textHasSecret(JSON.stringify(seen.answers))).toBe(false);
    expect(textHasSecret(JSON.stringify(seen.events))).toBe(false);

    // While the app runs: the databases' -wal and -shm files are there too.
    const running = filesUnder(userData).map((path) => path.slice(userData.length));
    expect(running).toEqual(expect.arrayContaining(['/app.sqlite', `/stores/${profileId}.sqlite`]));
    expect(running.some((path) => path.endsWith('-wal'))).toBe(true);
    expect(filesWithSecrets(userData)).toEqual([]);

    await app.stop();
    const logs = filesUnder(join(userData, 'logs'));
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.reduce((total, path) => total + statSync(path).size, 0)).toBeGreaterThan(1_000);
    expect(filesWithSecrets(userData)).toEqual([]);
  });

  it('the search finds a secret where there is one (a guard on the guard)', () => {
    const planted = join(userData, 'planted.bin');
    writeFileSync(planted, Buffer.concat([Buffer.from('x'), Buffer.from(APISECRET, 'utf16le')]));
    expect(filesWithSecrets(userData)).toEqual([planted]);
    expect(textHasSecret(JSON.stringify({ nested: [`a${encodeURIComponent(APIKEY)}`] }))).toBe(true);
  });
});
