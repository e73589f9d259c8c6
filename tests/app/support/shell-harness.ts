// Runs the Electron shell (src-main/index.ts) under plain Node against the stand-in electron module of
// fake-electron.ts, for the shell's test files. Each file mocks 'electron' with lazyElectronModule (a
// mocked module outlives vi.resetModules, so its exports read the current test's fake through `holder`)
// and calls useShellHarness once at its top.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, vi } from 'vitest';
import { createFakeElectron } from './fake-electron.js';

export interface FakeHolder {
  current: unknown;
}

const ELECTRON_EXPORTS = [
  'app',
  'protocol',
  'session',
  'BrowserWindow',
  'dialog',
  'Notification',
  'screen',
  'shell',
  'ipcMain',
];

/** The electron module for vi.mock: each export is the current test's fake's. */
export function lazyElectronModule(holder: FakeHolder): object {
  const current = (name: string): unknown => {
    if (holder.current === null)
      throw new Error('The test sets up the fake electron before importing the shell');
    return (holder.current as { module: Record<string, unknown> }).module[name];
  };
  return Object.defineProperties(
    {},
    Object.fromEntries(
      ELECTRON_EXPORTS.map((name) => [name, { enumerable: true, get: () => current(name) }]),
    ),
  );
}

const PROCESS_EVENTS = ['uncaughtExceptionMonitor', 'unhandledRejection', 'SIGINT', 'SIGTERM'];

export interface ShellHarness {
  /** This test's appData folder (the shell's user data is its Stockroom folder). */
  readonly appData: string;
  startShell(options?: {
    hasLock?: boolean;
    isPackaged?: boolean;
    /** The PC's preferred languages, if not English. */
    languages?: string[];
  }): Promise<ReturnType<typeof createFakeElectron>>;
  /** The shell's log file, one object a line. */
  logEntries(): Record<string, unknown>[];
}

export function useShellHarness(holder: FakeHolder): ShellHarness {
  const processEvents: NodeJS.EventEmitter = process;
  let listenersBefore: Map<string, unknown[]>;
  let appData = '';

  beforeEach(() => {
    appData = mkdtempSync(join(tmpdir(), 'stockroom-shell-'));
    listenersBefore = new Map(PROCESS_EVENTS.map((name) => [name, processEvents.listeners(name)]));
    vi.resetModules();
  });

  afterEach(() => {
    // The shell listens to process signals and errors; a test worker must not keep those listeners.
    for (const name of PROCESS_EVENTS) {
      for (const listener of processEvents.listeners(name)) {
        if (!listenersBefore.get(name)?.includes(listener)) {
          processEvents.removeListener(name, listener as (...args: unknown[]) => void);
        }
      }
    }
    vi.unstubAllEnvs();
    holder.current = null;
    rmSync(appData, { recursive: true, force: true });
  });

  return {
    get appData() {
      return appData;
    },
    async startShell({ languages, ...options } = {}) {
      const fake = createFakeElectron({ appData, ...options });
      if (languages !== undefined) fake.state.languages = languages;
      holder.current = fake;
      await import('../../../src-main/index.js');
      // The shell imports the services only once ready (so a native module that cannot load fails where
      // it can be reported); loading them here, into the same module registry, keeps that import from
      // racing the tests' waits.
      await import('../../../src-main/app/services.js');
      return fake;
    },
    logEntries() {
      const path = join(appData, 'Stockroom', 'logs', 'stockroom.log');
      return readFileSync(path, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    },
  };
}
