// The app services in the shell's seam (src-main/app/services.ts): one starter, started and stopped by
// the seam as the shell does it, handing its API to the IPC registration while it runs.
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appPaths } from '../../src-main/storage/paths.js';
import {
  APP_SERVICES_STARTER,
  SERVICE_STARTERS,
  startServices,
  stopServices,
} from '../../src-main/app/services.js';
import { silentLogger } from '../../src-main/logging/index.js';
import { tempFolder } from './support/app-fixture.js';

const folder = tempFolder('stockroom-seam-');
afterAll(() => folder.remove());

describe('the app services in the seam', () => {
  it('are the one starter; their API is there while they run, and gone after stop', async () => {
    expect(SERVICE_STARTERS).toEqual([APP_SERVICES_STARTER]);
    const paths = appPaths(join(folder.path, 'Stockroom'));
    const running = await startServices({ paths, logger: silentLogger });
    expect(running.names).toEqual(['app-services']);
    const api = running.api;
    expect(api).toBeDefined();
    // No profile yet: no keychain access, no store, no network.
    expect(await api?.call('profiles.list', {}, 'ipc')).toEqual({
      ok: true,
      value: { profiles: [], activeId: null },
    });
    expect(await api?.call('settings.get', {}, 'ipc')).toMatchObject({ ok: true });
    await stopServices(running);
    expect(running.api).toBeUndefined();
  });
});
