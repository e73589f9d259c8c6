// The drainer lease: one row naming the app instance that may drain, until when. Taken and renewed
// under BEGIN IMMEDIATE, so two instances on one file never both believe they hold it.
import type { Database } from 'better-sqlite3';
import { preparedFor } from '../db/statements.js';

export interface LeaseHolder {
  /** Random per Outbox instance. */
  readonly id: string;
  readonly pid: number;
  readonly host: string;
}

interface LeaseRow {
  readonly holder: string | null;
  readonly holder_pid: number | null;
  readonly holder_host: string | null;
  readonly expires_at: number;
}

export interface LeaseOptions {
  readonly now: number;
  readonly ttlMs: number;
  /** Whether a process of this host is alive (a lease held by a dead process is taken over at once). */
  readonly isAlive: (pid: number) => boolean;
}

function prepareAll(db: Database) {
  return {
    read: db.prepare<[], LeaseRow>(
      'SELECT holder, holder_pid, holder_host, expires_at FROM outbox_lease WHERE id = 1',
    ),
    take: db.prepare<[string, number, string, number]>(
      'UPDATE outbox_lease SET holder = ?, holder_pid = ?, holder_host = ?, expires_at = ? WHERE id = 1',
    ),
    extend: db.prepare<[number]>('UPDATE outbox_lease SET expires_at = ? WHERE id = 1'),
    release: db.prepare<[string]>(
      `UPDATE outbox_lease SET holder = NULL, holder_pid = NULL, holder_host = NULL, expires_at = 0
        WHERE id = 1 AND holder = ?`,
    ),
  };
}

function statements(db: Database) {
  return preparedFor(db, prepareAll);
}

function readLease(db: Database): LeaseRow {
  const row = statements(db).read.get();
  if (!row) throw new Error('The outbox lease row is missing (migration 0003 not applied?)');
  return row;
}

/**
 * Takes (or renews) the lease when it is free, expired, ours, or held by a process of this host that is
 * no longer running (a crashed instance). Returns whether we hold it now.
 */
export function tryAcquireLease(db: Database, me: LeaseHolder, options: LeaseOptions): boolean {
  return db
    .transaction(() => {
      const lease = readLease(db);
      const free =
        lease.holder === null ||
        lease.holder === me.id ||
        lease.expires_at <= options.now ||
        (lease.holder_host === me.host &&
          lease.holder_pid !== null &&
          lease.holder_pid !== me.pid &&
          !options.isAlive(lease.holder_pid));
      if (!free) return false;
      statements(db).take.run(me.id, me.pid, me.host, options.now + options.ttlMs);
      return true;
    })
    .immediate();
}

/** Extends our lease; false when another instance has taken it meanwhile. */
export function renewLease(db: Database, me: LeaseHolder, now: number, ttlMs: number): boolean {
  return db
    .transaction(() => {
      if (readLease(db).holder !== me.id) return false;
      statements(db).extend.run(now + ttlMs);
      return true;
    })
    .immediate();
}

export function releaseLease(db: Database, me: LeaseHolder): void {
  statements(db).release.run(me.id);
}

/** Inside a write transaction: are we still the holder? (Expiry alone does not matter until someone takes over.) */
export function holdsLease(db: Database, me: LeaseHolder): boolean {
  return readLease(db).holder === me.id;
}

export function leaseHolder(db: Database): { holder: string | null; expiresAt: number } {
  const lease = readLease(db);
  return { holder: lease.holder, expiresAt: lease.expires_at };
}
