// The preload: `window.stockroom` is the bridge and nothing else, its allow-lists are the contract's
// names, subscriptions return an unsubscribe, and only payloads reach the page. Then the real bundle,
// out/preload/index.cjs as `npm run build` writes it and the window loads it (built first when stale):
// one CommonJS file that holds no zod, requires only `electron` and runs where nothing else can be
// required, as in a sandboxed renderer, exposing `call` and `on` only.
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CALL_NAMES,
  callChannel,
  EVENT_NAMES,
  eventChannel,
  type StockroomBridge,
} from '../../src-shared/ipc/index.js';
import { PRELOAD_BUNDLE, projectBuild } from '../support/project-build.js';

type Listener = (event: unknown, payload: unknown) => void;

/** A stand-in for the electron module a preload sees. */
function fakeElectron() {
  const exposed = new Map<string, unknown>();
  const invoked: Array<[string, unknown]> = [];
  const listeners = new Map<string, Set<Listener>>();
  return {
    exposed,
    invoked,
    listeners,
    module: {
      contextBridge: {
        exposeInMainWorld(key: string, api: unknown) {
          exposed.set(key, api);
        },
      },
      ipcRenderer: {
        invoke(channel: string, args: unknown) {
          invoked.push([channel, args]);
          return Promise.resolve({ ok: true, value: channel });
        },
        on(channel: string, listener: Listener) {
          const set = listeners.get(channel) ?? new Set();
          set.add(listener);
          listeners.set(channel, set);
        },
        removeListener(channel: string, listener: Listener) {
          listeners.get(channel)?.delete(listener);
        },
      },
    },
  };
}

const electron = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('electron', () => electron.current as object);

function bridgeFrom(exposed: Map<string, unknown>): StockroomBridge {
  return exposed.get('stockroom') as StockroomBridge;
}

function checkBridge(stand: ReturnType<typeof fakeElectron>) {
  return async () => {
    expect([...stand.exposed.keys()]).toEqual(['stockroom']);
    const bridge = bridgeFrom(stand.exposed);
    expect(Object.keys(bridge).sort()).toEqual(['call', 'on']);
    expect(Object.isFrozen(bridge)).toBe(true);

    for (const name of CALL_NAMES) {
      expect(await bridge.call(name, {} as never)).toEqual({ ok: true, value: callChannel(name) });
    }
    expect(stand.invoked.map(([channel]) => channel)).toEqual(CALL_NAMES.map(callChannel));

    for (const name of ['nope', 'ipc.handle', '__proto__', 'stockroom:call:settings.get']) {
      expect(await bridge.call(name as never, {} as never)).toMatchObject({
        ok: false,
        error: { code: 'unknown-call' },
      });
    }
    expect(stand.invoked).toHaveLength(CALL_NAMES.length);

    for (const name of EVENT_NAMES) {
      const got: unknown[] = [];
      const off = bridge.on(name, (payload) => got.push(payload));
      const channel = eventChannel(name);
      expect(stand.listeners.get(channel)?.size).toBe(1);
      for (const listener of stand.listeners.get(channel) ?? []) listener({ sender: 'secret-ish' }, { n: 1 });
      expect(got).toEqual([{ n: 1 }]);
      off();
      expect(stand.listeners.get(channel)?.size).toBe(0);
    }
    expect(() => bridge.on('nope' as never, () => undefined)).toThrow(/no such event/);
    expect(() => bridge.on('sync.progress', 'not a function' as never)).toThrow(/must be a function/);
  };
}

describe('the preload module', () => {
  const stand = fakeElectron();
  beforeAll(async () => {
    electron.current = stand.module;
    await import('../../src-main/preload/index.js');
  });

  it('exposes the bridge with allow-lists equal to the contract', async () => {
    await checkBridge(stand)();
  });
});

describe('the preload bundle electron-vite wrote (out/preload/index.cjs)', () => {
  let code = '';
  beforeAll(async () => {
    await projectBuild();
    code = readFileSync(PRELOAD_BUNDLE, 'utf8');
  }, 180_000);

  it('is small and holds no zod and no other module', () => {
    expect(code.length).toBeLessThan(6_000);
    expect(code).not.toMatch(/zod|ZodType|safeParse/);
    const required = [...code.matchAll(/require\(["']([^"']+)["']\)/g)].map((match) => match[1]);
    expect(new Set(required)).toEqual(new Set(['electron']));
    // Nothing an ES module or a bundler's runtime could load besides.
    expect(code).not.toMatch(/\bimport\s*\(|^\s*import\s|createRequire/m);
  });

  it('runs where only electron can be required (a sandboxed preload) and exposes the same bridge', async () => {
    const stand = fakeElectron();
    const module = { exports: {} };
    const required: string[] = [];
    runInNewContext(code, {
      module,
      exports: module.exports,
      require: (name: string) => {
        required.push(name);
        if (name !== 'electron') throw new Error(`A sandboxed preload cannot require ${name}`);
        return stand.module;
      },
      Promise,
    });
    expect(required).toEqual(['electron']);
    await checkBridge(stand)();
  });
});
