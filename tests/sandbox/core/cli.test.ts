// The CLI as a child process: one line with the address, port 0 works, clean stop, exit 2 on bad flags.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const TIME_LIMIT_MS = 20_000;
let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'stockroom-sandbox-cli-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

interface Run {
  readonly child: ChildProcess;
  readonly stdout: () => string;
  readonly stderr: () => string;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts the CLI in its own process group, so the whole group can be stopped by its id. */
function runCli(args: readonly string[]): Run {
  const child = spawn('npx', ['tsx', 'src-main/sandbox/cli.ts', ...args], {
    cwd: process.cwd(),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const guard = setTimeout(() => stopGroup(child, 'SIGKILL'), TIME_LIMIT_MS);
  void exited.then(() => clearTimeout(guard));
  return { child, stdout: () => out, stderr: () => err, exited };
}

function stopGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

async function waitFor(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + TIME_LIMIT_MS;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('sandbox CLI', () => {
  it('prints one line with http://127.0.0.1:<port> on port 0, serves, and stops on SIGTERM', async () => {
    const run = runCli(['--port', '0', '--data', join(folder, 'cli.sqlite'), '--seed', 'empty']);
    try {
      await waitFor(() => run.stdout().includes('\n'), 'the address line');
      const lines = run.stdout().trim().split('\n');
      expect(lines).toHaveLength(1);
      const match = /http:\/\/127\.0\.0\.1:(\d+)/.exec(lines[0] ?? '');
      expect(match).not.toBeNull();
      const port = Number(match?.[1]);
      expect(port).toBeGreaterThan(0);
      const response = await fetch(`http://127.0.0.1:${port}/v4/Warehouse/GetWarehouses`, {
        headers: { storename: 'demo', apikey: 'demo-key', apisecret: 'demo-secret' },
      });
      expect(await response.json()).toMatchObject({ res: { resCode: '200' }, count: 1 });
      stopGroup(run.child, 'SIGTERM');
      await run.exited;
      // npx dies with the group at once; the sandbox itself closes its server and database, then exits.
      const refused = () =>
        fetch(`http://127.0.0.1:${port}/`).then(
          () => false,
          () => true,
        );
      await waitFor(refused, 'the port to close');
    } finally {
      stopGroup(run.child, 'SIGKILL');
    }
  });

  it('exits with code 2 and a clear message on a bad flag', async () => {
    const run = runCli(['--port', 'eighty']);
    const { code } = await run.exited;
    expect(code).toBe(2);
    expect(run.stderr()).toContain('--port must be a whole number');
    expect(run.stdout()).toBe('');
  });
});
