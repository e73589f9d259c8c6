// electron-builder run for real on this project (Linux, `dir` target), with a stand-in Electron binary
// in place of the one that cannot be downloaded: a file carrying Electron's fuse sentinel and wire, so
// electron-builder flips the fuses in it exactly as in a real binary. What comes out is checked: the
// asar holds the fresh electron-vite build and package.json, not the sources; the native modules sit
// unpacked beside it, are Node-API (no V8 or libuv symbol) and load under plain Node; the fuses are
// flipped. Linux only (the project copy uses hard links to node_modules).
import { execFile } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { extractFile, listPackage, statFile } from '@electron/asar';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from './support/build-app.js';

const run = promisify(execFile);
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const [ENABLED, DISABLED] = [49, 48]; // '1' and '0' in the wire
// Electron's own defaults for fuse wire version 1, in wire order.
const ELECTRON_DEFAULT_WIRE = [ENABLED, DISABLED, ENABLED, ENABLED, DISABLED, DISABLED, DISABLED, ENABLED];

let project: string;
let unpackedApp: string;
let asarPath: string;
let asarFiles: string[];

/** A directory shaped like Electron's Linux zip, whose `electron` is only bytes with a fuse wire. */
function writeStandInElectron(directory: string): void {
  mkdirSync(join(directory, 'locales'), { recursive: true });
  mkdirSync(join(directory, 'resources'), { recursive: true });
  const binary = Buffer.concat([
    Buffer.from('\x7fELF stand-in for the Electron binary\n'),
    Buffer.from(FUSE_SENTINEL, 'ascii'),
    Buffer.from([1, ELECTRON_DEFAULT_WIRE.length, ...ELECTRON_DEFAULT_WIRE]),
  ]);
  writeFileSync(join(directory, 'electron'), binary, { mode: 0o755 });
  writeFileSync(join(directory, 'LICENSE'), 'stand-in');
  writeFileSync(join(directory, 'locales', 'en-US.pak'), '');
}

beforeAll(async () => {
  if (process.platform !== 'linux') return;
  mkdirSync(join(PROJECT_ROOT, '.tmp'), { recursive: true });
  project = mkdtempSync(join(PROJECT_ROOT, '.tmp', 'pack-'));
  // A copy of the project with what `npm run dist` reads: package.json, the lock file, the config, the
  // icon and node_modules (hard links: no copy of the data, nothing written back since npmRebuild is off).
  for (const file of ['package.json', 'package-lock.json', 'electron-builder.yml']) {
    cpSync(join(PROJECT_ROOT, file), join(project, file));
  }
  cpSync(join(PROJECT_ROOT, 'resources', 'icon.png'), join(project, 'resources', 'icon.png'));
  const config = readFileSync(join(project, 'electron-builder.yml'), 'utf8');
  if (!/^npmRebuild: false$/m.test(config))
    throw new Error('Refusing to package hard-linked node_modules with a rebuild');
  await run('cp', ['-al', join(PROJECT_ROOT, 'node_modules'), join(project, 'node_modules')]);

  // The build `npm run dist` runs first, into the copy.
  await run(
    process.execPath,
    [
      join(PROJECT_ROOT, 'node_modules/electron-vite/bin/electron-vite.js'),
      'build',
      '--outDir',
      join(project, 'out'),
    ],
    { cwd: PROJECT_ROOT, maxBuffer: 16 * 1024 * 1024 },
  );

  writeStandInElectron(join(project, 'electron-dist'));
  await run(
    process.execPath,
    [
      join(PROJECT_ROOT, 'node_modules/electron-builder/cli.js'),
      '--linux',
      'dir',
      '--x64',
      '--projectDir',
      project,
      `-c.electronDist=${join(project, 'electron-dist')}`,
      `-c.directories.output=${join(project, 'dist')}`,
    ],
    { cwd: project, maxBuffer: 16 * 1024 * 1024 },
  );
  unpackedApp = join(project, 'dist', 'linux-unpacked');
  asarPath = join(unpackedApp, 'resources', 'app.asar');
  asarFiles = listPackage(asarPath, { isPack: false }).map((file) =>
    file.replace(/^[/\\]/, '').replaceAll('\\', '/'),
  );
}, 240_000);

afterAll(() => {
  if (project !== undefined) rmSync(project, { recursive: true, force: true });
});

function filesUnder(directory: string): string[] {
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(directory, join(entry.parentPath, entry.name)).replaceAll('\\', '/'));
}

