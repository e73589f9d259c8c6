// A live count over loopback (issue 23, decision 0013): a host and a member, each its own store
// database in a temp folder, the real LiveHost and LiveMember over a real WebSocket on 127.0.0.1.
//
// - member scan → line on the host: from the member's scan call to the host having applied it (its
//   change listener fires, which is what the host's screen redraws from), p50/p99. Target: < 1 s.
// - the member's own scan-to-screen: its scan call plus the notify (the send follows the call), as a ratio to the
//   same scan on a session that is not live (the trigger's row and the sealed send). Goal ≤ 1.1×.
// - host scan → the member's joined lines show it: from the host's own scan to the member having been
//   told (an ack naming a new joined version) and read the page with the new figure; beside its floor,
//   the same page read alone, interleaved. Target: < 1 s (the host looks every 250 ms).
// Prints; asserts nothing. `npm run bench -- live-count`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CatalogueRepository } from '../src-main/catalog/catalogue.repository.js';
import { CountingService } from '../src-main/counting/index.js';
import { openDatabase, type Database } from '../src-main/db/database.js';
import { LiveHost } from '../src-main/live-count/live-host.js';
import { LiveMember } from '../src-main/live-count/live-member.js';
import { Product, Warehouse } from '../src-shared/api/records.js';
import { median, ms, percentile } from './support/stats.js';

const PRODUCTS = 2_000;
const SCANS = 400;
const WAREHOUSE = 'W0001';

function store(folder: string, name: string): Database {
  const db = openDatabase(join(folder, `${name}.sqlite`));
  const catalogue = new CatalogueRepository(db);
  catalogue.replaceWarehouses([Warehouse.parse({ id: 1, code: WAREHOUSE, name: 'คลังหลัก', address: '' })]);
  const records = Array.from({ length: PRODUCTS }, (_, index) =>
    Product.parse({
      id: index + 1,
      name: `สินค้า ${String(index + 1)}`,
      sku: `SKU-${String(index + 1)}`,
      barcode: '',
      sellprice: '10.00',
      purchaseprice: '6.00',
      unittext: 'ชิ้น',
      active: true,
      stock: '5',
      availablestock: '5',
    }),
  );
  catalogue.upsertProducts(records, { warehouseCode: WAREHOUSE, syncedAt: Date.now() });
  return db;
}

const pause = (millis: number) => new Promise((resolve) => setTimeout(resolve, millis));

const JOINED_ROUNDS = 60;

/** The host scans; the member hears of it and reads its page: how long until the figure is there. */
async function joinedLinesOnMember(counting: CountingService, sessionId: string, member: LiveMember) {
  const told: number[] = [];
  const readAlone: number[] = [];
  for (let round = 0; round < JOINED_ROUNDS; round += 1) {
    const floorStarted = performance.now();
    await member.joinedLines(0);
    readAlone.push(performance.now() - floorStarted);

    const code = `SKU-${String(1 + (round % 9))}`; // SKU-1…SKU-9: one page by SKU
    const before = member.status().joined;
    const heard = new Promise<void>((resolve) => {
      const off = member.onChange(() => {
        if (member.status().joined !== before) {
          off();
          resolve();
        }
      });
    });
    const started = performance.now();
    const figure = counting.scan({ sessionId, code, counter: 'Host' }).counted;
    await heard;
    const page = await member.joinedLines(0);
    const shown = page.lines.find((line) => line.sku === code)?.counted;
    if (shown !== figure)
      throw new Error(`the member's page shows ${String(shown)} of ${code}, not ${String(figure)}`);
    told.push(performance.now() - started);
    await pause(20 + Math.random() * 250); // not in step with the host's 250 ms look
  }
  console.log(`host scan → on the member's joined lines (${String(JOINED_ROUNDS)} scans, loopback):`);
  console.log(
    `  p50 ${ms(median(told))}   p99 ${ms(percentile(told, 99))}   max ${ms(Math.max(...told))}   ` +
      `floor (the page read alone) p50 ${ms(median(readAlone))} p99 ${ms(percentile(readAlone, 99))}`,
  );
}

export async function run(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'stockroom-bench-live-'));
  const hostDb = store(folder, 'host');
  const memberDb = store(folder, 'member');
  const aloneDb = store(folder, 'alone');
  const hostCounting = new CountingService(hostDb);
  const memberCounting = new CountingService(memberDb);
  const aloneCounting = new CountingService(aloneDb);
  const hostSession = hostCounting.createSession({ warehouseCode: WAREHOUSE, name: 'Bench' }).id;
  const aloneSession = aloneCounting.createSession({ warehouseCode: WAREHOUSE, name: 'Alone' }).id;
  const live = await LiveHost.start(
    { db: hostDb, counting: hostCounting, sessionId: hostSession, label: 'HOST' },
    { host: '127.0.0.1', port: 0 },
  );
  const member = await LiveMember.join({
    db: memberDb,
    counting: memberCounting,
    address: `127.0.0.1:${String(live.address.port)}`,
    code: live.openJoinWindow(),
    label: 'MEMBER',
  });
  try {
    await joinedLinesOnMember(hostCounting, hostSession, member);
    const toHost: number[] = [];
    const memberScan: number[] = [];
    const aloneScan: number[] = [];
    for (let index = 0; index < SCANS; index += 1) {
      const code = `SKU-${String(1 + ((index * 7919) % PRODUCTS))}`;
      const aloneStarted = performance.now();
      aloneCounting.scan({ sessionId: aloneSession, code, counter: 'Bench' });
      aloneScan.push(performance.now() - aloneStarted);

      const applied = new Promise<number>((resolve) => {
        const off = live.onChange(() => {
          if (live.members()[0]?.appliedSeq === index + 1) {
            off();
            resolve(performance.now());
          }
        });
      });
      const started = performance.now();
      memberCounting.scan({ sessionId: member.sessionId, code, counter: 'Bench' });
      member.notify();
      memberScan.push(performance.now() - started);
      toHost.push((await applied) - started);
      await pause(5); // a scanner's pace is tens of ms between scans at the fastest
    }
    console.log(`member scan → applied on the host (${String(SCANS)} scans, loopback):`);
    console.log(
      `  p50 ${ms(median(toHost))}   p99 ${ms(percentile(toHost, 99))}   max ${ms(Math.max(...toHost))}`,
    );
    console.log('member’s own scan call (scan + notify) vs the same scan on a session that is not live:');
    console.log(
      `  live p50 ${ms(median(memberScan))} p99 ${ms(percentile(memberScan, 99))}   ` +
        `alone p50 ${ms(median(aloneScan))} p99 ${ms(percentile(aloneScan, 99))}   ` +
        `ratio p50 ${(median(memberScan) / median(aloneScan)).toFixed(2)}× ` +
        `p99 ${(percentile(memberScan, 99) / percentile(aloneScan, 99)).toFixed(2)}×`,
    );
  } finally {
    member.stop();
    await live.stop();
    for (const db of [hostDb, memberDb, aloneDb]) db.close();
    rmSync(folder, { recursive: true, force: true });
  }
}
