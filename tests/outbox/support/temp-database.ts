// A real outbox database file in a temporary folder, with every app migration applied.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from '../../../src-main/db/database.js';

export interface TempDatabase {
  readonly db: Database;
  readonly file: string;
  readonly folder: string;
  /** Another connection to the same file (a second app instance). */
  open(): Database;
  close(): void;
}

export function createTempDatabase(): TempDatabase {
  const folder = mkdtempSync(join(tmpdir(), 'stockroom-outbox-'));
  const file = join(folder, 'store.sqlite');
  const db = openDatabase(file);
  const opened: Database[] = [db];
  return {
    db,
    file,
    folder,
    open: () => {
      const another = openDatabase(file);
      opened.push(another);
      return another;
    },
    close: () => {
      for (const connection of opened) if (connection.open) connection.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
