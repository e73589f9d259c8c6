// A profile saved with plain http to another host (before that was refused, or by hand) is not opened at
// start: the store stays closed with the same reason the form gives, the log says why at warn or above,
// and nothing reaches the back office. The back office here is a real server on 127.0.0.1, reached
// through its IPv4-mapped IPv6 address ([::ffff:7f00:1]): the kernel delivers such a request to it, but
// the address is not one of this PC's names plain http is allowed for, so nothing may be sent.
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemoryCredentialStore } from '../../src-main/credentials/in-memory-credential-store.js';
import { PLAIN_HTTP_REFUSED } from '../../src-shared/backoffice/address-rule.js';
import { startTestApp, tempFolder, type TestApp } from './support/app-fixture.js';

const folder = tempFolder('stockroom-plain-http-');
const userData = join(folder.path, 'user-data');
const keychain = new InMemoryCredentialStore();
const received: string[] = [];
let server: Server;
let port: number;
let app: TestApp | undefined;

beforeAll(async () => {
  server = createServer((request, response) => {
    received.push(`${request.method} ${request.url}`);
    response.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});

afterAll(async () => {
  await app?.stop();
  await new Promise((resolve) => server.close(resolve));
  folder.remove();
});

describe('a saved profile with plain http to another host', () => {
  it('is refused at start with the form’s reason, and nothing is sent', async () => {
    // Saved the way it is allowed today, then rewritten in the file as an older version could have left it.
    const first = await startTestApp({ userData, credentialStore: keychain });
    const saved = await first.ok('profiles.add', {
      displayName: 'Old shop',
      baseUrl: 'https://backoffice.invalid',
      storename: 'old',
      apikey: 'old-key-7731',
      apisecret: 'old-secret-0442',
      activate: false,
    });
    await first.ok('profiles.switch', { profileId: saved.id }).catch(() => undefined);
    await first.stop();
    const plainUrl = `http://[::ffff:7f00:1]:${port}`;
    const db = new Database(join(userData, 'app.sqlite'));
    db.prepare('UPDATE profiles SET base_url = ? WHERE id = ?').run(plainUrl, saved.id);
    db.close();

    app = await startTestApp({ userData, credentialStore: keychain });
    const status = await app.ok('sync.status', {});
    expect(status.state).toBe('stopped');
    expect(status.lastError).toContain(PLAIN_HTTP_REFUSED);
    const again = await app.call('profiles.switch', { profileId: saved.id });
    expect(again).toMatchObject({ ok: false, error: { code: 'invalid-arguments' } });
    expect(!again.ok && again.error.message).toBe(PLAIN_HTTP_REFUSED);
    const tested = await app.call('profiles.testConnection', { profileId: saved.id });
    expect(!tested.ok && tested.error.message).toBe(PLAIN_HTTP_REFUSED);

    // Long enough for a first sync and the outbox's watchdog to have sent something, had the store opened.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(received).toEqual([]);
    const log = readFileSync(join(userData, 'logs', 'stockroom.log'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { level: string; msg?: string; message?: string });
    const refusals = log.filter((entry) => JSON.stringify(entry).includes('only for this PC itself'));
    expect(refusals.length).toBeGreaterThan(0);
    expect(refusals.every((entry) => ['warn', 'error'].includes(entry.level))).toBe(true);
  });
});
