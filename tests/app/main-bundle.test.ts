// Main's build (out/main/index.js and its chunks, as `npm run build` writes them; built first when
// stale) holds its pure-JavaScript dependencies: nothing but electron, Node's built-ins and the two
// native modules (better-sqlite3, keytar) is imported or required from outside it. Checked twice: every
// import, import() and require() in the files' syntax trees, and a run of the files copied where there
// is no node_modules at all, with electron and the native modules as stand-ins, recording what they ask
// for. (The services are a chunk of their own: the shell loads them once ready, see index.ts.)
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { parseAst } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN_BUNDLE, OUT_DIR, projectBuild } from '../support/project-build.js';

const OUTSIDE = ['better-sqlite3', 'electron', 'keytar'];
const run = promisify(execFile);

interface Found {
  readonly how: string;
  readonly specifier: string;
}

/** Every module the code names: static imports and re-exports, import() and require()/__require(). */
function modulesNamed(code: string): { named: Found[]; computed: string[] } {
  const named: Found[] = [];
  const computed: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    const n = node as Record<string, unknown> & { type?: string; start: number; end: number };
    const source = n['source'] as { type: string; value: unknown } | null | undefined;
    if (
      (n.type === 'ImportDeclaration' ||
        n.type === 'ExportAllDeclaration' ||
        n.type === 'ExportNamedDeclaration') &&
      source
    ) {
      named.push({ how: 'import', specifier: String(source.value) });
    }
    if (n.type === 'ImportExpression' && source) {
      if (source.type === 'Literal') named.push({ how: 'import()', specifier: String(source.value) });
      else computed.push(code.slice(n.start, n.end));
    }
    const callee = n['callee'] as { type: string; name?: string } | undefined;
    if (
      n.type === 'CallExpression' &&
      callee?.type === 'Identifier' &&
      /^(require|__require)$/.test(callee.name ?? '')
    ) {
      const [first] = n['arguments'] as Array<{ type: string; value: unknown }>;
      if (first?.type === 'Literal') named.push({ how: 'require', specifier: String(first.value) });
      else computed.push(code.slice(n.start, n.end));
    }
    for (const [key, value] of Object.entries(n)) if (key !== 'type') visit(value);
  };
  visit(parseAst(code));
  return { named, computed };
}

// Resolve and load hooks for the run: electron and the native modules are stand-ins, and every bare
// specifier that is not a Node built-in is written to the record before Node tries to find it.
const HOOKS = `
import { appendFileSync } from 'node:fs';
import { isBuiltin, registerHooks } from 'node:module';
const RECORD = process.env.STOCKROOM_RECORD;
globalThis.stockroomRecord = (line) => appendFileSync(RECORD, line + '\\n');
const STUBS = {
  electron: \`
    export const app = {
      getPath: () => process.env.STOCKROOM_APPDATA,
      setName() {}, setPath() {}, enableSandbox() {}, on() {},
      requestSingleInstanceLock: () => false,
      quit: () => globalThis.stockroomRecord('#quit'),
    };
    export const protocol = { registerSchemesAsPrivileged() {} };
    export const BrowserWindow = class {}; export const ipcMain = {}; export const screen = {};
    export const session = {}; export const shell = {}; export const dialog = {};
    export const Notification = class {}; export const autoUpdater = {}; export const net = {};
    export default { app, autoUpdater, protocol, BrowserWindow, dialog, ipcMain, net, Notification, screen, session, shell };\`,
  'better-sqlite3': 'export default class Database {}',
  keytar: 'export default {};',
};
registerHooks({
  resolve(specifier, context, next) {
    if (!isBuiltin(specifier) && !/^(\\.|\\/|file:|stockroom-stub:)/.test(specifier)) {
      globalThis.stockroomRecord(specifier);
    }
    if (Object.hasOwn(STUBS, specifier)) {
      return { url: 'stockroom-stub:' + specifier, format: 'module', shortCircuit: true };
    }
    return next(specifier, context);
  },
  load(url, context, next) {
    if (url.startsWith('stockroom-stub:')) {
      return { format: 'module', source: STUBS[url.slice('stockroom-stub:'.length)], shortCircuit: true };
    }
    return next(url, context);
  },
});
`;

