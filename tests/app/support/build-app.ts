// Runs the project's own build (electron-vite, as `npm run build` does) into a folder of its own, so
// tests look at real output without touching out/ that people and other tests use. The build is kept
// per content of its sources: every browser test file of a run (and the next run, while nothing
// changed) reads the same build instead of making its own — a build costs tens of seconds.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';

export const PROJECT_ROOT = resolve(import.meta.dirname, '../../..');

const run = promisify(execFile);
const BUILDS = join(PROJECT_ROOT, '.tmp', 'app-builds');
/** What the build reads: a change to any of these makes a new build. */
const INPUTS = [
  'src-main',
  'src-renderer',
  'src-shared',
  'electron.vite.config.ts',
  'svelte.config.js',
  'package-lock.json',
];
/** Builds kept besides the current one (other branches' or earlier edits'); older ones are removed. */
const KEPT_BUILDS = 3;
/** A build another process started and did not finish in this long is taken to have died. */
const ABANDONED_AFTER_MS = 5 * 60_000;

/** Builds main, preload and renderer into a fresh temporary folder and returns it (the caller removes it). */
export async function buildApp(): Promise<string> {
  mkdirSync(join(PROJECT_ROOT, '.tmp'), { recursive: true });
  const outDir = join(mkdtempSync(join(PROJECT_ROOT, '.tmp', 'app-build-')), 'out');
  await buildInto(outDir);
  return outDir;
}

/**
 * The build of the sources as they are now, shared: made once (other processes wait for it), then
 * read by everyone. Callers never write into it nor remove it.
 */
export async function sharedAppBuild(): Promise<string> {
  const key = sourcesKey();
  const finished = join(BUILDS, key, 'out');
  const lock = join(BUILDS, `${key}.building`);
  mkdirSync(BUILDS, { recursive: true });
  for (;;) {
    if (existsSync(join(finished, 'renderer', 'index.html'))) return finished;
    if (takeLock(lock)) break;
    await sleep(250);
  }
  try {
    if (existsSync(join(finished, 'renderer', 'index.html'))) return finished;
    const scratch = mkdtempSync(join(BUILDS, `${key}-`));
    try {
      await buildInto(join(scratch, 'out'));
      rmSync(join(BUILDS, key), { recursive: true, force: true });
      renameSync(scratch, join(BUILDS, key));
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
    pruneOldBuilds(key);
    return finished;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

async function buildInto(outDir: string): Promise<void> {
  const cli = join(PROJECT_ROOT, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js');
  await run(process.execPath, [cli, 'build', '--outDir', outDir, '--logLevel', 'warn'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, NODE_ENV: 'production' },
    maxBuffer: 16 * 1024 * 1024,
  });
}

/** mkdir is atomic: whoever makes the folder builds. A lock older than a build can take is broken. */
function takeLock(lock: string): boolean {
  try {
    mkdirSync(lock);
    return true;
  } catch {
    const since = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (since > ABANDONED_AFTER_MS) rmSync(lock, { recursive: true, force: true });
    return false;
  }
}

/** A hash of every input file's path and bytes. */
function sourcesKey(): string {
  const hash = createHash('sha256');
  const visit = (path: string): void => {
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path).sort()) visit(join(path, entry));
      return;
    }
    hash.update(relative(PROJECT_ROOT, path)).update('\0').update(readFileSync(path)).update('\0');
  };
  for (const input of INPUTS) visit(join(PROJECT_ROOT, input));
  return hash.digest('hex').slice(0, 16);
}

function pruneOldBuilds(current: string): void {
  const builds = readdirSync(BUILDS, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && /^[0-9a-f]{16}$/.test(entry.name) && entry.name !== current)
    .map((entry) => ({ name: entry.name, at: statSync(join(BUILDS, entry.name)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const old of builds.slice(KEPT_BUILDS))
    rmSync(join(BUILDS, old.name), { recursive: true, force: true });
}
