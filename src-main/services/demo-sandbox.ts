// The embedded demo back office: the sandbox (src-main/sandbox) inside the app, on a free loopback port,
// with its data in `<userData>/sandbox/demo.sqlite`, so the demo keeps what a person did in it across
// restarts (same file, same data; only the port changes). Nothing here needs a network.
import { join } from 'node:path';
import type { AppPaths } from '../storage/paths.js';
import type { Logger } from '../logging/index.js';
import { startSandbox, type SandboxHandle } from '../sandbox/index.js';
import { DEMO_STORE } from './demo-credentials.js';

export const DEMO_DATA_FILE_NAME = 'demo.sqlite';

export class DemoSandbox {
  readonly #dataFile: string;
  readonly #logger: Logger;
  #starting: Promise<SandboxHandle> | undefined;
  #closed = false;

  constructor(paths: AppPaths, logger: Logger) {
    this.#dataFile = join(paths.sandboxDirectory, DEMO_DATA_FILE_NAME);
    this.#logger = logger;
  }

  get dataFile(): string {
    return this.#dataFile;
  }

  get running(): boolean {
    return this.#starting !== undefined;
  }

  /** Starts the sandbox once (later calls share it); resolves with its base URL. */
  async url(): Promise<string> {
    if (this.#closed) throw new Error('The app is stopping: the demo store does not start now');
    this.#starting ??= this.#start();
    try {
      return (await this.#starting).url;
    } catch (error) {
      this.#starting = undefined;
      throw error;
    }
  }

  /** Stops it for good (the app is quitting): a late "Try the demo store" cannot start it again. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.stop();
  }

  async stop(): Promise<void> {
    const starting = this.#starting;
    this.#starting = undefined;
    if (starting === undefined) return;
    const handle = await starting.catch(() => undefined);
    await handle?.close();
    this.#logger.info('Demo store stopped');
  }

  async #start(): Promise<SandboxHandle> {
    const started = performance.now();
    const handle = await startSandbox({
      dataFile: this.#dataFile,
      seed: 'demo',
      port: 0,
      stores: [{ ...DEMO_STORE }],
      log: (line) => this.#logger.warn('Demo store', { line }),
    });
    this.#logger.info('Demo store started', { url: handle.url, ms: Math.round(performance.now() - started) });
    return handle;
  }
}
