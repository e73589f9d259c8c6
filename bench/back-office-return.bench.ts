// Back office back → first send (issues 20 and 26): an income waits in the outbox after ~10 minutes of
// the back office being away (its backoff grown to the 5-minute cap, as after that many failures); the
// sandbox comes back on its port; the figure is the time from it listening again to the outbox's write
// request leaving (the drainer's beforeRequest hook). Default timing of the app: probe every 3 s,
// backoff 2 s doubling to 5 min. Median of 5 and the max, beside what the row's own backoff would
// have waited. Asserts nothing.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BackofficeClient } from '../src-main/backoffice/index.js';
import { openDatabase } from '../src-main/db/database.js';
import { DEFAULT_PROBE_MS, enqueueWrite, Outbox } from '../src-main/outbox/index.js';
import { DEFAULT_STORE, startSandbox, type SandboxHandle } from '../src-main/sandbox/index.js';
import { median, ms, percentile } from './support/stats.js';

const RUNS = 5;
/** Failed attempts behind the row, as after ~10 minutes away: its next wait is up to the 5-minute cap. */
const ATTEMPTS_AWAY = 9;

const credentials = {
  storename: DEFAULT_STORE.name,
  apikey: DEFAULT_STORE.apikey,
  apisecret: DEFAULT_STORE.apisecret,
};

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

async function oneReturn(folder: string, run: number): Promise<{ firstSendMs: number; backoffMs: number }> {
  const dataFile = join(folder, `sandbox-${run}.sqlite`);
  const start = (port: number) => startSandbox({ dataFile, seed: 'demo', products: 5, port, log: () => {} });
  let sandbox: SandboxHandle = await start(0);
  const port = sandbox.port;
  const db = openDatabase(join(folder, `store-${run}.sqlite`));
  let sentAt: number | undefined;
  const client = new BackofficeClient({ baseUrl: sandbox.url, credentials });
  const outbox = new Outbox({
    db,
    client,
    hooks: {
      beforeRequest: () => {
        sentAt ??= performance.now();
      },
    },
  });
  try {
    await sandbox.close();
    const queued = enqueueWrite(db, {
      kind: 'addIncome',
      body: { amount: 10 + run, list: [{ name: 'Bench sale', totalprice: 10 + run }] },
    });
    db.prepare('UPDATE outbox_operations SET attempts = ? WHERE id = ?').run(
      ATTEMPTS_AWAY,
      queued.operationId,
    );
    outbox.start();
    const waitOf = () =>
      db
        .prepare<[number], { state: string; at: number | null }>(
          'SELECT state, next_attempt_at AS at FROM outbox_operations WHERE id = ?',
        )
        .get(queued.operationId);
    await until(() => waitOf()?.state === 'retry');
    // Away a little longer, at a random point of the probe's interval, as a real return would be.
    await new Promise((resolve) => setTimeout(resolve, 1_000 + Math.random() * DEFAULT_PROBE_MS));
    sentAt = undefined;
    sandbox = await start(port);
    const backAt = performance.now();
    const backoffMs = (waitOf()?.at ?? Date.now()) - Date.now();
    await until(() => sentAt !== undefined);
    return { firstSendMs: (sentAt ?? backAt) - backAt, backoffMs: Math.max(0, backoffMs) };
  } finally {
    await outbox.stop();
    await client.close();
    db.close();
    await sandbox.close();
  }
}

export async function run(): Promise<void> {
  const folder = await mkdtemp(join(tmpdir(), 'stockroom-bench-return-'));
  try {
    const firsts: number[] = [];
    const backoffs: number[] = [];
    for (let index = 0; index < RUNS; index++) {
      const { firstSendMs, backoffMs } = await oneReturn(folder, index);
      firsts.push(firstSendMs);
      backoffs.push(backoffMs);
    }
    console.log(
      `back office back → first send (${RUNS} returns, probe every ${DEFAULT_PROBE_MS / 1000} s): ` +
        `median ${ms(median(firsts))}, max ${ms(percentile(firsts, 100))} ` +
        `[${firsts.map((value) => Math.round(value)).join(', ')} ms]`,
    );
    console.log(
      `  the row's own backoff would have waited: median ${ms(median(backoffs))}, max ${ms(percentile(backoffs, 100))}`,
    );
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
