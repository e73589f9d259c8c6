// Profiles and the active choice in the app database. Every statement is prepared once and bound;
// nothing here ever sees a secret (the table has no column for one).
import type { Database, Statement } from 'better-sqlite3';
import type { Profile, ProfileKind } from './profile-types.js';

interface ProfileRow {
  readonly id: string;
  readonly display_name: string;
  readonly base_url: string;
  readonly storename: string;
  readonly default_warehouse_code: string | null;
  readonly kind: string;
  readonly created_at: string;
}

export type ProfileUpdate = Partial<Pick<Profile, 'displayName' | 'baseUrl' | 'storename'>> & {
  /** undefined inside the object clears it; a missing key leaves it. */
  readonly defaultWarehouseCode?: string | undefined;
};

const COLUMNS = 'id, display_name, base_url, storename, default_warehouse_code, kind, created_at';

export class ProfileRepository {
  readonly #db: Database;
  readonly #list: Statement<[], ProfileRow>;
  readonly #find: Statement<[string], ProfileRow>;
  readonly #insert: Statement<[ProfileRow]>;
  readonly #update: Statement<[ProfileRow]>;
  readonly #remove: Statement<[string]>;
  readonly #active: Statement<[], { profile_id: string }>;
  readonly #setActive: Statement<[string]>;

  constructor(db: Database) {
    this.#db = db;
    this.#list = db.prepare(`SELECT ${COLUMNS} FROM profiles ORDER BY created_at, id`);
    this.#find = db.prepare(`SELECT ${COLUMNS} FROM profiles WHERE id = ?`);
    this.#insert = db.prepare(
      `INSERT INTO profiles (${COLUMNS}) VALUES
       (@id, @display_name, @base_url, @storename, @default_warehouse_code, @kind, @created_at)`,
    );
    this.#update = db.prepare(
      `UPDATE profiles SET display_name = @display_name, base_url = @base_url, storename = @storename,
       default_warehouse_code = @default_warehouse_code WHERE id = @id`,
    );
    this.#remove = db.prepare('DELETE FROM profiles WHERE id = ?');
    this.#active = db.prepare('SELECT profile_id FROM active_profile WHERE singleton = 1');
    this.#setActive = db.prepare(
      `INSERT INTO active_profile (singleton, profile_id) VALUES (1, ?)
       ON CONFLICT (singleton) DO UPDATE SET profile_id = excluded.profile_id`,
    );
  }

  list(): Profile[] {
    return this.#list.all().map(toProfile);
  }

  find(id: string): Profile | undefined {
    const row = this.#find.get(id);
    return row === undefined ? undefined : toProfile(row);
  }

  insert(profile: Profile): void {
    this.#insert.run(toRow(profile));
  }

  /** Applies the changes to the stored profile; returns the result, or undefined when there is none. */
  update(id: string, changes: ProfileUpdate): Profile | undefined {
    return this.#db
      .transaction(() => {
        const current = this.find(id);
        if (current === undefined) return undefined;
        const next = applyUpdate(current, changes);
        this.#update.run(toRow(next));
        return next;
      })
      .immediate();
  }

  /** Deletes the profile (the active choice goes with it, by foreign key); true when there was one. */
  remove(id: string): boolean {
    return this.#remove.run(id).changes > 0;
  }

  activeId(): string | undefined {
    return this.#active.get()?.profile_id;
  }

  setActive(id: string): void {
    this.#setActive.run(id);
  }
}

function applyUpdate(current: Profile, changes: ProfileUpdate): Profile {
  const warehouse =
    'defaultWarehouseCode' in changes ? changes.defaultWarehouseCode : current.defaultWarehouseCode;
  const { defaultWarehouseCode: _previous, ...rest } = current;
  return {
    ...rest,
    displayName: changes.displayName ?? current.displayName,
    baseUrl: changes.baseUrl ?? current.baseUrl,
    storename: changes.storename ?? current.storename,
    ...(warehouse === undefined ? {} : { defaultWarehouseCode: warehouse }),
  };
}

function toRow(profile: Profile): ProfileRow {
  return {
    id: profile.id,
    display_name: profile.displayName,
    base_url: profile.baseUrl,
    storename: profile.storename,
    default_warehouse_code: profile.defaultWarehouseCode ?? null,
    kind: profile.kind,
    created_at: profile.createdAt,
  };
}

function toProfile(row: ProfileRow): Profile {
  return {
    id: row.id,
    displayName: row.display_name,
    baseUrl: row.base_url,
    storename: row.storename,
    ...(row.default_warehouse_code === null ? {} : { defaultWarehouseCode: row.default_warehouse_code }),
    kind: toKind(row.kind),
    createdAt: row.created_at,
  };
}

function toKind(value: string): ProfileKind {
  // The CHECK constraint allows nothing else; a newer app would have migrated the file first.
  return value === 'demo' ? 'demo' : 'store';
}
