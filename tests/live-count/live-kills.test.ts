// Issue 23: three Stockroom instances (separate user-data folders, separate processes) on one live
// count over loopback, while the test SIGKILLs the host and the members at random moments and restarts
// them, and every instance loses and repeats 5% of its messages. The host's committed figure of every
// product is the sum of all scans made on all three, exactly once, and so is each shelf's (the
// counters move between shelves as they scan). Each instance's own scans are read
// from its own database, which has them on disk before the scan call returns.
//
// LIVE_KILLS=<n> sets how many kills. `npm test` runs 12 (about four per instance); the full
// run of at least 50 is `LIVE_KILLS=54 npx vitest run tests/live-count/live-kills.test.ts` (decision 0013).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CountingService } from '../../src-main/counting/index.js';
import { openDatabase } from '../../src-main/db/database.js';
import { LiveHost } from '../../src-main/live-count/live-host.js';
import { PROJECT_ROOT } from '../support/project-build.js';

const KILLS = Number(process.env.LIVE_KILLS ?? 12);
const WAIT = { timeout: 60_000, interval: 100 };
/** A kill lands within this long after the last one, or the start: before, during and after start-up. */
const KILL_WITHIN_MS = 3_000;
/** How long an instance may take to be ready (a join that lost its welcome retries within it). */
const READY_WITHIN_MS = 60_000;

/** `promise`, or a failure naming what did not happen in time (never the whole test's limit). */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${String(ms)} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

interface Instance {
  readonly name: string;
  readonly folder: string;
  readonly args: readonly string[];
  child: ChildProcess | undefined;
  ready: Promise<void>;
  kills: number;
  /** Not started again after its next exit. */
  retired?: boolean;
}

let bundle: string;
let root: string;
let port: number;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

function start(instance: Instance): void {
  const child = spawn(process.execPath, [bundle, ...instance.args], { stdio: ['ignore', 'pipe', 'pipe'] });
  instance.child = child;
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-4000);
  });
  instance.ready = new Promise<void>((resolve) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    // A start killed (or failed) before it was ready is started again.
    child.on('exit', (code, signal) => {
      if (instance.child !== child) return;
      if (signal !== 'SIGKILL') process.stderr.write(`${instance.name} exited ${String(code)}: ${errors}\n`);
      instance.child = undefined;
      setTimeout(() => {
        if (instance.child === undefined && !stopping && instance.retired !== true) start(instance);
      }, 50);
      resolve();
    });
  });
}

let stopping = false;
const instances: Instance[] = [];

