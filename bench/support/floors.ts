// Small probes several benches share: what one durable commit costs on this disk now (the floor under
// any write of main), and the page's JavaScript heap after a full collection.
import type { CDPSession } from 'playwright-core';
import { openDatabase } from '../../src-main/db/database.js';

/** `times` synchronous=FULL 1-row commits with the app's pragmas, each timed (ms). */
export function durableCommitFloor(file: string, times: number): number[] {
  const db = openDatabase(file);
  try {
    db.exec('CREATE TABLE probe (value INTEGER)');
    const insert = db.prepare<[number]>('INSERT INTO probe VALUES (?)');
    return Array.from({ length: times }, (_, index) => {
      const started = performance.now();
      db.transaction(() => insert.run(index)).immediate();
      return performance.now() - started;
    });
  } finally {
    db.close();
  }
}

/** The page's JavaScript heap in use after a full collection, MB. */
export async function pageHeapMb(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize / 1e6;
}