const MAIN_DIR = dirname(MAIN_BUNDLE);
/** The bundle's files, relative to out/main. */
let files: string[] = [];
let folder = '';

beforeAll(async () => {
  await projectBuild();
  files = readdirSync(MAIN_DIR, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.js'));
  folder = mkdtempSync(join(tmpdir(), 'stockroom-main-bundle-'));
}, 180_000);

afterAll(() => {
  if (folder !== '') rmSync(folder, { recursive: true, force: true });
});

describe('the main bundle (out/main/index.js)', () => {
  it('names no module outside it but electron, the native modules and Node built-ins', () => {
    expect(files).toContain('index.js');
    const outside = new Set<string>();
    const computed: string[] = [];
    for (const file of files) {
      const found = modulesNamed(readFileSync(join(MAIN_DIR, file), 'utf8'));
      computed.push(...found.computed);
      for (const { specifier } of found.named) {
        if (isBuiltin(specifier)) continue;
        if (specifier.startsWith('.')) {
          // Another file of the bundle, inside out/main.
          const target = resolve(MAIN_DIR, dirname(file), specifier);
          expect(relative(MAIN_DIR, target).startsWith('..'), specifier).toBe(false);
          expect(existsSync(target), specifier).toBe(true);
        } else outside.add(specifier);
      }
    }
    expect([...outside].sort()).toEqual(OUTSIDE);
    // A computed name could load anything at run time.
    expect(computed).toEqual([]);
    const code = files.map((file) => readFileSync(join(MAIN_DIR, file), 'utf8')).join('\n');
    // The pure-JavaScript dependencies are inside (rolldown heads each bundled file with its path).
    for (const dependency of ['zod', 'undici', 'fastify', '@fastify/multipart']) {
      expect(code, dependency).toContain(`// node_modules/${dependency}/`);
    }
  });

  it('loads with no node_modules, asking only for electron and the native modules', async () => {
    const bundle = join(folder, 'main');
    cpSync(MAIN_DIR, bundle, { recursive: true });
    writeFileSync(join(folder, 'package.json'), '{"type":"module"}');
    writeFileSync(join(folder, 'hooks.mjs'), HOOKS);
    // Every other file of the bundle, evaluated as the shell's import of the services does.
    const chunks = files.filter((file) => file !== 'index.js');
    writeFileSync(
      join(folder, 'load-chunks.mjs'),
      chunks.map((file) => `await import(${JSON.stringify(`./main/${file}`)});`).join('\n'),
    );
    const record = join(folder, 'record.txt');
    const runWithHooks = async (entry: string): Promise<string[]> => {
      writeFileSync(record, '');
      await run(process.execPath, ['--import', join(folder, 'hooks.mjs'), entry], {
        cwd: folder,
        env: { ...process.env, STOCKROOM_RECORD: record, STOCKROOM_APPDATA: folder },
        timeout: 30_000,
      });
      return readFileSync(record, 'utf8').trim().split('\n');
    };
    const shell = await runWithHooks(join(bundle, 'index.js'));
    // The second-instance path: the shell ran to its end (app.quit) with nothing else to load.
    expect(shell).toContain('#quit');
    expect(chunks.length).toBeGreaterThan(0);
    const rest = await runWithHooks(join(folder, 'load-chunks.mjs'));
    const asked = new Set([...shell, ...rest].filter((line) => line !== '#quit' && line !== ''));
    expect([...asked].sort()).toEqual(['better-sqlite3', 'electron']);
  });
});

describe("the page's bundle (out/renderer/assets)", () => {
  it('holds no zod: its eval probe is a Trusted Types violation on the page', () => {
    // zod checks once whether `new Function` works; under the page's CSP that check is reported as a
    // blocked TrustedScript. The page reads the contract's types only (a value import of
    // src-shared/ipc/index.js brings the whole contract, and zod with it).
    const assets = join(OUT_DIR, 'renderer', 'assets');
    const scripts = readdirSync(assets).filter((file) => file.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const file of scripts) {
      const code = readFileSync(join(assets, file), 'utf8');
      expect(code.includes('node_modules/zod/') || code.includes('allowsEval'), file).toBe(false);
    }
  });
});