function kill(instance: Instance): Promise<void> {
  const child = instance.child;
  if (child === undefined || child.exitCode !== null) return Promise.resolve();
  return new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

function readOnly<T>(folder: string, read: (db: Sqlite.Database) => T): T {
  const db = new Sqlite(join(folder, 'store.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/** What the instance's own counters scanned, per product id: the truth the host must add up. */
/** The instance's own scans per product and shelf, as `sku@shelf` ('' for none). */
function ownScansByShelf(folder: string): Map<string, number> {
  return readOnly(folder, (db) => {
    const rows = db
      .prepare<[], { key: string; units: number }>(
        `SELECT l.sku || '@' || COALESCE(e.shelf_code, '') AS key, SUM(e.quantity) AS units
           FROM count_events e JOIN count_lines l ON l.id = e.line_id
          WHERE e.kind = 'scan' AND e.undone_at IS NULL AND l.kind = 'product' GROUP BY key`,
      )
      .all();
    return new Map(rows.map((row) => [row.key, row.units]));
  });
}

function ownScans(folder: string): Map<number, number> {
  return readOnly(folder, (db) => {
    const rows = db
      .prepare<[], { product_id: number; units: number }>(
        `SELECT l.product_id, SUM(e.quantity) AS units FROM count_events e JOIN count_lines l ON l.id = e.line_id
          WHERE e.kind = 'scan' AND e.undone_at IS NULL AND l.kind = 'product' GROUP BY l.product_id`,
      )
      .all();
    return new Map(rows.map((row) => [row.product_id, row.units]));
  });
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'stockroom-live-kills-'));
  mkdirSync(join(PROJECT_ROOT, '.tmp'), { recursive: true });
  bundle = join(PROJECT_ROOT, '.tmp', `live-instance-${String(process.pid)}.mjs`);
  // One bundle: a child starts in a fraction of tsx's time, so kills land on running instances.
  await build({
    entryPoints: [join(PROJECT_ROOT, 'tests/live-count/support/live-instance.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outfile: bundle,
    logLevel: 'error',
  });
  port = await freePort();
});

afterAll(async () => {
  stopping = true;
  await Promise.all(instances.map(kill));
  rmSync(bundle, { force: true });
  rmSync(root, { recursive: true, force: true });
});

describe('a live count of three processes under SIGKILL', () => {
  it(`commits every scan exactly once after ${String(KILLS)} kills`, { timeout: 240_000 }, async () => {
    const folderOf = (name: string) => {
      const folder = join(root, name);
      mkdirSync(folder);
      return folder;
    };
    const host: Instance = {
      name: 'host',
      folder: folderOf('host'),
      args: [],
      child: undefined,
      ready: Promise.resolve(),
      kills: 0,
    };
    Object.assign(host, { args: ['host', host.folder, String(port)] });
    instances.push(host);
    start(host);
    await within(host.ready, READY_WITHIN_MS, 'the host starting');
    for (const name of ['ONE', 'TWO']) {
      const folder = folderOf(name);
      const member: Instance = {
        name,
        folder,
        args: ['member', folder, String(port), name],
        child: undefined,
        ready: Promise.resolve(),
        kills: 0,
      };
      instances.push(member);
      start(member);
      await within(member.ready, READY_WITHIN_MS, `member ${name} joining`);
    }

    // Each instance is killed at random moments of its life (starting up, joining, counting, sending),
    // all three at once, until the kills add up.
    let kills = 0;
    await Promise.all(
      instances.map(async (instance) => {
        while (kills < KILLS) {
          await new Promise((resolve) => setTimeout(resolve, Math.random() * KILL_WITHIN_MS));
          if (kills >= KILLS) break;
          if (instance.child === undefined) continue;
          kills += 1;
          instance.kills += 1;
          await kill(instance);
        }
      }),
    );
    expect(kills).toBeGreaterThanOrEqual(KILLS);
    expect(host.kills).toBeGreaterThan(0);

    // Scanning stops; the host goes, and this process hosts the count on its database from here.
    writeFileSync(join(root, 'stop'), '');
    await within(
      Promise.all(instances.map((instance) => instance.ready)),
      READY_WITHIN_MS,
      'every instance ready after the last kill',
    );
    host.retired = true;
    instances.splice(instances.indexOf(host), 1);
    await kill(host);
    const db = openDatabase(join(host.folder, 'store.sqlite'));
    const counting = new CountingService(db);
    const sessionId = db.prepare<[], string>('SELECT session_id FROM live_count_hosts').pluck().get() ?? '';
    const live = await LiveHost.start(
      { db, counting, sessionId, label: 'HOST' },
      { host: '127.0.0.1', port },
    );
    try {
      live.requestFlush();
      await vi.waitFor(() => {
        expect(live.members().map((member) => member.state)).toEqual(['final', 'final']);
      }, WAIT);
      counting.commit({ sessionId });
      // Shelf by shelf too (decision 0021): the host's review holds each shelf's scans of all three.
      const review = counting.shelfReview({ sessionId });
      const onHost = new Map<string, number>();
      for (const shelf of review.shelves)
        for (const row of shelf.rows) onHost.set(`${row.sku}@${shelf.code}`, row.counted);
      for (const row of review.noShelf) onHost.set(`${row.sku}@`, row.counted);
      const byShelf = new Map<string, number>();
      for (const folder of [host.folder, ...instances.map((instance) => instance.folder)]) {
        for (const [key, units] of ownScansByShelf(folder)) byShelf.set(key, (byShelf.get(key) ?? 0) + units);
      }
      expect([...byShelf.keys()].filter((key) => !key.endsWith('@')).length).toBeGreaterThan(3);
      expect(new Map([...onHost].sort())).toEqual(new Map([...byShelf].sort()));
    } finally {
      await live.stop();
    }

    const expected = new Map<number, number>();
    for (const folder of [host.folder, ...instances.map((instance) => instance.folder)]) {
      for (const [productId, units] of ownScans(folder))
        expected.set(productId, (expected.get(productId) ?? 0) + units);
    }
    const committed = db
      .prepare<[], { product_id: number; value: number }>(
        `SELECT product_id, value FROM outbox_operations WHERE change = 'count' ORDER BY product_id`,
      )
      .all();
    db.close();
    expect([...expected.values()].reduce((sum, units) => sum + units, 0)).toBeGreaterThan(100);
    expect(new Map(committed.map((row) => [row.product_id, row.value]))).toEqual(expected);
  });
});
