// Where the picture fetcher may connect (issue 21), over loopback only: for a store on the internet,
// https only and never a loopback, private, link-local, CGNAT or unspecified address — an IP literal,
// every address a name resolves to, and each redirect alike — decided before any connection. Servers on
// 127.0.0.1 count their connections to prove none was made. A name that must resolve to a private
// address resolves through a lookup stub (no such host can exist here); the stub also shows that no
// connection was tried (a connection resolves the name again). Where a test needs a reachable "public"
// picture host, the fetcher is told that 127.0.0.1 is one, and the host is an https server with its
// own certificate.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ImageFetcher } from '../../../src-main/catalog/images/index.js';
import type { ResolvedAddress } from '../../../src-main/catalog/images/address-policy.js';
import { PNG } from '../../files/support/files-fixture.js';

const STORE = 'https://api.example.invalid';
const TIMEOUTS = { connectMs: 5_000, headersMs: 10_000, bodyMs: 10_000 };

let folder: string;
let certificate: string;
let plain: Server;
let secure: Server;
/** The same https service on 127.0.0.2, where a name "rebound" to a non-public address would connect. */
let rebound: Server;
let plainPort = 0;
let securePort = 0;
const connections = { plain: 0, secure: 0, rebound: 0 };
const requests: string[] = [];

function route(request: IncomingMessage, response: ServerResponse): void {
  requests.push(request.url ?? '');
  const moved = /^\/to\/(.+)$/.exec(request.url ?? '');
  if (moved?.[1] !== undefined) {
    response.writeHead(302, { location: decodeURIComponent(moved[1]) }).end();
    return;
  }
  response.writeHead(200, { 'content-type': 'image/png', 'content-length': PNG.length }).end(PNG);
}

async function listen(server: Server, port = 0, host = '127.0.0.1'): Promise<number> {
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'stockroom-picture-tls-'));
  const [key, cert] = [join(folder, 'key.pem'), join(folder, 'cert.pem')];
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=cdn.example'],
      ...['-addext', 'subjectAltName=DNS:cdn.example', '-keyout', key, '-out', cert],
    ],
    { stdio: 'ignore' },
  );
  certificate = readFileSync(cert, 'utf8');
  plain = createHttpServer(route).on('connection', () => (connections.plain += 1));
  secure = createHttpsServer({ key: readFileSync(key), cert: certificate }, route).on(
    'connection',
    () => (connections.secure += 1),
  );
  plainPort = await listen(plain);
  securePort = await listen(secure);
  rebound = createHttpsServer({ key: readFileSync(key), cert: certificate }, route).on(
    'connection',
    () => (connections.rebound += 1),
  );
  await listen(rebound, securePort, '127.0.0.2');
});

