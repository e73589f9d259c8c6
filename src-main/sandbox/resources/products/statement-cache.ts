// Prepared statements kept per database and SQL text. Compiling a statement costs tens of microseconds;
// the demo seed runs AddProduct 100,000 times and the outbox sends 450-line stock lists, so every
// statement of the product and bundle repositories is compiled once per database and reused.
import type { Database, Statement } from 'better-sqlite3';

const caches = new WeakMap<Database, Map<string, Statement<unknown[]>>>();

/** The prepared statement for `sql` on `db`, compiled on first use. */
export function cachedStatement<P extends unknown[] = unknown[], R = unknown>(
  db: Database,
  sql: string,
): Statement<P, R> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  let statement = cache.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    cache.set(sql, statement);
  }
  // The cache holds statements of every shape; the caller's SQL text fixes this one's.
  return statement as unknown as Statement<P, R>;
}
