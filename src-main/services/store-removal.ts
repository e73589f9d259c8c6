// What removing a store deletes from the PC: its database (`stores/<profile>.sqlite` with its -wal and
// -shm files: the catalogue, contacts' names, phones, addresses and tax ids, counts and the outbox) and
// its picture cache (`stores/<profile>.images/`) and its files (`stores/<profile>.files/`). Writes the outbox has not sent are never thrown away
// silently: removal is refused while there are any, unless the person confirmed discarding them after
// being told how many (`removalPreview`). Electron-free; ProfileControl closes the store first.
import { existsSync, rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { storeImageDirectory } from '../catalog/images/index.js';
import { storeUploadsDirectory } from '../storage/paths.js';
import type { RemoveResult } from '../profiles/index.js';
import { storeFilesDirectory } from '../storage/paths.js';

export interface StoreDataFiles {
  readonly database: string;
  readonly pictures: string;
  /** Files attached or opened on this PC (`stores/<profile>.files/`): removed with the database. */
  readonly files: string;
}

/** What became of one part of a store's data. */
export type DataRemoval =
  /** It was on the PC and is gone. */
  | 'deleted'
  /** There was none (the store was never opened, or no picture was shown). */
  | 'absent'
  /** It could not be deleted (a file in use, no permission); the log says which and why. */
  | 'failed';

export interface StoreDataRemoval {
  readonly database: DataRemoval;
  readonly pictures: DataRemoval;
  /** Writes that were not sent and were discarded with the database (the person confirmed). */
  readonly discardedWrites: number;
}

/** A removal: the profile and its keychain entry, and the store's data on this PC. */
export interface StoreRemovalResult extends RemoveResult {
  readonly storeData: StoreDataRemoval;
}

export interface RemovalPreview {
  /** Outbox rows not done yet (waiting, sending, to retry, unclear or parked). */
  readonly unsentWrites: number;
  readonly database: boolean;
  readonly pictures: boolean;
}

/** Why a removal is refused while writes are unsent (the page says it in its own words, with the count). */
export function unsentWritesMessage(unsentWrites: number, displayName: string): string {
  return (
    `${displayName} still has ${unsentWrites} write${unsentWrites === 1 ? '' : 's'} not sent to the back office; ` +
    'wait until the outbox is empty, or confirm that they may be discarded.'
  );
}

export function storeDataFiles(databaseFile: string): StoreDataFiles {
  return {
    database: databaseFile,
    pictures: storeImageDirectory(databaseFile),
    files: storeFilesDirectory(databaseFile),
  };
}

const DATABASE_SUFFIXES = ['', '-wal', '-shm', '-journal'] as const;

/**
 * The outbox rows of the store's database that are not done, read through a read-only connection (the
 * store may be open meanwhile: WAL lets a reader in). 0 for a store never opened.
 */
export function unsentWrites(databaseFile: string): number {
  if (!existsSync(databaseFile)) return 0;
  const db = new Database(databaseFile, { readonly: true, fileMustExist: true });
  try {
    const table = db
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'outbox_operations'")
      .get();
    if (table === undefined) return 0;
    const row = db
      .prepare("SELECT count(*) AS n FROM outbox_operations WHERE state NOT IN ('done', 'discarded')")
      .get() as { n: number };
    return row.n;
  } finally {
    db.close();
  }
}

export function removalPreview(files: StoreDataFiles): RemovalPreview {
  return {
    unsentWrites: unsentWrites(files.database),
    database: existsSync(files.database),
    pictures: existsSync(files.pictures),
  };
}

export interface DeleteProblem {
  readonly part: 'database' | 'pictures';
  readonly path: string;
  readonly error: unknown;
}

/** Deletes the database files and the picture folder; a part that cannot go is reported, not thrown. */
export function deleteStoreData(
  files: StoreDataFiles,
  onProblem: (problem: DeleteProblem) => void,
): Omit<StoreDataRemoval, 'discardedWrites'> {
  const remove = (part: DeleteProblem['part'], paths: readonly string[]): DataRemoval => {
    const present = paths.filter((path) => existsSync(path));
    if (present.length === 0) return 'absent';
    let outcome: DataRemoval = 'deleted';
    for (const path of present) {
      try {
        // A few retries: on Windows a file closed a moment ago can still be held by the OS briefly.
        rmSync(path, { recursive: true, force: true, maxRetries: 3, retryDelay: 100 });
      } catch (error) {
        onProblem({ part, path, error });
        outcome = 'failed';
      }
    }
    return outcome;
  };
  return {
    database: remove('database', [
      ...DATABASE_SUFFIXES.map((suffix) => `${files.database}${suffix}`),
      files.files,
    ]),
    // The pictures chosen here and not yet uploaded go with the fetched ones.
    pictures: remove('pictures', [files.pictures, storeUploadsDirectory(files.database)]),
  };
}
