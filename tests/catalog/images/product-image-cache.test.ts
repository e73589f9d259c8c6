// The product image fetch and cache against a real HTTP server on 127.0.0.1: a relative imagepath on the
// store's base URL and an absolute one, the size cap (declared and streamed), a non-image content type,
// refused schemes, offline answers from the cache (fresh and stale), a 404 dropping the entry, and the
// folder's bounds.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ImageFetcher,
  ProductImageCache,
  resolveImageUrl,
  storeImageDirectory,
} from '../../../src-main/catalog/images/index.js';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const MAX_BYTES = 1024;

type Route = (request: IncomingMessage, response: ServerResponse) => void;

let server: Server;
let baseUrl: string;
let routes: Map<string, Route>;
let hits: string[];
let folder: string;
let fetcher: ImageFetcher;
let clock: number;

async function listen(port = 0): Promise<void> {
  server = createServer((request, response) => {
    hits.push(request.url ?? '');
    const route = routes.get(request.url ?? '');
    if (route === undefined) response.writeHead(404).end('no');
    else route(request, response);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function stopServer(): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

function png(request: IncomingMessage, response: ServerResponse): void {
  response.writeHead(200, { 'content-type': 'image/png', 'content-length': PNG.length }).end(PNG);
}

function cache(options: { maxTotalBytes?: number; maxEntries?: number } = {}): ProductImageCache {
  return new ProductImageCache({ directory: folder, fetcher, now: () => clock, ...options });
}

const expectedDataUrl = `data:image/png;base64,${PNG.toString('base64')}`;

beforeEach(async () => {
  routes = new Map([['/images/1/7', png]]);
  hits = [];
  clock = Date.UTC(2026, 10, 21);
  folder = join(mkdtempSync(join(tmpdir(), 'stockroom-images-')), 'demo.images');
  fetcher = new ImageFetcher({
    maxBytes: MAX_BYTES,
    timeouts: { connectMs: 1_000, headersMs: 2_000, bodyMs: 2_000 },
  });
  await listen();
});

afterEach(async () => {
  await fetcher.close();
  if (server.listening) await stopServer();
  rmSync(join(folder, '..'), { recursive: true, force: true });
});

describe('resolveImageUrl', () => {
  it('puts a path on the store base URL and keeps an absolute http(s) URL', () => {
    expect(resolveImageUrl('http://127.0.0.1:9/', '/images/1/7')?.href).toBe('http://127.0.0.1:9/images/1/7');
    expect(resolveImageUrl('https://api.example.com/shop', 'images/2')?.href).toBe(
      'https://api.example.com/shop/images/2',
    );
    expect(resolveImageUrl('https://api.example.com', 'https://cdn.example.com/a.png')?.href).toBe(
      'https://cdn.example.com/a.png',
    );
  });

  it('refuses anything that is not http(s) and treats blank as none', () => {
    for (const path of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:image/png;base64,AA',
      'ftp://x/y',
    ]) {
      expect(resolveImageUrl('https://api.example.com', path)).toBeUndefined();
    }
    expect(
      resolveImageUrl('https://api.example.com', 'https://user:pw@cdn.example.com/a.png'),
    ).toBeUndefined();
    expect(resolveImageUrl('https://api.example.com', '   ')).toBeUndefined();
  });

  it('names the store folder beside its database', () => {
    expect(storeImageDirectory(join('/u', 'stores', 'p-1.sqlite'))).toBe(join('/u', 'stores', 'p-1.images'));
  });
});

describe('ProductImageCache', () => {
  it('answers null for a product without an image, with no request', async () => {
    expect(await cache().image(baseUrl, '')).toBeNull();
    expect(hits).toEqual([]);
  });

  it('fetches a relative imagepath from the base URL as a data URL, then serves it from disk', async () => {
    expect(await cache().image(baseUrl, '/images/1/7')).toEqual({
      dataUrl: expectedDataUrl,
      fromCache: false,
    });
    expect(await cache().image(baseUrl, '/images/1/7')).toEqual({
      dataUrl: expectedDataUrl,
      fromCache: true,
    });
    expect(hits).toEqual(['/images/1/7']);
  });

  it('fetches an absolute imagepath on another origin (the store on loopback, as the sandbox is)', async () => {
    const absolute = `${baseUrl}/images/1/7`;
    expect(await cache().image('http://localhost:9', absolute)).toEqual({
      dataUrl: expectedDataUrl,
      fromCache: false,
    });
  });

  it('follows a redirect to the image', async () => {
    routes.set('/moved', (_request, response) => response.writeHead(302, { location: '/images/1/7' }).end());
    expect(await cache().image(baseUrl, '/moved')).toEqual({ dataUrl: expectedDataUrl, fromCache: false });
  });

  it('refuses an image over the cap, declared or streamed without a length, and caches nothing', async () => {
    const big = Buffer.alloc(MAX_BYTES + 1, 1);
    routes.set('/declared', (_request, response) =>
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': big.length }).end(big),
    );
    routes.set('/chunked', (_request, response) => {
      response.writeHead(200, { 'content-type': 'image/jpeg' });
      response.write(big.subarray(0, 600));
      response.end(big.subarray(600));
    });
    expect(await cache().image(baseUrl, '/declared')).toEqual({ dataUrl: null, problem: 'too-large' });
    expect(await cache().image(baseUrl, '/chunked')).toEqual({ dataUrl: null, problem: 'too-large' });
    expect(entries()).toEqual([]);
  });

  it('takes an image at exactly the cap', async () => {
    const exact = Buffer.alloc(MAX_BYTES, 2);
    routes.set('/exact', (_request, response) => {
      response.writeHead(200, { 'content-type': 'image/webp' });
      response.end(exact);
    });
    const answer = await cache().image(baseUrl, '/exact');
    expect(answer).toEqual({
      dataUrl: `data:image/webp;base64,${exact.toString('base64')}`,
      fromCache: false,
    });
  });

  it('refuses a body that is not an image (HTML, a type with odd characters, none)', async () => {
    routes.set('/html', (_request, response) =>
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<p>login</p>'),
    );
    routes.set('/odd', (_request, response) =>
      response.writeHead(200, { 'content-type': 'image/png,text/html' }).end(PNG),
    );
    routes.set('/none', (_request, response) => {
      response.removeHeader('content-type');
      response.writeHead(200).end(PNG);
    });
    for (const path of ['/html', '/odd', '/none']) {
      expect(await cache().image(baseUrl, path)).toEqual({ dataUrl: null, problem: 'not-an-image' });
    }
    expect(entries()).toEqual([]);
  });

  it('says the image is not found on a 404 and other failures as failed', async () => {
    routes.set('/broken', (_request, response) => response.writeHead(500).end('oops'));
    expect(await cache().image(baseUrl, '/images/1/8')).toEqual({ dataUrl: null, problem: 'not-found' });
    expect(await cache().image(baseUrl, '/broken')).toEqual({ dataUrl: null, problem: 'failed' });
    expect(await cache().image(baseUrl, 'file:///etc/passwd')).toEqual({ dataUrl: null, problem: 'failed' });
  });

  it('offline: serves what it has (fresh or stale) and says unreachable for what it has not', async () => {
    await cache().image(baseUrl, '/images/1/7');
    await stopServer();
    expect(await cache().image(baseUrl, '/images/1/7')).toEqual({
      dataUrl: expectedDataUrl,
      fromCache: true,
    });
    clock += 2 * 24 * 60 * 60 * 1000; // stale: a fetch is tried, fails, the copy is served
    expect(await cache().image(baseUrl, '/images/1/7')).toEqual({
      dataUrl: expectedDataUrl,
      fromCache: true,
    });
    expect(await cache().image(baseUrl, '/images/1/9')).toEqual({ dataUrl: null, problem: 'unreachable' });
  });

  it('fetches a stale entry again and drops it when the server says it is gone', async () => {
    await cache().image(baseUrl, '/images/1/7');
    clock += 2 * 24 * 60 * 60 * 1000;
    expect(await cache().image(baseUrl, '/images/1/7')).toEqual({
      dataUrl: expectedDataUrl,
      fromCache: false,
    });
    expect(hits).toHaveLength(2);
    clock += 2 * 24 * 60 * 60 * 1000;
    routes.delete('/images/1/7');
    expect(await cache().image(baseUrl, '/images/1/7')).toEqual({ dataUrl: null, problem: 'not-found' });
    expect(entries()).toEqual([]);
  });

  it('stays within its bounds, dropping the least recently used entries', async () => {
    for (const id of [1, 2, 3, 4, 5]) routes.set(`/images/1/${id}`, png);
    const bounded = cache({ maxEntries: 3 });
    for (const id of [1, 2, 3]) {
      clock += 1_000;
      await bounded.image(baseUrl, `/images/1/${id}`);
    }
    clock += 1_000;
    await bounded.image(baseUrl, '/images/1/1'); // used again: 2 is now the oldest
    clock += 1_000;
    await bounded.image(baseUrl, '/images/1/4');
    expect(entries()).toHaveLength(3);
    hits = [];
    for (const id of [1, 3, 4])
      expect(await bounded.image(baseUrl, `/images/1/${id}`)).toMatchObject({ fromCache: true });
    expect(hits).toEqual([]);
    expect(await bounded.image(baseUrl, '/images/1/2')).toMatchObject({ fromCache: false });

    const bySize = cache({ maxTotalBytes: PNG.length * 2 });
    clock += 1_000;
    await bySize.image(baseUrl, '/images/1/5'); // a write: the bound is applied
    expect(entries()).toHaveLength(2);
    hits = [];
    expect(await bySize.image(baseUrl, '/images/1/5')).toMatchObject({ fromCache: true });
    expect(hits).toEqual([]);
  });
});

/** The cached images (one .bin per entry; no temporary file left behind). */
function entries(): string[] {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  expect(names.filter((name) => name.endsWith('.tmp'))).toEqual([]);
  return names.filter((name) => name.endsWith('.bin'));
}
