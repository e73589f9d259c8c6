// The seam between the Electron shell and the app's background work. The shell awaits `startServices`
// once the app is ready and, on quit, awaits `stopServices` (bounded by the quit coordinator's timeout)
// before letting Electron exit: that is where the outbox drainer finishes its current request and
// releases its lease, and where databases are closed. A service joins by adding a starter to
// `SERVICE_STARTERS`, in dependency order (a database before the drainer that uses it). The app's
// services (src-main/services) are one starter; their API is handed to the shell's IPC registration
// through `runningApi()`. No electron import: the seam runs under plain Node in tests.
import type { ApiCore } from '../api/index.js';
import { KeytarCredentialStore } from '../credentials/index.js';
import type { Logger } from '../logging/index.js';
import { startAppServices } from '../services/index.js';
import type { AppPaths } from './paths.js';

export interface ServiceContext {
  paths: AppPaths;
  logger: Logger;
}

/** Starts one service and returns how to stop it. */
export interface ServiceStarter {
  name: string;
  start(context: ServiceContext): Promise<() => Promise<void> | void>;
}

let appApi: ApiCore | undefined;

/** The API of the running app services (for src-main/ipc/register.ts); undefined before start and after stop. */
export function runningApi(): ApiCore | undefined {
  return appApi;
}

/** The app database, profiles on the OS keychain, the active store and the demo store (src-main/services). */
export const APP_SERVICES_STARTER: ServiceStarter = {
  name: 'app-services',
  async start({ paths, logger }) {
    const services = await startAppServices({
      userDataDir: paths.userData,
      credentialStore: new KeytarCredentialStore(),
      logger,
    });
    appApi = services.api;
    return async () => {
      appApi = undefined;
      await services.stop();
    };
  },
};

/** The app's services, in start order. */
export const SERVICE_STARTERS: readonly ServiceStarter[] = [APP_SERVICES_STARTER];

export interface RunningServices {
  /** Names in start order. */
  readonly names: readonly string[];
  /** Stops everything last-first, once; later calls wait for the same stop. A failing stop is logged. */
  stopAll(): Promise<void>;
}

class ServiceStack implements RunningServices {
  readonly #stops: { name: string; stop: () => Promise<void> | void }[] = [];
  readonly #logger: Logger;
  #stopping: Promise<void> | null = null;

  constructor(logger: Logger) {
    this.#logger = logger;
  }

  get names(): readonly string[] {
    return this.#stops.map((entry) => entry.name);
  }

  add(name: string, stop: () => Promise<void> | void): void {
    this.#stops.push({ name, stop });
  }

  stopAll(): Promise<void> {
    this.#stopping ??= this.#stopInReverse();
    return this.#stopping;
  }

  async #stopInReverse(): Promise<void> {
    for (const { name, stop } of [...this.#stops].reverse()) {
      const started = performance.now();
      try {
        await stop();
        this.#logger.info('Service stopped', { service: name, ms: Math.round(performance.now() - started) });
      } catch (error) {
        this.#logger.error('Service failed to stop', { service: name, error });
      }
    }
  }
}

/**
 * Starts the services in order. If one fails to start, those already started are stopped and the
 * error is thrown, so the shell never runs half a set of services.
 */
export async function startServices(
  context: ServiceContext,
  starters: readonly ServiceStarter[] = SERVICE_STARTERS,
): Promise<RunningServices> {
  const stack = new ServiceStack(context.logger);
  for (const starter of starters) {
    try {
      stack.add(starter.name, await starter.start(context));
    } catch (error) {
      context.logger.error('Service failed to start', { service: starter.name, error });
      await stack.stopAll();
      throw error;
    }
  }
  context.logger.info('Services started', { services: stack.names });
  return stack;
}

/** Stops what `startServices` started, last-first. */
export function stopServices(running: RunningServices): Promise<void> {
  return running.stopAll();
}
