// The user-data folder's layout, in one place. Pure except `ensureAppDirectories`; no electron import, so
// services and tests use the same layout under plain Node.
//
//   <userData>/app.sqlite              profiles and app settings
//   <userData>/stores/<profile>.sqlite one store's catalogue, counts and outbox
//   <userData>/stores/<profile>.uploads/ files chosen on this PC, kept until the outbox has sent them
//   <userData>/logs/stockroom.log      JSON lines, rotated (stockroom.1.log … stockroom.4.log)
//   <userData>/sandbox/sandbox.sqlite  the embedded demo back office
//
// Electron keeps its own files (Cookies, Local Storage, caches) in the same folder.
import { mkdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** The user-data folder's name under the OS application-data folder, packaged or not. */
export const USER_DATA_FOLDER_NAME = 'Stockroom';

export interface AppPaths {
  userData: string;
  appDatabase: string;
  storesDirectory: string;
  logsDirectory: string;
  sandboxDirectory: string;
  sandboxDatabase: string;
}

/** `appData` is Electron's `app.getPath('appData')` (%APPDATA%, ~/Library/Application Support, ~/.config). */
export function userDataDirectory(appData: string): string {
  return join(appData, USER_DATA_FOLDER_NAME);
}

export function appPaths(userData: string): AppPaths {
  return {
    userData,
    appDatabase: join(userData, 'app.sqlite'),
    storesDirectory: join(userData, 'stores'),
    logsDirectory: join(userData, 'logs'),
    sandboxDirectory: join(userData, 'sandbox'),
    sandboxDatabase: join(userData, 'sandbox', 'sandbox.sqlite'),
  };
}

// Device names Windows reserves in every folder, with any extension ("con.sqlite" opens the console).
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i;
// Lower case only: Windows and macOS file names ignore case, so "Main" and "main" would share a file.
const PROFILE_ID = /^[a-z0-9][a-z0-9_-]{0,63}$/;

/** Whether a profile id can name a file on every OS: a-z, 0-9, `-` and `_`, no reserved device name. */
export function isSafeProfileId(profileId: string): boolean {
  return PROFILE_ID.test(profileId) && !WINDOWS_RESERVED.test(profileId);
}

/** `<userData>/stores/<profile>.sqlite`; refuses an id that could leave the folder or name a device. */
export function storeDatabasePath(paths: AppPaths, profileId: string): string {
  if (!isSafeProfileId(profileId)) {
    throw new RangeError(`A profile id must be 1-64 of a-z, 0-9, "-" or "_" and not a device name`);
  }
  return join(paths.storesDirectory, `${profileId}.sqlite`);
}

/**
 * `<userData>/stores/<profile>.uploads/` beside the store's database: copies of the files a person chose
 * (a product's picture), which the outbox opens at send time; never the person's original file.
 */
export function storeUploadsDirectory(storeDatabaseFile: string): string {
  return join(dirname(storeDatabaseFile), `${basename(storeDatabaseFile).replace(/\.sqlite$/, '')}.uploads`);
}

/** Creates the folders of the layout (owner-only where the OS honours modes). */
export function ensureAppDirectories(paths: AppPaths): void {
  for (const directory of [
    paths.userData,
    paths.storesDirectory,
    paths.logsDirectory,
    paths.sandboxDirectory,
  ]) {
    mkdirSync(directory, { recursive: true, mode: 0o700 });
  }
}

/**
 * A store's files folder beside its database, `<userData>/stores/<profile>.files/`: files attached on
 * this PC (kept until sent and after, so they open offline), files opened once, and uploads being staged.
 */
export function storeFilesDirectory(storeDatabaseFile: string): string {
  return join(dirname(storeDatabaseFile), `${basename(storeDatabaseFile).replace(/\.sqlite$/, '')}.files`);
}
