// The seam between the Electron shell and the app's background work. The shell awaits `startServices`
// once the app is ready and, on quit, awaits `stopServices` (bounded by the quit coordinator's timeout)
// before letting Electron exit: that is where the outbox drainer finishes its current request and
// releases its lease, and where databases are closed. A service joins by adding a starter to
// `SERVICE_STARTERS`, in dependency order (a database before the drainer that uses it). The app's
// services (src-main/services) are one starter; the API it returns is the running services' `api`,
// which the shell hands to the IPC registration. No electron import: the seam runs under plain Node in
// tests.
import type { ApiCore } from '../api/index.js';
import { KeytarCredentialStore } from '../credentials/index.js';
import type { Logger } from '../logging/index.js';
import type { PdfSaver } from '../printing/index.js';
import { startAppServices } from '../services/index.js';
import type { AppPaths } from '../storage/paths.js';

export interface ServiceContext {
  paths: AppPaths;
  logger: Logger;
  /** The shell's "Save as PDF" (src-main/app/pdf-saver.ts); none under plain Node. */
  pdfSaver?: PdfSaver;
}

/** A started service: how to stop it, and the API it serves to the page, if it serves one. */
export interface StartedService {
  stop(): Promise<void> | void;
  readonly api?: ApiCore;
}

/** Starts one service. */
export interface ServiceStarter {
  name: string;
  start(context: ServiceContext): Promise<StartedService>;
}

/** The app database, profiles on the OS keychain, the active store and the demo store (src-main/services). */
export const APP_SERVICES_STARTER: ServiceStarter = {
  name: 'app-services',
  async start({ paths, logger, pdfSaver }) {
    const services = await startAppServices({
      userDataDir: paths.userData,
      credentialStore: new KeytarCredentialStore(),
      logger,
      ...(pdfSaver === undefined ? {} : { pdfSaver }),
    });
    return { api: services.api, stop: () => services.stop() };
  },
};

/** The app's services, in start order. */
export const SERVICE_STARTERS: readonly ServiceStarter[] = [APP_SERVICES_STARTER];

export interface RunningServices {
  /** Names in start order. */
  readonly names: readonly string[];
  /** The API a started service serves to the page (for src-main/ipc/register.ts); undefined without one. */
  readonly api: ApiCore | undefined;
  /** Stops everything last-first, once; later calls wait for the same stop. A failing stop is logged. */
  stopAll(): Promise<void>;
}

class ServiceStack implements RunningServices {
  readonly #stops: { name: string; stop: () => Promise<void> | void }[] = [];
  readonly #logger: Logger;
  #stopping: Promise<void> | null = null;
  api: ApiCore | undefined;

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
    this.api = undefined;
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
      const started = await starter.start(context);
      stack.add(starter.name, () => started.stop());
      stack.api ??= started.api;
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
