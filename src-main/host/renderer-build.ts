// The built renderer `npm run web` serves: out/renderer, rebuilt with the project's own build
// (`electron-vite build`, as `npm run build`) when it is missing or older than anything it is built
// from. Checking mtimes costs a few milliseconds; a build takes a few seconds, so a fresh clone or an
// edited component is built once, and an unchanged tree starts at once. The check can over-build (a
// comment edited in src-shared) but never serves a page older than its sources.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** What the renderer bundle is made from, relative to the project root (folders are walked). */
export const RENDERER_SOURCES = [
  'src-renderer',
  'src-shared',
  'electron.vite.config.ts',
  'svelte.config.js',
  'package-lock.json',
];

export function rendererDirectory(projectRoot: string): string {
  return join(projectRoot, 'out', 'renderer');
}

/** The newest modification time under `path` (0 when it does not exist). */
function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

/** Why out/renderer must be built, or null when it is newer than all its sources. */
export function rendererBuildReason(projectRoot: string): string | null {
  const index = join(rendererDirectory(projectRoot), 'index.html');
  if (!existsSync(index)) return 'out/renderer is missing';
  const built = statSync(index).mtimeMs;
  const newer = RENDERER_SOURCES.find((source) => newestMtime(join(projectRoot, source)) > built);
  return newer === undefined ? null : `${newer} changed since out/renderer was built`;
}

/** Runs `electron-vite build` in the project; its output goes to stderr so stdout stays one line. */
export async function buildRenderer(projectRoot: string): Promise<void> {
  const cli = join(projectRoot, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js');
  const { stdout, stderr } = await run(process.execPath, [cli, 'build', '--logLevel', 'warn'], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: 'production' },
    maxBuffer: 16 * 1024 * 1024,
  });
  process.stderr.write(stdout + stderr);
}