afterAll(async () => {
  for (const server of [plain, secure, rebound]) {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  rmSync(folder, { recursive: true, force: true });
});

beforeEach(() => {
  connections.plain = 0;
  connections.secure = 0;
  connections.rebound = 0;
  requests.length = 0;
});

/** A lookup stub answering from `names` (each answer in turn, the last one repeated), recording calls. */
function stubLookup(names: Record<string, readonly (readonly ResolvedAddress[])[]>) {
  const calls: string[] = [];
  const lookup = async (hostname: string): Promise<readonly ResolvedAddress[]> => {
    calls.push(hostname);
    const answers = names[hostname];
    if (answers === undefined)
      throw Object.assign(new Error(`no stub for ${hostname}`), { code: 'ENOTFOUND' });
    const asked = calls.filter((name) => name === hostname).length;
    return answers[Math.min(asked, answers.length) - 1] ?? [];
  };
  return { lookup, calls };
}
const v4 = (address: string): ResolvedAddress => ({ address, family: 4 });
const v6 = (address: string): ResolvedAddress => ({ address, family: 6 });
/** Only the test's loopback servers stand for the public internet. */
const loopbackIsPublic = (address: string) => address === '127.0.0.1';

async function withFetcher<T>(
  options: ConstructorParameters<typeof ImageFetcher>[0],
  work: (fetcher: ImageFetcher) => Promise<T>,
): Promise<T> {
  const fetcher = new ImageFetcher({ timeouts: TIMEOUTS, ...options });
  try {
    return await work(fetcher);
  } finally {
    await fetcher.close();
  }
}

describe('the picture fetcher, for a store on the internet', () => {
  it('refuses a picture at a loopback address without connecting', async () => {
    await withFetcher({}, async (fetcher) => {
      for (const url of [
        `http://127.0.0.1:${plainPort}/p.png`,
        `https://127.0.0.1:${securePort}/p.png`,
        `https://127.1.2.3:${securePort}/p.png`,
        `https://[::ffff:127.0.0.1]:${securePort}/p.png`,
        `https://localhost:${securePort}/p.png`,
      ]) {
        const outcome = await fetcher.fetch(new URL(url), STORE);
        expect(outcome, url).toMatchObject({ ok: false, problem: 'failed' });
        expect(!outcome.ok && outcome.detail, url).toMatch(/^address refused/);
      }
    });
    expect(connections).toEqual({ plain: 0, secure: 0, rebound: 0 });
  });

  it('refuses a name that resolves to a private, link-local, CGNAT or unspecified address, and tries no connection', async () => {
    for (const answer of [
      [v4('10.0.0.1')],
      [v4('172.16.5.4')],
      [v4('192.168.1.10')],
      [v4('169.254.169.254')],
      [v4('100.64.0.1')],
      [v4('0.0.0.0')],
      [v6('fd00::1')],
      [v6('fe80::1')],
      [v6('::')],
      [v6('::ffff:10.0.0.1')],
      // One private address among public ones is enough: every address is checked.
      [v4('93.184.216.34'), v4('10.0.0.1')],
    ]) {
      const { lookup, calls } = stubLookup({ 'pictures.example': [answer] });
      await withFetcher({ lookup }, async (fetcher) => {
        const outcome = await fetcher.fetch(new URL('https://pictures.example/p.png'), STORE);
        expect(outcome, JSON.stringify(answer)).toMatchObject({ ok: false, problem: 'failed' });
      });
      // Asked once, for the check: a connection would have resolved the name again.
      expect(calls, JSON.stringify(answer)).toEqual(['pictures.example']);
    }
  });

  it('refuses http, and fetches the same picture over https (the check is not refusing everything)', async () => {
    const { lookup } = stubLookup({ 'cdn.example': [[v4('127.0.0.1')]] });
    await withFetcher({ lookup, isPublic: loopbackIsPublic, ca: certificate }, async (fetcher) => {
      const refused = await fetcher.fetch(new URL(`http://cdn.example:${plainPort}/p.png`), STORE);
      expect(refused).toMatchObject({
        ok: false,
        problem: 'failed',
        detail: 'address refused: http: is not https',
      });
      expect(connections.plain).toBe(0);
      const fetched = await fetcher.fetch(new URL(`https://cdn.example:${securePort}/p.png`), STORE);
      expect(fetched).toMatchObject({ ok: true, contentType: 'image/png' });
    });
  });

  it('checks every redirect the same way: to a private address or to http, refused', async () => {
    const { lookup } = stubLookup({
      'cdn.example': [[v4('127.0.0.1')]],
      'metadata.example': [[v4('169.254.169.254')]],
    });
    await withFetcher({ lookup, isPublic: loopbackIsPublic, ca: certificate }, async (fetcher) => {
      for (const target of [
        'https://metadata.example/latest/meta-data/',
        'https://10.0.0.1/p.png',
        `http://cdn.example:${plainPort}/p.png`,
      ]) {
        requests.length = 0;
        const url = `https://cdn.example:${securePort}/to/${encodeURIComponent(target)}`;
        const outcome = await fetcher.fetch(new URL(url), STORE);
        expect(outcome, target).toMatchObject({ ok: false, problem: 'failed' });
        expect(requests, target).toHaveLength(1);
      }
    });
    expect(connections.plain).toBe(0);
  });

  it('refuses a name whose answer changes to a private address when the socket resolves it', async () => {
    // Public for the check, not public a moment later, when the connection resolves it again (127.0.0.2
    // stands for the private address: reachable here, so a missing check would show as a connection).
    const { lookup } = stubLookup({ 'cdn.example': [[v4('127.0.0.1')], [v4('127.0.0.2')]] });
    await withFetcher({ lookup, isPublic: loopbackIsPublic, ca: certificate }, async (fetcher) => {
      const outcome = await fetcher.fetch(new URL(`https://cdn.example:${securePort}/p.png`), STORE);
      expect(outcome).toMatchObject({ ok: false, problem: 'unreachable' });
    });
    expect(connections).toEqual({ plain: 0, secure: 0, rebound: 0 });
  });
});
