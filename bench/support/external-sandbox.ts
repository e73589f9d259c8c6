// A sandbox back office in its own process (`npm run sandbox`'s CLI), as a store's real back office would
// be: its seeding and serving never share the app's thread, so what the app does is measured alone.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';

const PROJECT_ROOT = join(import.meta.dirname, '..', '..');
const LISTENING = /^Stockroom sandbox listening on (http:\/\/127\.0\.0\.1:\d+) /;

export interface ExternalSandbox {
  readonly url: string;
  /** Milliseconds from the spawn to the printed address (generating and seeding the store included). */
  readonly startMs: number;
  /** SIGTERM, then waits for the process to exit. */
  close(): Promise<void>;
}

/** Starts the sandbox CLI on a free port with one demo store of `products` products. */
export async function startExternalSandbox(options: {
  dataFile: string;
  products: number;
  store: { name: string; apikey: string; apisecret: string };
}): Promise<ExternalSandbox> {
  const { store } = options;
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(PROJECT_ROOT, 'src-main', 'sandbox', 'cli.ts'),
      ...['--port', '0', '--data', options.dataFile, '--seed', 'demo'],
      ...['--products', String(options.products), '--quota', '100000000'],
      ...['--store', store.name, '--apikey', store.apikey, '--apisecret', store.apisecret],
    ],
    { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout }).on('line', (line) => {
        const match = LISTENING.exec(line);
        if (match?.[1] !== undefined) resolve(match[1]);
      });
      child.once('exit', (code) =>
        reject(new Error(`the sandbox exited (${code}) before listening:\n${stderr}`)),
      );
    });
    return {
      url,
      startMs: performance.now() - started,
      close: async () => {
        if (child.exitCode === null) child.kill('SIGTERM');
        await exited;
      },
    };
  } catch (error) {
    if (child.exitCode === null) child.kill('SIGKILL');
    throw error;
  }
}
