// Calls and events over the web host's WebSocket, through the real ApiCore: a round trip, the same
// argument validation as IPC, events to every page, bad frames answered without harm, and the bounds
// (bad frames, frame size, calls in flight, slow readers).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CLOSE_CODES } from '../../src-main/host/socket-session.js';
import { MAX_FRAME_BYTES } from '../../src-main/host/web-host.js';
import { MAX_PICTURE_BASE64 } from '../../src-shared/ipc/schemas/product-extras.js';
import { UNREADABLE } from '../support/unreadable-json.js';
import {
  PRODUCTS,
  closeCode,
  openValidSocket,
  startTestHost,
  type TestHost,
} from './support/host-harness.js';

let testHost: TestHost;

beforeAll(async () => {
  testHost = await startTestHost({ limits: { maxBadFrames: 4, maxCallsInFlight: 3 } });
});

afterAll(() => testHost?.close());

const call = (id: number, name: string, args: unknown) => JSON.stringify({ type: 'call', id, name, args });

const SYNC_PROGRESS = {
  state: 'running',
  job: 'firstSync',
  progress: { phase: 'products', done: 10, total: 40 },
  firstSyncComplete: false,
  lastSyncedAt: null,
  waitingUntil: null,
  waitReason: null,
  lastError: null,
};

describe('calls', () => {
  it('answers a valid call with its id and the value', async () => {
    const { socket, frames } = await openValidSocket(testHost);
    socket.send(call(7, 'catalogue.search', { text: 'jas' }));
    expect(await frames.next()).toEqual({ type: 'result', id: 7, result: { ok: true, value: PRODUCTS } });
    socket.close();
  });

  it('validates arguments exactly as ApiCore does for IPC (invalid-arguments, unknown-call)', async () => {
    const { socket, frames } = await openValidSocket(testHost);
    const cases: Array<[string, unknown]> = [
      ['catalogue.search', { text: 'a', limit: 0 }],
      ['catalogue.search', { text: 42 }],
      ['catalogue.search', { text: 'a', extra: true }],
      ['catalogue.search', undefined],
      ['catalogue.search', 'jasmine'],
      ['no.such-call', {}],
    ];
    let id = 100;
    for (const [name, args] of cases) {
      id += 1;
      const direct = await testHost.api.api.call(name, args, 'ipc');
      socket.send(JSON.stringify({ type: 'call', id, name, args }));
      const frame = await frames.next();
      expect(frame, `${name} ${JSON.stringify(args)}`).toEqual({ type: 'result', id, result: direct });
      expect(direct.ok).toBe(false);
    }
    socket.close();
  });

  it('answers calls independently, in whatever order they finish', async () => {
    const { socket, frames } = await openValidSocket(testHost);
    socket.send(call(1, 'sync.syncNow', {}));
    socket.send(call(2, 'catalogue.search', { text: 'x' }));
    expect(await frames.next()).toMatchObject({ type: 'result', id: 2, result: { ok: true, value: [] } });
    testHost.api.releaseSlowCalls();
    expect(await frames.next()).toMatchObject({ type: 'result', id: 1, result: { ok: true } });
    socket.close();
  });

  it('refuses calls past the in-flight bound at once, and takes calls again when answers went out', async () => {
    const { socket, frames } = await openValidSocket(testHost);
    for (let id = 1; id <= 4; id++) socket.send(call(id, 'sync.syncNow', {}));
    expect(await frames.next()).toMatchObject({
      type: 'result',
      id: 4,
      result: { ok: false, error: { code: 'refused' } },
    });
    testHost.api.releaseSlowCalls();
    const answered = [await frames.next(), await frames.next(), await frames.next()];
    expect(answered.map((frame) => (frame as { id: number }).id).sort()).toEqual([1, 2, 3]);
    socket.send(call(5, 'catalogue.search', { text: 'j' }));
    expect(await frames.next()).toMatchObject({ id: 5, result: { ok: true } });
    socket.close();
  });
});

describe('events', () => {
  it('go to every connected page, and stop going to a closed one', async () => {
    await expect.poll(() => testHost.host.connections).toBe(0);
    const first = await openValidSocket(testHost);
    const second = await openValidSocket(testHost);
    expect(testHost.host.connections).toBe(2);
    testHost.api.events.emit('sync.progress', SYNC_PROGRESS);
    const expected = { type: 'event', name: 'sync.progress', payload: SYNC_PROGRESS };
    expect(await first.frames.next()).toEqual(expected);
    expect(await second.frames.next()).toEqual(expected);
    first.socket.close();
    await closeCode(first.socket);
    await expect.poll(() => testHost.host.connections).toBe(1);
    testHost.api.events.emit('budget.changed', {
      dayKey: '2026-01-02',
      used: 1,
      limit: 10,
      remaining: 9,
      exhausted: false,
    });
    expect(await second.frames.next()).toMatchObject({ type: 'event', name: 'budget.changed' });
    second.socket.close();
  });
});

