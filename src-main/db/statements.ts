// One prepared-statement cache for every repository that works on a database handle it does not own:
// `preparedFor(db, prepareAll)` prepares a module's statements once per connection (keyed by the
// preparing function) and forgets them with the connection.
import type { Database } from 'better-sqlite3';

const caches = new WeakMap<Database, Map<(db: Database) => unknown, unknown>>();

export function preparedFor<T>(db: Database, prepareAll: (db: Database) => T): T {
  let byPreparer = caches.get(db);
  if (byPreparer === undefined) {
    byPreparer = new Map();
    caches.set(db, byPreparer);
  }
  if (byPreparer.has(prepareAll)) return byPreparer.get(prepareAll) as T;
  const prepared = prepareAll(db);
  byPreparer.set(prepareAll, prepared);
  return prepared;
}
