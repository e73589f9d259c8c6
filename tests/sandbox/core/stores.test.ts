// Stores and persistence: isolation between stores, restarts keep data, seeding only new stores,
// only digests of the credentials on disk, refusal of a newer or foreign data file.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxDataFileError, startSandbox } from '../../../src-main/sandbox/index.js';
import { startTestSandbox, verdict, type TestSandbox } from '../../support/sandbox-harness.js';

const shopA = { name: 'shop-a', apikey: 'key-a', apisecret: 'secret-a-plain' };
const shopB = { name: 'shop-b', apikey: 'key-b', apisecret: 'secret-b-plain' };

interface WarehouseList {
  list: { code: string }[];
  count: number;
}

let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox({ seed: 'demo', stores: [shopA, shopB] });
});
afterAll(async () => {
  await sandbox.close();
});

async function codes(as: typeof shopA): Promise<string[]> {
  const body = (await sandbox.call('GetWarehouses', { as, query: { limit: 500 } })).body as WarehouseList;
  return body.list.map((warehouse) => warehouse.code);
}

describe('several stores', () => {
  it("never shows one store's data to another", async () => {
    await sandbox.call('AddWarehouse', { as: shopA, body: { code: 'A-ONLY', name: 'a' } });
    expect(await codes(shopA)).toContain('A-ONLY');
    expect(await codes(shopB)).not.toContain('A-ONLY');
  });

  it("refuses one store's credentials for another store's name", async () => {
    const answer = await sandbox.call('GetWarehouses', { as: { ...shopB, name: shopA.name } });
    expect(verdict(answer.body)?.description).toBe('Invalid API');
  });

  it('revokes and restores a store at run time', async () => {
    sandbox.handle.revokeStore(shopB.name);
    expect(verdict((await sandbox.call('GetWarehouses', { as: shopB })).body)?.description).toBe(
      'Invalid API',
    );
    expect(verdict((await sandbox.call('GetWarehouses', { as: shopA })).body)?.code).toBe('200');
    sandbox.handle.restoreStore(shopB.name);
    expect(verdict((await sandbox.call('GetWarehouses', { as: shopB })).body)?.code).toBe('200');
  });
});

describe('persistence', () => {
  it('keeps all data across a restart and seeds only a store that is new', async () => {
    const before = await codes(shopA);
    const shopC = { name: 'shop-c', apikey: 'key-c', apisecret: 'secret-c' };
    await sandbox.restart({ stores: [shopA, shopB, shopC], seed: 'empty' });
    expect(await codes(shopA)).toEqual(before);
    expect(await codes(shopC)).toEqual(['W0001']);
  });

  it('follows changed credentials of an existing store', async () => {
    const changed = { ...shopA, apikey: 'key-a-2' };
    await sandbox.restart({ stores: [changed, shopB] });
    expect(verdict((await sandbox.call('GetWarehouses', { as: shopA })).body)?.description).toBe(
      'Invalid API',
    );
    expect(await codes(changed)).toContain('A-ONLY');
    await sandbox.restart({ stores: [shopA, shopB] });
  });

  it('keeps only SHA-256 digests of the API key and secret', async () => {
    await sandbox.restart();
    const db = new BetterSqlite3(sandbox.dataFile, { readonly: true });
    const rows = db.prepare('SELECT * FROM stores').all();
    db.close();
    const text = JSON.stringify(rows);
    expect(text).not.toContain(shopA.apisecret);
    expect(text).not.toContain(shopA.apikey);
    expect(text).toMatch(/[0-9a-f]{64}/);
    const bytes = await readFile(sandbox.dataFile);
    expect(bytes.includes(Buffer.from(shopA.apisecret))).toBe(false);
  });
});

describe('data files it refuses', () => {
  it('refuses a file written by a newer schema, with a clear message', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'stockroom-sandbox-'));
    const file = join(folder, 'newer.sqlite');
    try {
      const first = await startSandbox({ dataFile: file, seed: 'empty', log: () => {} });
      await first.close();
      const db = new BetterSqlite3(file);
      db.pragma('user_version = 999');
      db.close();
      await expect(startSandbox({ dataFile: file, seed: 'empty' })).rejects.toThrow(
        expect.objectContaining({
          name: 'SandboxDataFileError',
          message: expect.stringMatching(/newer sandbox/),
        }),
      );
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('refuses a SQLite file that is not a sandbox file', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'stockroom-sandbox-'));
    const file = join(folder, 'foreign.sqlite');
    try {
      const foreign = new BetterSqlite3(file);
      foreign.exec('CREATE TABLE something (id INTEGER)');
      foreign.close();
      await expect(startSandbox({ dataFile: file })).rejects.toBeInstanceOf(SandboxDataFileError);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
