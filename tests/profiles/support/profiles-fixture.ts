// A ProfileService over a temporary app database, with every event it emits kept for inspection.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import type { BackofficeTimeouts } from '../../../src-main/backoffice/index.js';
import type { CredentialStore } from '../../../src-main/credentials/index.js';
import { openAppDatabase, ProfileService, type ProfileEvent } from '../../../src-main/profiles/index.js';

export interface ProfilesFixture {
  readonly folder: string;
  readonly file: string;
  db: Database;
  service: ProfileService;
  readonly events: ProfileEvent[];
  /** Closes the database and opens it again with a new service (an app restart). */
  reopen(): void;
  /** The bytes of the app database and its WAL/SHM files, as one latin1 string for grepping. */
  fileBytes(): string;
  close(): void;
}

export function profilesFixture(
  credentials: CredentialStore,
  options: { connectionTestTimeouts?: Partial<BackofficeTimeouts> } = {},
): ProfilesFixture {
  const folder = mkdtempSync(join(tmpdir(), 'stockroom-profiles-'));
  const file = join(folder, 'app.sqlite');
  const events: ProfileEvent[] = [];
  const build = (db: Database) =>
    new ProfileService({
      db,
      credentials,
      onEvent: (event) => events.push(event),
      ...(options.connectionTestTimeouts ? { connectionTestTimeouts: options.connectionTestTimeouts } : {}),
    });
  const db = openAppDatabase(file);
  const fixture: ProfilesFixture = {
    folder,
    file,
    db,
    service: build(db),
    events,
    reopen() {
      fixture.db.close();
      fixture.db = openAppDatabase(file);
      fixture.service = build(fixture.db);
    },
    fileBytes() {
      return readdirSync(folder)
        .filter((name) => name.startsWith('app.sqlite'))
        .map((name) => readFileSync(join(folder, name)).toString('latin1'))
        .join('\n');
    },
    close() {
      if (fixture.db.open) fixture.db.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
  return fixture;
}
