// The stores served by this data file. Only SHA-256 digests of the API key and secret are kept.
import type { Database } from 'better-sqlite3';

export interface StoreRow {
  readonly id: number;
  readonly name: string;
  readonly apikey_sha256: string;
  readonly apisecret_sha256: string;
}

export function findStoreByName(db: Database, name: string): StoreRow | undefined {
  return db
    .prepare<[string], StoreRow>(
      'SELECT id, name, apikey_sha256, apisecret_sha256 FROM stores WHERE name = ?',
    )
    .get(name);
}

export function insertStore(
  db: Database,
  store: { name: string; apikeySha256: string; apisecretSha256: string; seed: string; createdAt: number },
): number {
  const result = db
    .prepare(
      `INSERT INTO stores (name, apikey_sha256, apisecret_sha256, seed, created_at)
       VALUES (@name, @apikeySha256, @apisecretSha256, @seed, @createdAt)`,
    )
    .run(store);
  return Number(result.lastInsertRowid);
}

export function updateStoreCredentials(
  db: Database,
  id: number,
  digests: { apikeySha256: string; apisecretSha256: string },
): void {
  db.prepare(
    'UPDATE stores SET apikey_sha256 = @apikeySha256, apisecret_sha256 = @apisecretSha256 WHERE id = @id',
  ).run({ id, ...digests });
}
