// The app under test of the Chromium end-to-end tests, set up one way for every file: the project's real
// build, the real app services on a fresh user-data folder (restartable on the same folder), the web host
// in front of them, Chromium with a fresh profile, and optionally an external sandbox store over loopback.
//
//   const app = appUnderTest({ name: 'counting' });   // beforeAll starts it, afterAll closes it all
//   it('…', async () => {
//     const { page, problems } = app;
//     await page.goto(app.host.url);
//     const lines = await app.call('counting.lines', { sessionId });   // throws on { ok: false }
//     await app.screenshot('counting-1-new-session');                  // test-results/e2e/<name>.png
//     expect(problems).toEqual([]);
//   });
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { CredentialStore } from '../../../src-main/credentials/index.js';
import { InMemoryCredentialStore } from '../../../src-main/credentials/in-memory-credential-store.js';
import { startWebHost, type WebHost } from '../../../src-main/host/web-host.js';
import { silentLogger, type Logger } from '../../../src-main/logging/index.js';
import {
  startAppServices,
  type AppServices,
  type StartAppServicesOptions,
} from '../../../src-main/services/index.js';
import type { AppSettings, CallArgs, CallName, CallValue, IpcResult } from '../../../src-shared/ipc/index.js';
import { sharedAppBuild } from '../../app/support/build-app.js';
import { launchChromium, type ChromiumSession } from '../../support/chromium.js';
import { standIn } from '../../support/per-file.js';
import {
  startTestSandbox,
  type TestSandbox,
  type TestSandboxOptions,
} from '../../support/sandbox-harness.js';
import { saveFailure, screenshot, SCREENSHOTS, type Call, type ScreenshotOptions } from './page-helpers.js';

export type { Call };

export interface AppUnderTestOptions {
  /** Names the temporary user-data folder (stockroom-e2e-<name>-…). */
  readonly name: string;
  /** Chromium's viewport; 1366×900 unless given. */
  readonly viewport?: { readonly width: number; readonly height: number };
  /** Shorter outbox waits for the test; the outbox's defaults unless given. */
  readonly outboxTiming?: StartAppServicesOptions['outboxTiming'];
  /** The keychain (kept across restart()); a fresh InMemoryCredentialStore unless given. */
  readonly credentials?: CredentialStore;
  /** Set before any page opens: a new install starts in Thai, most tests read the English words. */
  readonly language?: AppSettings['language'];
  /** The services' and the host's logger; silent unless given. */
  readonly logger?: Logger;
  /** Where a hosted live count listens (loopback in tests); the services' default otherwise. */
  readonly liveListen?: StartAppServicesOptions['liveListen'];
  /** Finding live-count hosts: 'off' unless given (a test gives a loopback network, never the mDNS group). */
  readonly liveDiscovery?: StartAppServicesOptions['liveDiscovery'];
  /** An external sandbox store to start alongside (app.sandbox); closed with the app. */
  readonly sandbox?: TestSandboxOptions;
}

export interface AppUnderTest {
  readonly page: Page;
  /** The browser context, for more pages. */
  readonly context: BrowserContext;
  /** Console errors, page errors, CSP violations and failed responses seen by the context's first page. */
  readonly problems: string[];
  /** The services running now (new ones after restart()). */
  readonly services: AppServices;
  /** The web host running now (a new one, with a new address, after restart()). */
  readonly host: WebHost;
  /** The built renderer, for another host on the same services. */
  readonly rendererDirectory: string;
  readonly call: Call;
  /** Opens the page, starts the demo store with its button and waits for the catalogue to be synced. */
  openDemoStore(): Promise<void>;
  /** Screenshot of the page in test-results/e2e/<name>.png (the full page unless told). */
  screenshot(name: string, options?: ScreenshotOptions): Promise<void>;
  /** Quits the app as a person does (host, then services) and starts it again on the same user data. */
  restart(): Promise<void>;
  /** Closes Chromium, the host, the services and the sandbox, and deletes the user data (the build is shared). */
  close(): Promise<void>;
}

export type AppWithSandbox = AppUnderTest & { readonly sandbox: TestSandbox };

const DEFAULT_VIEWPORT = { width: 1366, height: 900 } as const;

