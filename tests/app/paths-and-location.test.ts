// The user-data layout, profile ids that are safe as file names on every OS, and where the page comes from.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  appPaths,
  ensureAppDirectories,
  isSafeProfileId,
  storeDatabasePath,
  userDataDirectory,
} from '../../src-main/storage/paths.js';
import { rendererLocation } from '../../src-main/app/renderer-location.js';

describe('user-data layout', () => {
  const userData = userDataDirectory(join('/home', 'clerk', '.config'));
  const paths = appPaths(userData);

  it('keeps everything under one Stockroom folder', () => {
    expect(userData).toBe(join('/home', 'clerk', '.config', 'Stockroom'));
    expect(paths).toEqual({
      userData,
      appDatabase: join(userData, 'app.sqlite'),
      storesDirectory: join(userData, 'stores'),
      logsDirectory: join(userData, 'logs'),
      sandboxDirectory: join(userData, 'sandbox'),
      sandboxDatabase: join(userData, 'sandbox', 'sandbox.sqlite'),
    });
  });

  it('puts a profile store at stores/<profile>.sqlite', () => {
    expect(storeDatabasePath(paths, 'demo')).toBe(join(userData, 'stores', 'demo.sqlite'));
    expect(storeDatabasePath(paths, '0f8c2e1a-5b7d-4c1e-9a3b-2d6f8e0c4a11')).toBe(
      join(userData, 'stores', '0f8c2e1a-5b7d-4c1e-9a3b-2d6f8e0c4a11.sqlite'),
    );
  });

  it.each([
    '',
    '../app',
    '..',
    'a/b',
    'a\\b',
    'C:x',
    '.hidden',
    'Main',
    'con',
    'NUL',
    'com1',
    'lpt9',
    'x'.repeat(65),
    'ร้าน',
  ])('refuses the profile id %j', (profileId) => {
    expect(isSafeProfileId(profileId)).toBe(false);
    expect(() => storeDatabasePath(paths, profileId)).toThrow(RangeError);
  });

  it('creates the folders, owner-only', () => {
    const base = mkdtempSync(join(tmpdir(), 'stockroom-paths-'));
    try {
      const created = appPaths(userDataDirectory(base));
      ensureAppDirectories(created);
      ensureAppDirectories(created);
      for (const directory of [created.storesDirectory, created.logsDirectory, created.sandboxDirectory]) {
        expect(statSync(directory).isDirectory()).toBe(true);
        if (process.platform !== 'win32') expect(statSync(directory).mode & 0o777).toBe(0o700);
      }
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });
});

describe('renderer location', () => {
  it('is the app protocol when packaged, whatever the environment says', () => {
    expect(rendererLocation({ isPackaged: true, devServerUrl: 'http://localhost:5173/' })).toEqual({
      entryUrl: 'app://stockroom/index.html',
      origin: 'app://stockroom',
      appProtocol: true,
    });
  });

  it('is the app protocol under `npm start` (no dev server named)', () => {
    expect(rendererLocation({ isPackaged: false }).entryUrl).toBe('app://stockroom/index.html');
  });

  it('is the Vite dev server in development when it is on loopback http', () => {
    expect(rendererLocation({ isPackaged: false, devServerUrl: 'http://localhost:5173' })).toEqual({
      entryUrl: 'http://localhost:5173/',
      origin: 'http://localhost:5173',
      appProtocol: false,
    });
    expect(rendererLocation({ isPackaged: false, devServerUrl: 'http://127.0.0.1:5174/' }).origin).toBe(
      'http://127.0.0.1:5174',
    );
  });

  it.each([
    'https://evil.example/',
    'http://192.168.1.20:5173/',
    'http://localhost.evil.example:5173/',
    'http://user:pass@localhost:5173/',
    'file:///tmp/index.html',
    'not a url',
  ])('ignores a dev server URL that is not loopback http: %s', (devServerUrl) => {
    expect(rendererLocation({ isPackaged: false, devServerUrl }).appProtocol).toBe(true);
  });
});
