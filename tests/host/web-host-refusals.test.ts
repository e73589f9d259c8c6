// The web host refuses, over real sockets: a wrong Host (files and WebSocket), a wrong or missing Origin
// on the upgrade, a missing or wrong token; and serves the renderer with the web host's CSP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webHostContentSecurityPolicy } from '../../src-main/app/content-security-policy.js';
import {
  INDEX_HTML,
  httpGet,
  httpGetWithoutHost,
  openSocket,
  startTestHost,
  type TestHost,
} from './support/host-harness.js';

let testHost: TestHost;
let port: number;

beforeAll(async () => {
  testHost = await startTestHost();
  port = testHost.host.port;
});

afterAll(() => testHost?.close());

describe('the printed URL', () => {
  it('is on 127.0.0.1 with the token in the query', () => {
    expect(testHost.host.url).toBe(`http://127.0.0.1:${port}/?token=${testHost.host.token}`);
    expect(testHost.host.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('static files', () => {
  it('serves index.html at / with the CSP of the origin asked for, and the security headers', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) {
      const answer = await httpGet(port, '/?token=whatever', host);
      expect(answer.status).toBe(200);
      expect(answer.body).toBe(INDEX_HTML);
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      expect(answer.headers['content-security-policy']).toBe(webHostContentSecurityPolicy(`http://${host}`));
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
      expect(answer.headers['cross-origin-opener-policy']).toBe('same-origin');
    }
    const script = await httpGet(port, '/app.js', `127.0.0.1:${port}`);
    expect(script.status).toBe(200);
    expect(script.headers['content-security-policy']).toBeDefined();
  });

  it('answers 404 for a missing file and refuses dotfiles and paths out of the folder', async () => {
    const host = `127.0.0.1:${port}`;
    expect((await httpGet(port, '/nothing.js', host)).status).toBe(404);
    expect([403, 404]).toContain((await httpGet(port, '/.secret', host)).status);
    for (const path of ['/../package.json', '/%2e%2e/package.json', '/..%2fpackage.json']) {
      const answer = await httpGet(port, path, host);
      expect([400, 403, 404], path).toContain(answer.status);
      expect(answer.body).not.toContain('dotfile');
    }
  });

  it('refuses a wrong Host with 403 and no file (DNS rebinding)', async () => {
    for (const host of [
      `evil.example:${port}`,
      `127.0.0.1:${port + 1}`,
      '127.0.0.1',
      `[::1]:${port}`,
      `127.0.0.1.nip.io:${port}`,
    ]) {
      const answer = await httpGet(port, '/', host);
      expect(answer.status, host).toBe(403);
      expect(answer.body).not.toContain('Stockroom test');
    }
    expect(await httpGetWithoutHost(port, '/')).toMatch(/^HTTP\/1\.[01] 403/);
  });
});

describe('the WebSocket', () => {
  it('opens with the right Host, Origin and token (127.0.0.1 and localhost)', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) {
      const outcome = await openSocket(testHost, { host });
      expect(outcome.kind, host).toBe('open');
      if (outcome.kind === 'open') outcome.socket.close();
    }
  });

  it('refuses a wrong Host with 403 before the upgrade', async () => {
    const outcome = await openSocket(testHost, {
      host: `evil.example:${port}`,
      origin: `http://127.0.0.1:${port}`,
    });
    expect(outcome).toEqual({ kind: 'refused', status: 403 });
  });

  it('refuses a wrong or missing Origin with 403 before the upgrade', async () => {
    for (const origin of [
      'http://evil.example',
      `http://evil.example:${port}`,
      `http://localhost:${port}`,
      `https://127.0.0.1:${port}`,
      'null',
      null,
    ]) {
      const outcome = await openSocket(testHost, { origin });
      expect(outcome, String(origin)).toEqual({ kind: 'refused', status: 403 });
    }
  });

  it('closes with 4401 on a missing, wrong, truncated or repeated token', async () => {
    const { token } = testHost.host;
    for (const query of [
      '',
      'token=',
      `token=${token.slice(0, -1)}`,
      `token=${token}x`,
      `token=${'A'.repeat(43)}`,
      `token=${token}&token=${token}`,
      `tok=${token}`,
    ]) {
      const outcome = await openSocket(testHost, { query });
      expect(outcome.kind, query).toBe('closed');
      if (outcome.kind === 'closed') expect(outcome.code, query).toBe(4401);
    }
    expect(testHost.host.connections).toBe(0);
  });
});
