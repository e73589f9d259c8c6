// app://stockroom/ serves only the built renderer folder: traversal refused in every spelling, the right
// MIME types, the CSP and the other security headers on every answer.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  APP_ENTRY_URL,
  APP_SCHEME,
  APP_SCHEME_PRIVILEGES,
  handleAppRequest,
  mimeTypeOf,
  registerAppProtocol,
  resolveAppPath,
} from '../../src-main/app/app-protocol.js';
import { desktopContentSecurityPolicy } from '../../src-main/app/content-security-policy.js';

let base: string;
let root: string;
const csp = desktopContentSecurityPolicy();

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'stockroom-protocol-'));
  root = join(base, 'renderer');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Stockroom</title>');
  writeFileSync(join(root, 'assets', 'index-abc.js'), 'console.log(1)');
  writeFileSync(join(root, 'assets', 'index-abc.css'), 'body{}');
  writeFileSync(join(root, 'assets', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(root, 'assets', 'blob.bin'), 'x');
  writeFileSync(join(root, '.env'), 'SECRET=1');
  writeFileSync(join(base, 'secret.txt'), 'outside the renderer folder');
  mkdirSync(join(base, 'renderer-evil'));
  writeFileSync(join(base, 'renderer-evil', 'x.js'), 'evil');
});

afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('the privileged scheme', () => {
  it('is standard and secure, with no privilege that would weaken the page', () => {
    expect(APP_SCHEME_PRIVILEGES).toEqual({
      scheme: 'app',
      privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
    });
  });
});

describe('resolveAppPath', () => {
  it.each([
    ['/', 'index.html'],
    ['/index.html', 'index.html'],
    ['/assets/index-abc.js', 'assets/index-abc.js'],
    ['/assets/a%20b.js', 'assets/a b.js'],
    ['/counting/42', 'index.html'],
    ['/counting/', 'index.html'],
    ['//assets//index-abc.js', 'assets/index-abc.js'],
  ])('maps %s to %s', (pathname, file) => {
    expect(resolveAppPath(pathname, root)).toEqual({ ok: true, filePath: resolve(root, file) });
  });

  it.each([
    ['/../secret.txt', 403],
    ['/assets/../../secret.txt', 403],
    ['/%2e%2e/secret.txt', 403],
    ['/%2E%2E%2Fsecret.txt', 403],
    ['/..%2fsecret.txt', 403],
    ['/assets/..%5c..%5csecret.txt', 403],
    ['/..\\secret.txt', 403],
    ['/C:/Windows/win.ini', 403],
    ['/assets/index-abc.js:stream', 403],
    ['/.env', 403],
    ['/%2e/index.html', 403],
    ['/../renderer-evil/x.js', 403],
    ['/index.html%00.png', 400],
    ['/%E0%A4%A', 400],
  ])('refuses %s with %i', (pathname, status) => {
    expect(resolveAppPath(pathname, root)).toEqual({ ok: false, status });
  });
});

describe('mimeTypeOf', () => {
  it.each([
    ['index.html', 'text/html; charset=utf-8'],
    ['a.js', 'text/javascript; charset=utf-8'],
    ['a.MJS', 'text/javascript; charset=utf-8'],
    ['a.css', 'text/css; charset=utf-8'],
    ['a.json', 'application/json; charset=utf-8'],
    ['a.svg', 'image/svg+xml'],
    ['a.png', 'image/png'],
    ['a.woff2', 'font/woff2'],
    ['LiberationSans-Regular.ttf', 'font/ttf'],
    ['FoxitSymbol.pfb', 'application/x-font-type1'],
    ['UniJIS-UCS2-H.bcmap', 'application/octet-stream'],
    ['a.wav', 'audio/wav'],
    ['a.wasm', 'application/wasm'],
    ['a.bin', 'application/octet-stream'],
    ['Makefile', 'application/octet-stream'],
  ])('%s is %s', (file, type) => expect(mimeTypeOf(file)).toBe(type));
});

async function get(url: string, init?: RequestInit) {
  return handleAppRequest(new Request(url, init), { rootDirectory: root, contentSecurityPolicy: csp });
}

describe('handleAppRequest', () => {
  it('serves the entry page with its type, the CSP and the security headers', async () => {
    const response = await get(APP_ENTRY_URL);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('<!doctype html><title>Stockroom</title>');
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': csp,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
    });
  });

  it('serves assets with their MIME types, unknown ones as octet-stream (never sniffed)', async () => {
    expect((await get('app://stockroom/assets/index-abc.js')).headers.get('content-type')).toBe(
      'text/javascript; charset=utf-8',
    );
    expect((await get('app://stockroom/assets/index-abc.css')).headers.get('content-type')).toBe(
      'text/css; charset=utf-8',
    );
    expect((await get('app://stockroom/assets/logo.svg')).headers.get('content-type')).toBe('image/svg+xml');
    const unknown = await get('app://stockroom/assets/blob.bin');
    expect(unknown.headers.get('content-type')).toBe('application/octet-stream');
    expect(unknown.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await get('app://stockroom/assets/index-abc.js', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('14');
    expect(await head.text()).toBe('');
    const post = await get('app://stockroom/index.html', { method: 'POST', body: 'x' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it('refuses traversal with the CSP still on the answer', async () => {
    for (const path of ['/..%2fsecret.txt', '/assets/..%5c..%5csecret.txt', '/.env']) {
      const response = await get(`app://stockroom${path}`);
      expect(response.status).toBe(403);
      expect(response.headers.get('content-security-policy')).toBe(csp);
      expect(await response.text()).not.toContain('outside');
    }
  });

  it('answers 404 for a missing file and for another host of the scheme', async () => {
    expect((await get('app://stockroom/assets/missing.js')).status).toBe(404);
    expect((await get('app://stockroom/assets')).status).toBe(200); // a client route: the entry page
    expect((await get('app://other-host/index.html')).status).toBe(404);
  });

  it('answers 500 and reports a read failure other than "not found"', async () => {
    const onError = vi.fn();
    const failure = Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
    const response = await handleAppRequest(new Request(APP_ENTRY_URL), {
      rootDirectory: root,
      contentSecurityPolicy: csp,
      readFile: () => Promise.reject(failure),
      onError,
    });
    expect(response.status).toBe(500);
    expect(onError).toHaveBeenCalledWith(failure, resolve(root, 'index.html'));
  });
});

describe('registerAppProtocol', () => {
  it('hands the scheme to protocol.handle with the file handler', async () => {
    const handle =
      vi.fn<(scheme: string, handler: (request: Request) => Promise<Response> | Response) => void>();
    registerAppProtocol({ handle }, { rootDirectory: root, contentSecurityPolicy: csp });
    expect(handle).toHaveBeenCalledOnce();
    const [scheme, handler] = handle.mock.calls[0] ?? [];
    expect(scheme).toBe(APP_SCHEME);
    const response = await handler?.(new Request('app://stockroom/assets/index-abc.css'));
    expect(await response?.text()).toBe('body{}');
  });
});
