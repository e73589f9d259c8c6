// The Documents page's quotation list on 20,000 cached quotations (issue 11): the first page with its
// totals, a keyword search and a status + amount filter, each through DocumentsService.list as the page
// calls it, quiet and with one core kept busy by a second process. Target: p95 ≤ 20 ms.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src-main/db/database.js';
import { QUOTATION_LIST_CASES, QUOTATIONS, quotationStore } from './support/quotation-store.js';
import { startBusyCore } from './support/busy-core.js';
import { median, ms, percentile, timeEach } from './support/stats.js';

const RUNS = 300;

export async function run(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'stockroom-documents-bench-'));
  const db = openDatabase(join(folder, 'store.sqlite'));
  try {
    const documents = quotationStore(db);
    const measure = async (label: string) => {
      for (const bench of QUOTATION_LIST_CASES) {
        await timeEach(20, (i) => documents.list(bench.args(i)));
        const samples = await timeEach(RUNS, (i) => documents.list(bench.args(i)));
        console.log(
          `${label} ${bench.name} on ${QUOTATIONS} quotations: p50 ${ms(median(samples))} ` +
            `p95 ${ms(percentile(samples, 95))} p99 ${ms(percentile(samples, 99))}`,
        );
      }
    };
    await measure('quiet');
    const busy = await startBusyCore(120_000);
    try {
      await measure('one core busy');
    } finally {
      await busy.stop();
    }
  } finally {
    db.close();
    rmSync(folder, { recursive: true, force: true });
  }
}
