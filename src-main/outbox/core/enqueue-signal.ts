// Tells this process's drainers that a write was queued, so a write made during a drain always gets
// another pass. Keyed by the database file, so a drainer hears writes made through another connection
// to the same file; other processes are caught by the drainer's watchdog.
import type { Database } from 'better-sqlite3';

const listeners = new Map<string, Set<() => void>>();

export function onEnqueue(db: Database, listener: () => void): () => void {
  const key = db.name;
  let set = listeners.get(key);
  if (!set) {
    set = new Set();
    listeners.set(key, set);
  }
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0) listeners.delete(key);
  };
}

/**
 * Called by the enqueue functions. Deferred to a microtask: the caller's transaction (synchronous with
 * better-sqlite3) has committed or rolled back by then, and a rolled-back write only costs an empty pass.
 */
export function signalEnqueued(db: Database): void {
  const set = listeners.get(db.name);
  if (!set || set.size === 0) return;
  queueMicrotask(() => {
    for (const listener of set) {
      try {
        listener();
      } catch {
        // A drainer's failure to wake up is caught by its watchdog.
      }
    }
  });
}
