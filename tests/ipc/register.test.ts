// ipc/register.ts against a stand-in electron module (Electron cannot run here, as in
// tests/app/shell.test.ts): one channel per call, the sender checks (main frame of the app window, on
// the app's origin) before anything else, and events sent to the app window only.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BrowserWindow } from 'electron';
import type { ApiCore, ApiEventListener, CallOrigin } from '../../src-main/api/index.js';
import { silentLogger } from '../../src-main/logging/index.js';
import { CALL_NAMES, callChannel, eventChannel } from '../../src-shared/ipc/index.js';

type Handler = (event: unknown, args: unknown) => Promise<unknown>;
const fake = vi.hoisted(() => ({ handlers: new Map<string, Handler>(), removed: [] as string[] }));

vi.mock('electron', () => ({
  ipcMain: {
    handle(channel: string, handler: Handler) {
      if (fake.handlers.has(channel))
        throw new Error(`Attempted to register a second handler for '${channel}'`);
      fake.handlers.set(channel, handler);
    },
    removeHandler(channel: string) {
      fake.removed.push(channel);
      fake.handlers.delete(channel);
    },
  },
}));

const { registerIpc, isTrustedSender } = await import('../../src-main/ipc/register.js');

interface FakeFrame {
  url: string;
  processId: number;
  routingId: number;
  parent: FakeFrame | null;
}

function frame(
  url: string,
  ids: { processId?: number; routingId?: number; parent?: FakeFrame } = {},
): FakeFrame {
  return { url, processId: ids.processId ?? 4, routingId: ids.routingId ?? 1, parent: ids.parent ?? null };
}

function fakeWindow(url = 'app://stockroom/index.html') {
  const sent: Array<[string, unknown]> = [];
  let destroyed = false;
  const webContents = {
    mainFrame: frame(url),
    send: (channel: string, payload: unknown) => sent.push([channel, payload]),
  };
  const window = {
    webContents,
    isDestroyed: () => destroyed,
    destroy: () => {
      destroyed = true;
    },
  };
  return { window, asWindow: window as unknown as BrowserWindow, sent, webContents };
}

