// The usual set-up of a services test file: one app started before the file's tests on a fresh temp
// user-data folder, stopped and the folder removed after them; or the same beside a sandbox serving one store.
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { CredentialStore } from '../../../src-main/credentials/index.js';
import { InMemoryCredentialStore } from '../../../src-main/credentials/in-memory-credential-store.js';
import { startSandbox, type SandboxHandle, type StoreCredentials } from '../../../src-main/sandbox/index.js';
import { startTestApp, tempFolder, type TestApp } from './app-fixture.js';

export interface AppInFolder {
  /** The running app; throws outside the file's tests. */
  readonly app: TestApp;
}

/** Call at file level. Secrets go to an in-memory store unless `credentialStore` is given. */
export function useAppInTempFolder(
  prefix: string,
  credentialStore: CredentialStore = new InMemoryCredentialStore(),
): AppInFolder {
  const folder = tempFolder(prefix);
  let running: TestApp | undefined;

  beforeAll(async () => {
    running = await startTestApp({ userData: folder.path, credentialStore });
  });

  afterAll(async () => {
    await running?.stop();
    running = undefined;
    folder.remove();
  });

  return {
    get app() {
      if (running === undefined) throw new Error(`The app of ${prefix} is used outside its tests`);
      return running;
    },
  };
}

export interface AppWithStoreSandbox extends AppInFolder {
  /** The back office of the one store; throws outside the file's tests. */
  readonly sandbox: SandboxHandle;
  /** The app's user-data folder (its logs, its stores' databases). */
  readonly userData: string;
  /** Takes the back office away before the file's end (the app then finds it unreachable). */
  closeSandbox(): Promise<void>;
}

/**
 * Call at file level: a demo-seeded sandbox serving `store`, and the app on a fresh user-data folder
 * (secrets in memory) with no profile yet, both in one temp folder removed after the file's tests.
 */
export function useAppWithStoreSandbox(
  prefix: string,
  options: { store: StoreCredentials; products: number },
): AppWithStoreSandbox {
  const folder = tempFolder(prefix);
  const userData = join(folder.path, 'user-data');
  let sandbox: SandboxHandle | undefined;
  let running: TestApp | undefined;

  beforeAll(async () => {
    sandbox = await startSandbox({
      dataFile: join(folder.path, 'backoffice.sqlite'),
      seed: 'demo',
      products: options.products,
      stores: [options.store],
      log: () => undefined,
    });
    running = await startTestApp({ userData, credentialStore: new InMemoryCredentialStore() });
  });

  afterAll(async () => {
    await running?.stop();
    await sandbox?.close();
    running = undefined;
    sandbox = undefined;
    folder.remove();
  });

  return {
    userData,
    async closeSandbox() {
      await sandbox?.close();
      sandbox = undefined;
    },
    get app() {
      if (running === undefined) throw new Error(`The app of ${prefix} is used outside its tests`);
      return running;
    },
    get sandbox() {
      if (sandbox === undefined) throw new Error(`The sandbox of ${prefix} is used outside its tests`);
      return sandbox;
    },
  };
}
