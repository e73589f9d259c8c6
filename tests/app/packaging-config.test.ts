// electron-builder.yml, read and validated by electron-builder's own code (the loader and the JSON-schema
// check `npm run dist` runs), then held to the choices of docs/decisions/0006: targets, fuses, native
// modules unpacked and never rebuilt, only the build output packaged. `npm run dist` itself cannot run
// here (it downloads Electron); packaging-stand-in.test.ts packages for Linux with a stand-in binary.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Configuration } from 'app-builder-lib';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import { DebugLogger } from 'builder-util';
import { beforeAll, describe, expect, it } from 'vitest';
import { ICON_SIZE, renderIconPng } from '../../resources/generate-icon.js';
import { PROJECT_ROOT } from './support/build-app.js';

interface PackageJson {
  main: string;
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
}

const packageJson = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as PackageJson;
let config: Configuration;

beforeAll(async () => {
  config = await getConfig(PROJECT_ROOT, null, null);
});

/** The string patterns of a files-like option, after electron-builder's normalisation. */
function patterns(value: Configuration['files']): string[] {
  const list = Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
  return list.flatMap((item) =>
    typeof item === 'string'
      ? [item]
      : item.filter === undefined || item.filter === null
        ? []
        : [item.filter].flat(),
  );
}

function targets(value: unknown): { target: string; arch: string[] }[] {
  return (value as { target: string; arch: string[] }[]).map(({ target, arch }) => ({ target, arch }));
}

describe('electron-builder configuration', () => {
  it('is valid against electron-builder’s schema (scheme.json), as `npm run dist` checks it', async () => {
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('is actually checked: a misspelt fuse or a wrong type is refused', async () => {
    const misspelt = {
      ...config,
      electronFuses: { ...config.electronFuses, runAsNod: false },
    } as Configuration;
    await expect(validateConfiguration(misspelt, new DebugLogger(false))).rejects.toThrow(
      /configuration.electronFuses/,
    );
    const wrongType = { ...config, npmRebuild: 'no' } as unknown as Configuration;
    await expect(validateConfiguration(wrongType, new DebugLogger(false))).rejects.toThrow(/npmRebuild/);
  });

  it('names the product and writes update files for a generic feed, uploading nothing', () => {
    expect(config.appId).toBe('com.stockroom.desktop');
    expect(config.productName).toBe('Stockroom');
    // The generic provider only writes latest*.yml; it has no uploader. The feed is the PC's setting.
    expect(config.publish).toEqual({ provider: 'generic', url: 'https://updates.invalid/stockroom/' });
    expect(config.directories).toMatchObject({ output: 'dist', buildResources: 'resources' });
  });

  it('pins the Windows publisher when the release signs, and names none here (decision 0011)', () => {
    // electron-builder then writes the certificate's CN into app-update.yml for electron-updater's check.
    expect(config.win?.verifyUpdateCodeSignature).toBe(true);
    // The release passes the name with the certificate; a name here would refuse every unsigned build.
    expect(config.win?.signtoolOptions?.publisherName).toBeUndefined();
    expect(config.win?.azureSignOptions).toBeUndefined();
  });

  it('targets Windows NSIS x64, Linux AppImage and deb x64, macOS dmg x64 and arm64', () => {
    expect(targets(config.win?.target)).toEqual([{ target: 'nsis', arch: ['x64'] }]);
    expect(targets(config.linux?.target)).toEqual([
      { target: 'AppImage', arch: ['x64'] },
      { target: 'deb', arch: ['x64'] },
    ]);
    expect(targets(config.mac?.target)).toEqual([{ target: 'dmg', arch: ['x64', 'arm64'] }]);
  });

  it('flips the fuses the Electron security checklist recommends', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      loadBrowserProcessSpecificV8Snapshot: false,
      grantFileProtocolExtraPrivileges: false,
    });
    // The integrity the asar fuse checks is computed by electron-builder unless this is set.
    expect(config.disableAsarIntegrity).toBeUndefined();
    expect(config.asar).toBe(true);
  });

  it('unpacks the native modules and rebuilds nothing (both are Node-API addons)', () => {
    expect(config.asarUnpack).toEqual(['**/*.node']);
    expect(config.npmRebuild).toBe(false);
    expect(config.nodeGypRebuild).toBe(false);
    expect(config.buildDependenciesFromSource).toBe(false);
    expect(Object.keys(packageJson.dependencies)).toEqual(
      expect.arrayContaining(['better-sqlite3', 'keytar']),
    );
  });

  it('packages package.json and the electron-vite output, never sources, tests or tooling', () => {
    const files = patterns(config.files);
    expect(files.slice(0, 2)).toEqual(['package.json', 'out/**/*']);
    expect(files.filter((pattern) => !pattern.startsWith('!'))).toEqual(['package.json', 'out/**/*']);
    expect(files).toContain('!out/**/*.map');
    // A platform-level `files` makes electron-builder add "**/*" (the whole project): none may exist.
    for (const platform of [config.win, config.linux, config.mac]) expect(platform?.files).toBeUndefined();
    expect(config.extraResources).toBeUndefined();
    expect(config.extraFiles).toBeUndefined();
  });

  it('packages the main entry of package.json, which electron-vite writes', () => {
    expect(packageJson.main).toBe('out/main/index.js');
    const viteConfig = readFileSync(join(PROJECT_ROOT, 'electron.vite.config.ts'), 'utf8');
    expect(viteConfig).toMatch(/input: \{ index: resolve\(import\.meta\.dirname, 'src-main\/index\.ts'\) \}/);
    expect(config.extraMetadata).not.toHaveProperty('main');
  });

  it('keeps the user data on uninstall and depends on libsecret for the keychain on Linux', () => {
    expect(config.nsis).toMatchObject({ oneClick: true, perMachine: false, deleteAppDataOnUninstall: false });
    expect(config.deb?.depends).toContain('libsecret-1-0');
    expect(config.linux?.executableName).toBe('stockroom');
  });

  it('has `npm run dist` and one script per OS, each building first', () => {
    expect(packageJson.scripts).toMatchObject({
      dist: 'electron-vite build && electron-builder',
      'dist:win': 'electron-vite build && electron-builder --win',
      'dist:linux': 'electron-vite build && electron-builder --linux',
      'dist:mac': 'electron-vite build && electron-builder --mac',
    });
  });

  it('has the icon electron-builder converts for every OS, as generate-icon.ts draws it', () => {
    const icon = join(PROJECT_ROOT, 'resources', 'icon.png');
    expect(existsSync(icon)).toBe(true);
    const committed = readFileSync(icon);
    expect(committed.readUInt32BE(16)).toBe(ICON_SIZE); // IHDR width: at least 512 for macOS, 256 for Windows
    expect(committed.readUInt32BE(20)).toBe(ICON_SIZE);
    expect(committed.equals(renderIconPng())).toBe(true);
  });
});
