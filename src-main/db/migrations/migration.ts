// What a migration is, beside the migrations: they import only this from outside their folder, and the
// runner (../migrate.ts) and the opener import them, never the other way round.
import type { Database } from 'better-sqlite3';

export interface Migration {
  /** 1, 2, 3… with no gaps: the value of user_version once it has run. */
  readonly version: number;
  readonly name: string;
  up(db: Database): void;
}
