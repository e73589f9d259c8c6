// The project's own build output in out/ (what `npm run build` writes and electron-builder packages), for
// tests that check the real files rather than a bundle of their own. When out/ is missing or older than
// any source or build setting, `electron-vite build` runs first, as `npm run build` does; test files
// running at the same time take turns through a lock folder, so one build serves them all.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

export const PROJECT_ROOT = resolve(import.meta.dirname, '../..');
export const OUT_DIR = join(PROJECT_ROOT, 'out');
export const MAIN_BUNDLE = join(OUT_DIR, 'main', 'index.js');
export const PRELOAD_BUNDLE = join(OUT_DIR, 'preload', 'index.cjs');

const run = promisify(execFile);
const INPUT_FOLDERS = ['src-main', 'src-shared', 'src-renderer'];
const INPUT_FILES = [
  'electron.vite.config.ts',
  'svelte.config.js',
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'tsconfig.json',
  'tsconfig.node.json',
  'tsconfig.web.json',
];
const LOCK = join(PROJECT_ROOT, '.tmp', 'project-build.lock');
const STALE_LOCK_MS = 5 * 60_000;

function newestInput(): number {
  let newest = 0;
  const visit = (path: string) => {
    if (!existsSync(path)) return;
    newest = Math.max(newest, statSync(path).mtimeMs);
  };
  for (const folder of INPUT_FOLDERS) {
    for (const name of readdirSync(join(PROJECT_ROOT, folder), { recursive: true, encoding: 'utf8' })) {
      visit(join(PROJECT_ROOT, folder, name));
    }
  }
  for (const file of INPUT_FILES) visit(join(PROJECT_ROOT, file));
  return newest;
}

function isFresh(): boolean {
  const outputs = [MAIN_BUNDLE, PRELOAD_BUNDLE];
  if (!outputs.every((file) => existsSync(file))) return false;
  const oldest = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  return oldest >= newestInput();
}

function takeLock(): boolean {
  mkdirSync(join(PROJECT_ROOT, '.tmp'), { recursive: true });
  try {
    mkdirSync(LOCK);
    return true;
  } catch {
    const lock = statSync(LOCK, { throwIfNoEntry: false });
    if (lock !== undefined && Date.now() - lock.mtimeMs > STALE_LOCK_MS) {
      rmSync(LOCK, { recursive: true, force: true });
    }
    return false;
  }
}

/** out/ as `npm run build` leaves it, built now when stale. Returns OUT_DIR. */
export async function projectBuild(): Promise<string> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (isFresh()) return OUT_DIR;
    if (takeLock()) {
      try {
        if (!isFresh()) {
          const cli = join(PROJECT_ROOT, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js');
          await run(process.execPath, [cli, 'build', '--logLevel', 'warn'], {
            cwd: PROJECT_ROOT,
            env: { ...process.env, NODE_ENV: 'production' },
            maxBuffer: 16 * 1024 * 1024,
          });
        }
        return OUT_DIR;
      } finally {
        rmSync(LOCK, { recursive: true, force: true });
      }
    }
    if (Date.now() > deadline) throw new Error(`Waited too long for another test's build (${LOCK})`);
    await new Promise((done) => setTimeout(done, 250));
  }
}