/** Runs every step even when one fails (so nothing is left running), then throws the first failure. */
async function runAll(steps: ReadonlyArray<() => unknown>): Promise<void> {
  const failures: unknown[] = [];
  for (const step of steps) {
    try {
      await step();
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) throw failures[0];
}

function settled<T>(result: PromiseSettledResult<T>): T | undefined {
  return result.status === 'fulfilled' ? result.value : undefined;
}

export function startAppUnderTest(
  options: AppUnderTestOptions & { sandbox: TestSandboxOptions },
): Promise<AppWithSandbox>;
export function startAppUnderTest(options: AppUnderTestOptions): Promise<AppUnderTest>;
export async function startAppUnderTest(options: AppUnderTestOptions): Promise<AppUnderTest> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const userDataDir = mkdtempSync(join(tmpdir(), `stockroom-e2e-${options.name}-`));
  const credentialStore = options.credentials ?? new InMemoryCredentialStore();
  const logger = options.logger ?? silentLogger;
  const startServices = (): Promise<AppServices> =>
    startAppServices({
      userDataDir,
      credentialStore,
      logger,
      ...(options.outboxTiming === undefined ? {} : { outboxTiming: options.outboxTiming }),
      ...(options.liveListen === undefined ? {} : { liveListen: options.liveListen }),
      liveDiscovery: options.liveDiscovery ?? 'off',
    });

  // The slow parts at once; whatever did start is closed again when another part fails.
  const [built, servicesStarted, chromiumStarted, sandboxStarted] = await Promise.allSettled([
    sharedAppBuild(),
    startServices(),
    launchChromium({ viewport: options.viewport ?? DEFAULT_VIEWPORT }),
    options.sandbox === undefined ? Promise.resolve(undefined) : startTestSandbox(options.sandbox),
  ]);
  const outDir = settled(built);
  let services = settled(servicesStarted);
  const chromium: ChromiumSession | undefined = settled(chromiumStarted);
  const sandbox = settled(sandboxStarted);
  let host: WebHost | undefined;

  const close = () =>
    runAll([
      () => chromium?.close(),
      async () => {
        await host?.close();
        host = undefined;
      },
      async () => {
        await services?.stop();
        services = undefined;
      },
      // A test may have stopped its store already (offline cases).
      () => sandbox?.close().catch(() => undefined),
      () => rmSync(userDataDir, { recursive: true, force: true }),
    ]);

  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not running`);
    return value;
  };
  async function call<N extends CallName>(name: N, args: CallArgs<N>): Promise<CallValue<N>> {
    const api = started(services, 'the app').api;
    const result = (await api.call(name, args, 'web')) as IpcResult<CallValue<N>>;
    if (!result.ok) throw new Error(`${name}: ${result.error.message}`);
    return result.value;
  }

  try {
    for (const result of [built, servicesStarted, chromiumStarted, sandboxStarted]) {
      if (result.status === 'rejected') throw result.reason;
    }
    const rendererDirectory = join(started(outDir, 'the build'), 'renderer');
    const startHost = () =>
      startWebHost({
        api: started(services, 'the app').api,
        rendererDirectory,
        ...(options.logger === undefined ? {} : { logger }),
      });
    await call('settings.set', { language: options.language ?? 'en' });
    host = await startHost();
    const browser = started(chromium, 'Chromium');

    const app: AppUnderTest & { readonly sandbox: TestSandbox | undefined } = {
      page: browser.page,
      context: browser.context,
      problems: browser.problems,
      get services() {
        return started(services, 'the app');
      },
      get host() {
        return started(host, 'the web host');
      },
      rendererDirectory,
      sandbox,
      call,
      async openDemoStore() {
        await browser.page.goto(started(host, 'the web host').url);
        await browser.page.getByRole('button', { name: 'Try the demo store' }).click();
        await browser.page.getByText('Catalogue: up to date').waitFor({ timeout: 30_000 });
      },
      screenshot: (name, screenshotOptions) => screenshot(browser.page, name, screenshotOptions),
      async restart() {
        await host?.close();
        host = undefined;
        await services?.stop();
        services = undefined;
        services = await startServices();
        host = await startHost();
      },
      close,
    };
    return app;
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}

/**
 * The file's app under test: started in a beforeAll (the file's own beforeAll hooks, registered after
 * this call, run after it), closed in an afterAll. The answer reads the started app at each use. When
 * a test fails (a wait timed out, most often), the page is saved as test-results/e2e/failed-<test>.png
 * and .txt before anything closes it.
 */
export function appUnderTest(options: AppUnderTestOptions & { sandbox: TestSandboxOptions }): AppWithSandbox;
export function appUnderTest(options: AppUnderTestOptions): AppUnderTest;
export function appUnderTest(options: AppUnderTestOptions): AppUnderTest {
  let app: AppUnderTest | undefined;
  beforeAll(async () => {
    app = await startAppUnderTest(options);
  }, 90_000);
  afterEach(async ({ task }) => {
    if (app === undefined || task.result?.state !== 'fail') return;
    const saved = await saveFailure(app.page, `${options.name}-${task.name}`);
    console.error(`The page when "${task.name}" failed: ${saved.join(', ') || 'nothing could be saved'}`);
  }, 40_000);
  afterAll(async () => {
    await app?.close();
  });
  return standIn(() => {
    if (app === undefined) throw new Error('The app is used before beforeAll started it');
    return app;
  });
}
