// Runs the project's own build (electron-vite, as `npm run build` does) into a fresh folder, so tests
// look at real output without touching out/ that people and other tests use.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

export const PROJECT_ROOT = resolve(import.meta.dirname, '../../..');

const run = promisify(execFile);

/** Builds main, preload and renderer into a temporary folder and returns it. */
export async function buildApp(): Promise<string> {
  mkdirSync(join(PROJECT_ROOT, '.tmp'), { recursive: true });
  const outDir = join(mkdtempSync(join(PROJECT_ROOT, '.tmp', 'app-build-')), 'out');
  const cli = join(PROJECT_ROOT, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js');
  await run(process.execPath, [cli, 'build', '--outDir', outDir, '--logLevel', 'warn'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, NODE_ENV: 'production' },
    maxBuffer: 16 * 1024 * 1024,
  });
  return outDir;
}