describe.runIf(process.platform === 'linux')('packaging with a stand-in Electron', () => {
  it('names the executable and puts the app in resources/app.asar', () => {
    expect(statSync(join(unpackedApp, 'stockroom')).mode & 0o111).not.toBe(0);
    expect(readdirSync(join(unpackedApp, 'resources')).sort()).toEqual([
      'app-update.yml',
      'app.asar',
      'app.asar.unpacked',
    ]);
    // electron-updater's defaults for the generic provider; the app sets the PC's own feed (decision 0011).
    expect(readFileSync(join(unpackedApp, 'resources', 'app-update.yml'), 'utf8')).toMatch(
      /^provider: generic$/m,
    );
  });

  it('packages package.json and the fresh electron-vite build, nothing else of the project', () => {
    const own = asarFiles.filter((file) => !file.startsWith('node_modules/') && file !== 'node_modules');
    const ownFiles = own.filter((file) => 'size' in statFile(asarPath, file));
    expect(ownFiles).toContain('package.json');
    expect(ownFiles).toContain('out/main/index.js');
    expect(ownFiles).toContain('out/preload/index.cjs');
    expect(ownFiles).toContain('out/renderer/index.html');
    // pdf.js's data files, which the page fetches from its own origin (docs/decisions/0006).
    expect(ownFiles).toContain('out/renderer/pdfjs/standard_fonts/LiberationSans-Regular.ttf');
    expect(ownFiles).toContain('out/renderer/pdfjs/cmaps/90ms-RKSJ-H.bcmap');
    for (const file of ownFiles) expect(file === 'package.json' || file.startsWith('out/')).toBe(true);
    expect(ownFiles.filter((file) => file.endsWith('.map'))).toEqual([]);
  });

  it('starts at package.json main, which is the shell electron-vite built', () => {
    const manifest = JSON.parse(extractFile(asarPath, 'package.json').toString('utf8')) as { main: string };
    expect(manifest.main).toBe('out/main/index.js');
    const main = extractFile(asarPath, manifest.main).toString('utf8');
    expect(main).toContain('requestSingleInstanceLock');
    expect(main).toContain('registerSchemesAsPrivileged');
  });

  it('brings the runtime dependencies and none of the tooling', () => {
    const packages = new Set(
      asarFiles
        .filter((file) => /^node_modules\/(@[^/]+\/)?[^/]+\/package\.json$/.test(file))
        .map((file) => file.slice('node_modules/'.length, -'/package.json'.length)),
    );
    for (const name of ['better-sqlite3', 'keytar', 'fastify', 'undici', 'zod', '@fastify/websocket']) {
      expect(packages).toContain(name);
    }
    for (const name of [
      'electron',
      'electron-builder',
      'electron-vite',
      'vitest',
      'typescript',
      'playwright-core',
      'svelte',
      'vite',
    ]) {
      expect(packages).not.toContain(name);
    }
    expect(asarFiles.filter((file) => /\.(ts|md)$/.test(file) && !file.endsWith('.d.ts'))).toEqual([]);
    expect(asarFiles.some((file) => file.startsWith('node_modules/better-sqlite3/deps/'))).toBe(false);
  });

  it('keeps every native module out of the archive, in app.asar.unpacked', () => {
    const nodeFilesInAsar = asarFiles.filter((file) => file.endsWith('.node'));
    expect(nodeFilesInAsar.length).toBeGreaterThan(0);
    for (const file of nodeFilesInAsar) expect(statFile(asarPath, file).unpacked).toBe(true);
    const unpacked = filesUnder(join(unpackedApp, 'resources', 'app.asar.unpacked'));
    expect(unpacked).toContain('node_modules/better-sqlite3/prebuilds/linux-x64.node');
    expect(unpacked).toContain('node_modules/keytar/build/Release/keytar.node');
  });

  it('ships Node-API addons only (no V8, libuv or versioned-ABI entry point): no rebuild for Electron', () => {
    const unpackedRoot = join(unpackedApp, 'resources', 'app.asar.unpacked');
    const addons = filesUnder(unpackedRoot).filter((file) => file.endsWith('.node'));
    expect(addons.length).toBeGreaterThanOrEqual(9);
    for (const addon of addons) {
      const binary = readFileSync(join(unpackedRoot, addon)).toString('latin1');
      expect(binary, addon).toContain('napi_register_module_v1');
      expect(binary, addon).not.toMatch(/node_register_module_v\d|_ZN2v8|\?v8@@|uv_loop/);
    }
  });

  it('loads the packaged native modules under plain Node', () => {
    const requireUnpacked = createRequire(
      join(unpackedApp, 'resources', 'app.asar.unpacked', 'node_modules', 'x.js'),
    );
    const Database = requireUnpacked('better-sqlite3') as new (file: string) => {
      prepare(sql: string): { get(): unknown };
      close(): void;
    };
    const database = new Database(':memory:');
    expect(database.prepare('select sqlite_version() as version').get()).toMatchObject({
      version: expect.any(String),
    });
    database.close();
    const keytarModule = { exports: {} as Record<string, unknown> };
    process.dlopen(
      keytarModule,
      join(unpackedApp, 'resources/app.asar.unpacked/node_modules/keytar/build/Release/keytar.node'),
    );
    expect(typeof keytarModule.exports['getPassword']).toBe('function');
  });

  it('flips the fuses in the binary as configured', async () => {
    const wire = await getCurrentFuseWire(join(unpackedApp, 'stockroom'));
    const state = (option: FuseV1Options) =>
      wire[option] === ENABLED ? true : wire[option] === DISABLED ? false : wire[option];
    expect({
      runAsNode: state(FuseV1Options.RunAsNode),
      enableCookieEncryption: state(FuseV1Options.EnableCookieEncryption),
      enableNodeOptionsEnvironmentVariable: state(FuseV1Options.EnableNodeOptionsEnvironmentVariable),
      enableNodeCliInspectArguments: state(FuseV1Options.EnableNodeCliInspectArguments),
      enableEmbeddedAsarIntegrityValidation: state(FuseV1Options.EnableEmbeddedAsarIntegrityValidation),
      onlyLoadAppFromAsar: state(FuseV1Options.OnlyLoadAppFromAsar),
      loadBrowserProcessSpecificV8Snapshot: state(FuseV1Options.LoadBrowserProcessSpecificV8Snapshot),
      grantFileProtocolExtraPrivileges: state(FuseV1Options.GrantFileProtocolExtraPrivileges),
    }).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      loadBrowserProcessSpecificV8Snapshot: false,
      grantFileProtocolExtraPrivileges: false,
    });
  });
});
