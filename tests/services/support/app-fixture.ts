// Starts the app's services as the shell does (startAppServices), in a temporary user-data folder, and
// records every call's answer and every event, each checked against the contract's schema: the
// services tests then read like a person using the app.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, vi } from 'vitest';
import type { CredentialStore } from '../../../src-main/credentials/index.js';
import { createFileLogger, type FileLogger } from '../../../src-main/logging/index.js';
import { startAppServices, type AppServices } from '../../../src-main/services/index.js';
import type { OutboxTiming } from '../../../src-main/services/store-session.js';
import {
  callContract,
  eventContract,
  type CallArgs,
  type CallName,
  type CallValue,
  type EventName,
  type IpcResult,
} from '../../../src-shared/ipc/index.js';

export interface RecordedEvent {
  readonly name: EventName;
  readonly payload: unknown;
}

export interface TestApp {
  readonly services: AppServices;
  readonly userData: string;
  readonly events: RecordedEvent[];
  /** Every answer (ok or not) as the page would receive it. */
  readonly answers: unknown[];
  /** Calls and expects ok; returns the value. */
  ok<N extends CallName>(name: N, args: CallArgs<N>): Promise<CallValue<N>>;
  /** Calls and returns the whole result. */
  call<N extends CallName>(name: N, args: CallArgs<N>): Promise<IpcResult<CallValue<N>>>;
  stop(): Promise<void>;
}

export function tempFolder(prefix: string): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

export const FAST_OUTBOX: OutboxTiming = { watchdogMs: 200, settleMs: 500 };

export async function startTestApp(options: {
  userData: string;
  credentialStore: CredentialStore;
  outboxTiming?: OutboxTiming;
}): Promise<TestApp> {
  const log: FileLogger = createFileLogger({ directory: join(options.userData, 'logs'), level: 'debug' });
  const services = await startAppServices({
    userDataDir: options.userData,
    credentialStore: options.credentialStore,
    logger: log.logger,
    outboxTiming: options.outboxTiming ?? FAST_OUTBOX,
  });
  const events: RecordedEvent[] = [];
  const answers: unknown[] = [];
  services.api.subscribe((name, payload) => {
    // Every event leaves main as its schema says (the hub checks; this checks the hub).
    expect(eventContract[name].safeParse(payload).success, name).toBe(true);
    events.push({ name, payload: structuredClone(payload) });
  });
  const call = async <N extends CallName>(name: N, args: CallArgs<N>) => {
    const result = (await services.api.call(name, args, 'web')) as IpcResult<CallValue<N>>;
    answers.push(structuredClone(result));
    if (result.ok) expect(callContract[name].result.safeParse(result.value).success, name).toBe(true);
    return result;
  };
  return {
    services,
    userData: options.userData,
    events,
    answers,
    call,
    async ok(name, args) {
      const result = await call(name, args);
      if (!result.ok) throw new Error(`${name} failed: ${result.error.code} ${result.error.message}`);
      return result.value;
    },
    async stop() {
      await services.stop();
      log.close();
    },
  };
}

/** Polls a call until its value satisfies `done`. */
export async function waitForValue<N extends CallName>(
  app: TestApp,
  name: N,
  args: CallArgs<N>,
  done: (value: CallValue<N>) => boolean,
  timeout = 30_000,
): Promise<CallValue<N>> {
  let last: CallValue<N> | undefined;
  await vi.waitFor(
    async () => {
      last = await app.ok(name, args);
      if (!done(last)) throw new Error(`${name} not there yet: ${JSON.stringify(last).slice(0, 300)}`);
    },
    { timeout, interval: 100 },
  );
  return last as CallValue<N>;
}

export function waitForFirstSync(app: TestApp, timeout = 60_000) {
  return waitForValue(
    app,
    'sync.status',
    {},
    (status) => status.firstSyncComplete && status.state !== 'running',
    timeout,
  );
}

/**
 * Adds the sandbox store as the active profile, waits for its first sync and answers its first
 * warehouse's code (every store the sandbox seeds has one).
 */
export async function openSandboxStore(
  app: TestApp,
  options: {
    displayName: string;
    baseUrl: string;
    store: { name: string; apikey: string; apisecret: string };
  },
): Promise<string> {
  const { displayName, baseUrl, store } = options;
  await app.ok('profiles.add', {
    displayName,
    baseUrl,
    storename: store.name,
    apikey: store.apikey,
    apisecret: store.apisecret,
    activate: true,
  });
  await waitForFirstSync(app);
  const code = (await app.ok('catalogue.warehouses', {}))[0]?.code;
  if (code === undefined) throw new Error(`The store ${store.name} has no warehouse`);
  return code;
}

export function waitForDrained(app: TestApp, timeout = 30_000) {
  return waitForValue(
    app,
    'outbox.summary',
    {},
    (summary) => summary.pending + summary.sending + summary.retry + summary.unclear + summary.parked === 0,
    timeout,
  );
}
