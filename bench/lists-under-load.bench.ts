// Lists under load (issue 26): the three lists that reached 17–78 ms p95 with one core busy, each timed
// as the page calls it in main — the money keyword search that must scan (one common word: thousands of
// matches, past the trigram index's use, decision 0014), the money list's unfiltered first page, and the
// quotation list by status and amount — quiet and with one core kept busy by another process, in
// alternating blocks so a change in the machine's load falls on both. Reported as the ratio of busy to
// quiet p95 (goal ≤ 2×) beside the quiet p95 (goal ≤ 20 ms). Asserts nothing.
// LISTS_BENCH_RUNS=40 checks the run itself quickly.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src-main/db/database.js';
import { MoneyRecordRepository } from '../src-main/money/money-record.repository.js';
import { callContract } from '../src-shared/ipc/index.js';
import { startBusyCore } from './support/busy-core.js';
import { fillRecords, moneyApp, newClient, RECORDS, WORDS } from './support/money-store.js';
import { QUOTATION_LIST_CASES, QUOTATIONS, quotationStore } from './support/quotation-store.js';
import { ms, percentile, timeEach } from './support/stats.js';

/** Calls per list and load, in BLOCKS alternating blocks. */
const RUNS = Number(process.env.LISTS_BENCH_RUNS ?? 400);
const BLOCKS = 4;
const WARM_UP = 20;
const GOAL = { ratio: 2, quietP95Ms: 20 };

interface ListCase {
  readonly name: string;
  readonly list: (index: number) => unknown;
}

export async function run(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'stockroom-lists-bench-'));
  const db = openDatabase(join(folder, 'store.sqlite'));
  const now = Date.now();
  const client = newClient('http://127.0.0.1:9', () => now, []);
  try {
    fillRecords(new MoneyRecordRepository(db), now);
    const { money } = moneyApp(db, client, () => now);
    const documents = quotationStore(db);
    const moneyArgs = (extra: Record<string, unknown>) =>
      callContract['money.list'].args.parse({ kind: 'income', ...extra });
    const statusAndAmount = QUOTATION_LIST_CASES.find((entry) => entry.name === 'status + amount');
    if (statusAndAmount === undefined) throw new Error('the quotation list has no status + amount case');
    const cases: ListCase[] = [
      {
        name: `money keyword that must scan (one common word, ${RECORDS.toLocaleString('en')} records)`,
        list: (i) => money.list(moneyArgs({ keyword: WORDS[i % WORDS.length] })),
      },
      { name: 'money first page, unfiltered (100 rows + totals)', list: () => money.list(moneyArgs({})) },
      {
        name: `quotations by status and amount (${QUOTATIONS.toLocaleString('en')} quotations)`,
        list: (i) => documents.list(statusAndAmount.args(i)),
      },
    ];
    console.log(
      `load average at start: ${loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}`,
    );
    const quiet = cases.map((): number[] => []);
    const busy = cases.map((): number[] => []);
    const measure = async (into: number[][]) => {
      for (const [index, entry] of cases.entries()) {
        await timeEach(WARM_UP, entry.list);
        into[index]?.push(...(await timeEach(Math.ceil(RUNS / BLOCKS), entry.list)));
      }
    };
    for (let block = 0; block < BLOCKS; block++) {
      await measure(quiet);
      const loop = await startBusyCore(10 * 60_000);
      try {
        await measure(busy);
      } finally {
        await loop.stop();
      }
    }
    for (const [index, entry] of cases.entries()) {
      const quietP95 = percentile(quiet[index] ?? [], 95);
      const busyP95 = percentile(busy[index] ?? [], 95);
      const ratio = busyP95 / quietP95;
      const met = ratio <= GOAL.ratio && quietP95 <= GOAL.quietP95Ms;
      console.log(
        `list ratio, ${entry.name}: one core busy / quiet p95 ${ratio.toFixed(2)}×, quiet p95 ${ms(quietP95)} ` +
          `(busy p95 ${ms(busyP95)}; p50 quiet ${ms(percentile(quiet[index] ?? [], 50))}, ` +
          `busy ${ms(percentile(busy[index] ?? [], 50))}; goal ≤ ${GOAL.ratio}× and ≤ ${GOAL.quietP95Ms} ms: ` +
          `${met ? 'met' : 'MISSED'})`,
      );
    }
    console.log(
      `load average at the end: ${loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await client.close();
    db.close();
    rmSync(folder, { recursive: true, force: true });
  }
}
