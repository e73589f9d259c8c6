// A user-data folder holding one synced, active store profile, optionally filled straight in its
// database with a big catalogue and money copy (time-to-work.bench.ts, memory.bench.ts). The profile is
// added and synced once from an in-process sandbox, which is then gone: starts after are offline.
import { join } from 'node:path';
import type { InMemoryCredentialStore } from '../../src-main/credentials/in-memory-credential-store.js';
import { openDatabase } from '../../src-main/db/database.js';
import { silentLogger } from '../../src-main/logging/index.js';
import { MoneyRecordRepository } from '../../src-main/money/money-record.repository.js';
import { DEFAULT_STORE, startSandbox } from '../../src-main/sandbox/index.js';
import { startAppServices } from '../../src-main/services/index.js';
import { appPaths, storeDatabasePath } from '../../src-main/storage/paths.js';
import type { CallArgs, CallName, CallValue, IpcResult } from '../../src-shared/ipc/index.js';
import { fillCatalogue } from './catalogue-store.js';
import { fillRecords } from './money-store.js';

export interface StoreFill {
  readonly products: number;
  readonly records: number;
}

/** Ids above the demo store's own products. */
export const FIRST_BENCH_ID = 1_000_000;

/** A user-data folder holding one synced, active store profile; `fill` adds the big store's rows. */
export async function preparedStore(
  folder: string,
  credentialStore: InMemoryCredentialStore,
  fill: StoreFill | undefined,
): Promise<string> {
  const userData = join(folder, fill ? 'big' : 'demo');
  const sandbox = await startSandbox({
    dataFile: join(folder, `sandbox-${fill ? 'big' : 'demo'}.sqlite`),
    seed: 'demo',
    port: 0,
    log: () => undefined,
  });
  const services = await startAppServices({ userDataDir: userData, credentialStore, logger: silentLogger });
  let profileId: string;
  try {
    const call = caller(services.api);
    await call('settings.set', { language: 'en' });
    const profile = await call('profiles.add', {
      displayName: 'Time to work',
      baseUrl: sandbox.url,
      storename: DEFAULT_STORE.name,
      apikey: DEFAULT_STORE.apikey,
      apisecret: DEFAULT_STORE.apisecret,
      activate: true,
    });
    profileId = profile.id;
    while (!(await call('sync.status', {})).firstSyncComplete) await sleep(100);
  } finally {
    await services.stop();
    await sandbox.close();
  }
  if (fill) {
    const db = openDatabase(storeDatabasePath(appPaths(userData), profileId));
    try {
      const warehouse = db
        .prepare<[], string>('SELECT code FROM warehouses ORDER BY id LIMIT 1')
        .pluck()
        .get();
      if (warehouse === undefined) throw new Error('the synced store has no warehouse');
      fillCatalogue(db, warehouse, fill.products, FIRST_BENCH_ID);
      fillRecords(new MoneyRecordRepository(db), Date.now(), fill.records);
    } finally {
      db.close();
    }
  }
  return userData;
}

export type Api = Awaited<ReturnType<typeof startAppServices>>['api'];

export function caller(api: Api) {
  return async <N extends CallName>(name: N, args: CallArgs<N>): Promise<CallValue<N>> => {
    const result = (await api.call(name, args, 'web')) as IpcResult<CallValue<N>>;
    if (!result.ok) throw new Error(`${name}: ${result.error.message}`);
    return result.value;
  };
}

export const sleep = (milliseconds: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, milliseconds));
