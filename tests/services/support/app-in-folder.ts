// The usual set-up of a services test file: one app started before the file's tests on a fresh temp
// user-data folder, stopped and the folder removed after them.
import { afterAll, beforeAll } from 'vitest';
import type { CredentialStore } from '../../../src-main/credentials/index.js';
import { InMemoryCredentialStore } from '../../../src-main/credentials/in-memory-credential-store.js';
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