function recordingApi() {
  const calls: Array<{ name: string; args: unknown; origin: CallOrigin }> = [];
  const listeners = new Set<ApiEventListener>();
  const api: ApiCore = {
    call: async (name, args, origin) => {
      calls.push({ name, args, origin });
      return { ok: true, value: 'answered' };
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return { api, calls, listeners };
}

let app: ReturnType<typeof fakeWindow>;
let recorded: ReturnType<typeof recordingApi>;
let current: BrowserWindow | null;

beforeEach(() => {
  fake.handlers.clear();
  fake.removed.length = 0;
  app = fakeWindow();
  current = app.asWindow;
  recorded = recordingApi();
});

afterEach(() => vi.restoreAllMocks());

function register(appOrigin = 'app://stockroom') {
  return registerIpc({ api: recorded.api, appWindow: () => current, appOrigin, logger: silentLogger });
}

function invoke(name: string, event: { sender: unknown; senderFrame: FakeFrame | null }, args: unknown = {}) {
  const handler = fake.handlers.get(callChannel(name as (typeof CALL_NAMES)[number]));
  if (handler === undefined) throw new Error(`no handler for ${name}`);
  return handler(event, args);
}

const refused = { ok: false, error: { code: 'refused', message: 'This page may not use Stockroom.' } };

describe('channels', () => {
  it('handles exactly one channel per call of the contract', () => {
    const registered = register();
    expect([...fake.handlers.keys()].sort()).toEqual(CALL_NAMES.map(callChannel).sort());
    expect(Object.keys(registered.channels).sort()).toEqual([...CALL_NAMES].sort());
  });

  it('a call from the app window reaches api-core with its name, arguments and origin "ipc"', async () => {
    register();
    const answer = await invoke(
      'catalogue.search',
      { sender: app.webContents, senderFrame: app.webContents.mainFrame },
      { text: 'x' },
    );
    expect(answer).toEqual({ ok: true, value: 'answered' });
    expect(recorded.calls).toEqual([{ name: 'catalogue.search', args: { text: 'x' }, origin: 'ipc' }]);
  });

  it('the main frame may be a different object for the same frame (same process and routing id)', async () => {
    register();
    const sameFrame = frame('app://stockroom/index.html#/count');
    expect(await invoke('sync.status', { sender: app.webContents, senderFrame: sameFrame })).toEqual({
      ok: true,
      value: 'answered',
    });
  });

  it('dispose removes every handler and stops the events', () => {
    const registered = register();
    registered.dispose();
    expect(fake.handlers.size).toBe(0);
    expect(fake.removed.sort()).toEqual(CALL_NAMES.map(callChannel).sort());
    expect(recorded.listeners.size).toBe(0);
  });
});

describe('sender checks, before api-core', () => {
  const cases: Array<[string, () => { sender: unknown; senderFrame: FakeFrame | null }]> = [
    [
      'no sender frame (the frame navigated away or was destroyed)',
      () => ({ sender: app.webContents, senderFrame: null }),
    ],
    [
      'a sub-frame of the app window',
      () => ({
        sender: app.webContents,
        senderFrame: frame('app://stockroom/inner.html', { routingId: 7, parent: app.webContents.mainFrame }),
      }),
    ],
    [
      'another web contents',
      () => {
        const other = fakeWindow();
        return { sender: other.webContents, senderFrame: other.webContents.mainFrame };
      },
    ],
    [
      'the app window showing another origin',
      () => {
        app.webContents.mainFrame = frame('https://evil.example/');
        return { sender: app.webContents, senderFrame: app.webContents.mainFrame };
      },
    ],
    [
      'a lookalike origin',
      () => {
        app.webContents.mainFrame = frame('app://stockroom.evil/index.html');
        return { sender: app.webContents, senderFrame: app.webContents.mainFrame };
      },
    ],
    [
      'a file:// page',
      () => {
        app.webContents.mainFrame = frame('file:///tmp/index.html');
        return { sender: app.webContents, senderFrame: app.webContents.mainFrame };
      },
    ],
    [
      'a URL that does not parse',
      () => {
        app.webContents.mainFrame = frame('not a url');
        return { sender: app.webContents, senderFrame: app.webContents.mainFrame };
      },
    ],
    [
      'a destroyed window',
      () => {
        app.window.destroy();
        return { sender: app.webContents, senderFrame: app.webContents.mainFrame };
      },
    ],
    [
      'no window (closed, or not yet open)',
      () => {
        current = null;
        return { sender: app.webContents, senderFrame: app.webContents.mainFrame };
      },
    ],
  ];

  for (const [label, event] of cases) {
    it(`refuses ${label}`, async () => {
      register();
      for (const name of CALL_NAMES) expect(await invoke(name, event())).toEqual(refused);
      expect(recorded.calls).toEqual([]);
    });
  }

  it('accepts the dev server origin when that is the app origin, and nothing else then', async () => {
    app = fakeWindow('http://localhost:5173/');
    current = app.asWindow;
    register('http://localhost:5173');
    const ok = { sender: app.webContents, senderFrame: app.webContents.mainFrame };
    expect(await invoke('settings.get', ok)).toEqual({ ok: true, value: 'answered' });
    app.webContents.mainFrame = frame('http://localhost:5174/');
    expect(
      await invoke('settings.get', { sender: app.webContents, senderFrame: app.webContents.mainFrame }),
    ).toEqual(refused);
  });

  it('isTrustedSender is false for an undefined frame too', () => {
    expect(
      isTrustedSender(
        { sender: app.webContents, senderFrame: undefined } as never,
        app.asWindow,
        'app://stockroom',
      ),
    ).toBe(false);
  });
});

describe('events', () => {
  it('go to the app window, one channel per event, payload as given', () => {
    register();
    const payload = { done: 1, total: 2 };
    for (const listener of recorded.listeners) listener('outbox.progress', payload);
    expect(app.sent).toEqual([[eventChannel('outbox.progress'), payload]]);
  });

  it('are dropped while there is no window or it is destroyed', () => {
    register();
    current = null;
    for (const listener of recorded.listeners) listener('outbox.progress', { done: 0, total: 0 });
    current = app.asWindow;
    app.window.destroy();
    for (const listener of recorded.listeners) listener('outbox.progress', { done: 0, total: 0 });
    expect(app.sent).toEqual([]);
  });
});
