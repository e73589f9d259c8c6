// A server that answers with 256 MiB (generated as it is sent, never held) cannot fill the PC's memory
// (issue 21): each kind of call stops reading at its cap (answer-limits.ts) and fails with a clear
// reason, and the process running it rises by less than 64 MiB. Each call runs in a child process of
// its own (support/bounded-read-child.ts), so this worker's heap does not blur the figure.
import { spawn } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_LIMITS } from '../../src-main/backoffice/answer-limits.js';
import { LocalCode } from '../../src-main/backoffice/index.js';
import type { FloodedCall } from './support/bounded-read-child.js';
import { FLOOD_BYTES, startFlood, type Flood } from './support/flood-server.js';
import { answerWith, startOddServer, type OddServer } from './support/odd-server.js';
import { testClient } from './support/client.js';
import { PROJECT_ROOT } from '../support/project-build.js';

const MiB = 1024 * 1024;
const MEMORY_RISE_LIMIT_MiB = 64;

interface ChildReport {
  readonly outcome: Record<string, unknown>;
  readonly rssRiseMiB: number;
  readonly arrayBuffersRiseMiB: number;
}

let childBundle = '';
const floods: Flood[] = [];

beforeAll(async () => {
  // Next to node_modules, which the bundle imports undici and zod from.
  const folder = join(PROJECT_ROOT, '.tmp');
  await mkdir(folder, { recursive: true });
  childBundle = join(folder, `bounded-read-child-${process.pid}.mjs`);
  await build({
    entryPoints: [join(import.meta.dirname, 'support', 'bounded-read-child.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outfile: childBundle,
    logLevel: 'warning',
  });
});

afterAll(async () => {
  for (const flood of floods.splice(0)) await flood.close();
  await rm(childBundle, { force: true });
});

async function flood(announce: boolean): Promise<Flood> {
  const started = await startFlood(announce);
  floods.push(started);
  return started;
}

function runChild(url: string, call: FloodedCall): Promise<ChildReport> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', childBundle, url, call], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let errors = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`child exited ${code}: ${errors}`));
      resolve(JSON.parse(out) as ChildReport);
    });
  });
}

const FLOOD_TIMEOUT_MS = 180_000;

describe('a 256 MiB answer, streamed without a length', () => {
  it.each<[FloodedCall, keyof typeof ANSWER_LIMITS]>([
    ['list', 'list'],
    ['detail', 'detail'],
    ['fileDownload', 'fileDetail'],
  ])(
    'a %s call stops at its cap, fails as too large and rises by < 64 MiB',
    async (call, kind) => {
      const server = await flood(false);
      const report = await runChild(server.url, call);
      expect(report.outcome).toMatchObject({
        kind: 'malformed',
        code: LocalCode.answerTooLarge,
        text: expect.stringContaining(`a ${kind} answer may be; it was not read`),
      });
      expect(report.rssRiseMiB, 'peak RSS rise, MiB').toBeLessThan(MEMORY_RISE_LIMIT_MiB);
      expect(report.arrayBuffersRiseMiB, 'peak arrayBuffers rise, MiB').toBeLessThan(MEMORY_RISE_LIMIT_MiB);
      // The read stopped: far less than the flood left the server (the sockets' buffers hold a little).
      expect(Math.max(...server.written)).toBeLessThan(ANSWER_LIMITS[kind] + 32 * MiB);
    },
    FLOOD_TIMEOUT_MS,
  );

  it(
    'the connection test fails with "too large" and rises by < 64 MiB',
    async () => {
      const server = await flood(false);
      const report = await runChild(server.url, 'connectionTest');
      expect(report.outcome).toMatchObject({
        connected: false,
        failure: 'tooLarge',
        message: expect.stringContaining('larger than'),
      });
      expect(report.rssRiseMiB, 'peak RSS rise, MiB').toBeLessThan(MEMORY_RISE_LIMIT_MiB);
      expect(report.arrayBuffersRiseMiB, 'peak arrayBuffers rise, MiB').toBeLessThan(MEMORY_RISE_LIMIT_MiB);
    },
    FLOOD_TIMEOUT_MS,
  );
});

describe('an answer whose Content-Length is over the cap', () => {
  it('fails before its body is read', async () => {
    const server = await flood(true);
    const { client } = testClient(server.url, { retry: { attempts: 1 } });
    try {
      const failure = await client.call('GetProducts').then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toMatchObject({
        kind: 'malformed',
        code: LocalCode.answerTooLarge,
        text: expect.stringContaining(`announces ${FLOOD_BYTES} bytes, more than the 8 MiB`),
      });
    } finally {
      await client.close();
    }
  });
});

describe('answers under their caps', () => {
  let server: OddServer;
  beforeAll(async () => {
    server = await startOddServer(
      answerWith({
        id: 3,
        fileName: 'a.txt',
        type: 'text/plain',
        content: Buffer.from('hi').toString('base64'),
      }),
    );
  });
  afterAll(() => server.close());

  it('are read whole, as before', async () => {
    const { client } = testClient(server.url);
    try {
      await expect(client.call('GetOrderFileDetail', { id: 1, query: { fileid: 3 } })).resolves.toMatchObject(
        {
          fileName: 'a.txt',
          content: 'aGk=',
        },
      );
    } finally {
      await client.close();
    }
  });
});