describe('bad frames', () => {
  it('are answered with an error frame (with the id when there is one) and the socket keeps working', async () => {
    const { socket, frames } = await openValidSocket(testHost);
    socket.send('not json {');
    expect(await frames.next()).toEqual({ type: 'error', message: 'The frame is not JSON' });
    socket.send(JSON.stringify({ type: 'call', id: 9, name: 42 }));
    expect(await frames.next()).toMatchObject({ type: 'error', id: 9 });
    // JSON can carry a value with no primitive value, which zod's length checks throw on.
    const unreadable = JSON.stringify(UNREADABLE);
    socket.send(`{"type":"call","id":11,"name":${unreadable},"args":{}}`);
    expect(await frames.next()).toMatchObject({ type: 'error', id: 11 });
    socket.send(`{"type":"call","id":12,"name":"catalogue.search","args":{"text":${unreadable}}}`);
    expect(await frames.next()).toMatchObject({
      type: 'result',
      id: 12,
      result: { ok: false, error: { code: 'invalid-arguments' } },
    });
    socket.send(call(10, 'catalogue.search', { text: 'jas' }));
    expect(await frames.next()).toMatchObject({ type: 'result', id: 10, result: { ok: true } });
    socket.close();
  });

  it('close the socket (1008) when there are too many; other pages carry on', async () => {
    const bystander = await openValidSocket(testHost);
    const { socket, frames } = await openValidSocket(testHost);
    const closed = closeCode(socket);
    socket.send(Buffer.from([1, 2, 3]));
    socket.send('[]');
    socket.send('null');
    socket.send(JSON.stringify({ type: 'call', id: -1, name: 'catalogue.search', args: {} }));
    for (let index = 0; index < 4; index++) expect(await frames.next()).toMatchObject({ type: 'error' });
    expect(await closed).toBe(CLOSE_CODES.policyViolation);
    bystander.socket.send(call(1, 'catalogue.search', { text: 'j' }));
    expect(await bystander.frames.next()).toMatchObject({ id: 1, result: { ok: true } });
    bystander.socket.close();
  });

  it('a frame carrying the largest product picture (as Base64) is read and answered', async () => {
    const { socket, frames } = await openValidSocket(testHost);
    // Refused for its text's length, by the contract: the frame itself got through (decision 0008).
    socket.send(call(2, 'catalogue.search', { text: 'x'.repeat(MAX_PICTURE_BASE64) }));
    expect(await frames.next()).toMatchObject({
      type: 'result',
      id: 2,
      result: { ok: false, error: { code: 'invalid-arguments' } },
    });
    socket.close();
  });

  it('a frame over the size limit closes the socket with 1009', async () => {
    const { socket } = await openValidSocket(testHost);
    const closed = closeCode(socket);
    socket.send(call(1, 'catalogue.search', { text: 'x'.repeat(MAX_FRAME_BYTES) }));
    expect(await closed).toBe(1009);
  });
});

describe('a page that stops reading', () => {
  it('is dropped once its buffer passes the limit; the others still get every event', async () => {
    const slowHost = await startTestHost({ limits: { maxBufferedBytes: 256 * 1024 } });
    try {
      const reader = await openValidSocket(slowHost);
      const received: string[] = [];
      reader.socket.on('message', () => received.push('x'));
      const stalled = await openValidSocket(slowHost);
      stalled.socket.pause();
      const closed = closeCode(stalled.socket);
      // 1 MiB events: the kernel's socket buffers fill after a few, then the host's own buffer grows.
      const payload = { ...SYNC_PROGRESS, lastError: 'x'.repeat(1024 * 1024) };
      let sent = 0;
      while (slowHost.host.connections === 2 && sent < 200) {
        slowHost.api.events.emit('sync.progress', payload);
        sent += 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      expect(slowHost.host.connections).toBe(1);
      stalled.socket.resume();
      expect(await closed).toBe(1006);
      await expect.poll(() => received.length, { timeout: 10_000 }).toBe(sent);
      reader.socket.close();
    } finally {
      await slowHost.close();
    }
  });
});

describe('closing the host', () => {
  it('closes every socket with 1001 and stops listening for events', async () => {
    const own = await startTestHost();
    const { socket } = await openValidSocket(own);
    const closed = closeCode(socket);
    expect(own.api.events.listeners).toBe(1);
    await own.close();
    expect(await closed).toBe(1001);
    expect(own.api.events.listeners).toBe(0);
    expect(socket.readyState).toBe(WebSocket.CLOSED);
  });
});
