// A web host over a small real ApiCore (the contract's schemas, a few handlers) and a folder standing for
// the built renderer, with clients that speak to it over real sockets: raw HTTP (any Host header, or
// none) and `ws` WebSockets (any Host, Origin and token).
import { Refusal } from '../../../src-main/refusal/refusal.js';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import {
  createApiCore,
  type ApiCore,
  type ApiEventListener,
  type CallHandlers,
} from '../../../src-main/api/index.js';
import { startWebHost, type WebHost, type WebHostOptions } from '../../../src-main/host/web-host.js';
import { CALL_NAMES, type EventName, type ProductSummary } from '../../../src-shared/ipc/index.js';

export const PRODUCTS: ProductSummary[] = [
  {
    id: 1,
    sku: 'RICE-5',
    barcode: '8850000000017',
    name: 'Jasmine rice 5 kg',
    unittext: 'bag',
    sellprice: 215,
    purchaseprice: 180,
    active: true,
    imagepath: '',
  },
];

/** Events the test pushes by hand: ApiCore.subscribe passes them through unchanged, as it does from the hub. */
export class TestEvents {
  readonly #listeners = new Set<ApiEventListener>();
  subscribe(listener: ApiEventListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
  emit(name: EventName, payload: unknown): void {
    for (const listener of this.#listeners) listener(name, payload);
  }
  get listeners(): number {
    return this.#listeners.size;
  }
}

export interface TestApi {
  api: ApiCore;
  events: TestEvents;
  /** Resolves the calls to 'sync.syncNow' that are waiting (for the calls-in-flight bound). */
  releaseSlowCalls(): void;
}

/** The real ApiCore with only the handlers these tests call; the others refuse with not-found. */
export function createTestApi(): TestApi {
  const events = new TestEvents();
  let release: () => void = () => undefined;
  let slow = new Promise<void>((resolve) => (release = resolve));
  const refuse = (name: string) => () => {
    throw Refusal.notFound(`${name} is not part of the host tests`);
  };
  const handlers = {
    ...Object.fromEntries(CALL_NAMES.map((name) => [name, refuse(name)])),
    'catalogue.search': ({ text }: { text: string }) =>
      PRODUCTS.filter((product) => product.name.toLowerCase().startsWith(text.toLowerCase())),
    'sync.syncNow': async () => {
      await slow;
      return {
        state: 'idle',
        job: null,
        progress: null,
        firstSyncComplete: true,
        lastSyncedAt: 0,
        waitingUntil: null,
        waitReason: null,
        lastError: null,
      } as const;
    },
  } as unknown as CallHandlers;
  const api = createApiCore({ handlers, events });
  return {
    api,
    events,
    releaseSlowCalls() {
      release();
      slow = new Promise<void>((resolve) => (release = resolve));
    },
  };
}

export interface TestHost {
  host: WebHost;
  api: TestApi;
  /** The folder served as the renderer. */
  root: string;
  close(): Promise<void>;
}

export const INDEX_HTML = '<!doctype html><title>Stockroom test</title><script src="./app.js"></script>';

export async function startTestHost(options: Partial<WebHostOptions> = {}): Promise<TestHost> {
  const root = mkdtempSync(join(tmpdir(), 'stockroom-host-'));
  writeFileSync(join(root, 'index.html'), INDEX_HTML);
  writeFileSync(join(root, 'app.js'), 'console.log("app");');
  writeFileSync(join(root, '.secret'), 'dotfile');
  const api = createTestApi();
  const host = await startWebHost({ api: api.api, rendererDirectory: root, ...options });
  return {
    host,
    api,
    root,
    async close() {
      await host.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** GET with exactly the Host header given (Node's http client would otherwise send the right one). */
export function httpGet(port: number, path: string, host: string): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: '127.0.0.1', port, path, headers: { host } }, (incoming) => {
      let body = '';
      incoming.setEncoding('utf8');
      incoming.on('data', (chunk: string) => (body += chunk));
      incoming.on('end', () =>
        resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** A raw HTTP/1.0 request with no Host header at all; returns the status line. */
export function httpGetWithoutHost(port: number, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`GET ${path} HTTP/1.0\r\n\r\n`));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('end', () => resolve(text.split('\r\n')[0] ?? ''));
    socket.on('error', reject);
  });
}

export interface SocketTarget {
  host?: string;
  origin?: string | null;
  token?: string | null;
  /** Query text instead of `token=<token>`. */
  query?: string;
}

export type SocketOutcome =
  | { kind: 'open'; socket: WebSocket; frames: FrameReader }
  | { kind: 'refused'; status: number }
  | { kind: 'closed'; code: number; reason: string };

/** Reads frames in order; `next()` waits for the next one. */
export class FrameReader {
  readonly #queue: unknown[] = [];
  readonly #waiters: Array<(frame: unknown) => void> = [];
  constructor(socket: WebSocket) {
    socket.on('message', (data) => {
      const frame: unknown = JSON.parse(String(data));
      const waiter = this.#waiters.shift();
      if (waiter) waiter(frame);
      else this.#queue.push(frame);
    });
  }
  next(timeoutMs = 5_000): Promise<unknown> {
    const queued = this.#queue.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no frame within the time')), timeoutMs);
      this.#waiters.push((frame) => {
        clearTimeout(timer);
        resolve(frame);
      });
    });
  }
}

/** Opens a WebSocket to the host's /api with the given headers; says how it ended or returns it open. */
export function openSocket(testHost: TestHost, target: SocketTarget = {}): Promise<SocketOutcome> {
  const { host: webHost } = testHost;
  const host = target.host ?? `127.0.0.1:${webHost.port}`;
  const origin = target.origin === undefined ? `http://${host}` : target.origin;
  const token = target.token === undefined ? webHost.token : target.token;
  const query = target.query ?? (token === null ? '' : `token=${token}`);
  const headers: Record<string, string> = { host };
  const socket = new WebSocket(`ws://127.0.0.1:${webHost.port}/api${query === '' ? '' : `?${query}`}`, {
    headers,
    ...(origin === null ? {} : { origin }),
  });
  const frames = new FrameReader(socket);
  return new Promise((resolve) => {
    let opened = false;
    socket.on('unexpected-response', (_request, response) => {
      resolve({ kind: 'refused', status: response.statusCode ?? 0 });
      socket.terminate();
    });
    socket.on('error', () => undefined);
    socket.on('open', () => {
      opened = true;
      // A refused token closes right after the upgrade: give the close a moment to arrive.
      setTimeout(() => {
        if (socket.readyState === WebSocket.OPEN) resolve({ kind: 'open', socket, frames });
      }, 50);
    });
    socket.on('close', (code, reason) => {
      if (opened) resolve({ kind: 'closed', code, reason: String(reason) });
    });
  });
}

/** Opens a socket that must be accepted. */
export async function openValidSocket(
  testHost: TestHost,
): Promise<{ socket: WebSocket; frames: FrameReader }> {
  const outcome = await openSocket(testHost);
  if (outcome.kind !== 'open') throw new Error(`the socket was not accepted: ${JSON.stringify(outcome)}`);
  return outcome;
}

/** Waits for a socket to close and returns its close code. */
export function closeCode(socket: WebSocket): Promise<number> {
  if (socket.readyState === WebSocket.CLOSED) return Promise.resolve(-1);
  return new Promise((resolve) => socket.once('close', (code) => resolve(code)));
}
