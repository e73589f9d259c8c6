// One Stockroom instance in a live count, as its own process, for the SIGKILL test
// (live-kills.test.ts): its own user-data folder and store database, the real CountingService, and
// either the real LiveHost or a real LiveMember on loopback, with lost and repeated messages both ways.
// It scans at random until the folder's parent holds a file named `stop`, and prints `ready` once it
// is counting. Everything it must remember across a SIGKILL is in its database or written atomically.
//
//   node live-instance.mjs host   <folder> <port>
//   node live-instance.mjs member <folder> <port> <label>
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CatalogueRepository } from '../../../src-main/catalog/catalogue.repository.js';
import { CountingService } from '../../../src-main/counting/index.js';
import { openDatabase } from '../../../src-main/db/database.js';
import { LiveHost } from '../../../src-main/live-count/live-host.js';
import { LiveMember } from '../../../src-main/live-count/live-member.js';
import { Warehouse } from '../../../src-shared/api/records.js';
import { productRecord, WAREHOUSE } from '../../counting/support/counting-fixture.js';

export const KILL_TEST_SKUS = ['K1', 'K2', 'K3', 'K4', 'K5'];
/** Every instance has these shelves; each counter moves between them (and starts on none). */
export const KILL_TEST_SHELVES = ['SHELF-K-1', 'SHELF-K-2', 'SHELF-K-3'];

const [role, folder, portText, label] = process.argv.slice(2);
if ((role !== 'host' && role !== 'member') || folder === undefined || portText === undefined) {
  throw new Error('usage: live-instance host|member <folder> <port> [label]');
}
const port = Number(portText);
const db = openDatabase(join(folder, 'store.sqlite'));
const catalogue = new CatalogueRepository(db);
if (catalogue.warehouses().length === 0) {
  db.transaction(() => {
    catalogue.replaceWarehouses([Warehouse.parse({ id: 1, code: WAREHOUSE, name: 'คลังหลัก', address: '' })]);
    catalogue.upsertProducts(
      KILL_TEST_SKUS.map((sku, index) => productRecord({ id: index + 1, sku, stock: 10 })),
      { warehouseCode: WAREHOUSE, syncedAt: Date.now() },
    );
  })();
}
const counting = new CountingService(db, { pcName: role === 'host' ? 'HOST' : (label ?? 'MEMBER') });
for (const code of KILL_TEST_SHELVES) counting.shelves.save({ warehouseCode: WAREHOUSE, code, name: code });
const faults = { drop: () => Math.random() < 0.05, duplicate: () => Math.random() < 0.05 };
const stopFile = join(dirname(folder), 'stop');
const codeFile = join(dirname(folder), 'code');

function writeAtomically(file: string, text: string): void {
  writeFileSync(`${file}.tmp`, text);
  renameSync(`${file}.tmp`, file);
}

async function sleep(ms: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

let sessionId: string;
let notify = (): void => undefined;
if (role === 'host') {
  const sessionFile = join(folder, 'session');
  if (existsSync(sessionFile)) sessionId = readFileSync(sessionFile, 'utf8');
  else {
    sessionId = counting.createSession({ warehouseCode: WAREHOUSE, name: 'Kill test' }).id;
    writeAtomically(sessionFile, sessionId);
  }
  const live = await LiveHost.start(
    { db, counting, sessionId, label: 'HOST', faults },
    { host: '127.0.0.1', port },
  );
  if (!existsSync(codeFile)) writeAtomically(codeFile, live.openJoinWindow());
} else {
  const joined = db.prepare<[], string>('SELECT session_id FROM live_count_memberships').pluck().get();
  // A lost welcome (5 % of the host's messages are) is asked for again after a second.
  const options = { db, counting, label: label ?? 'MEMBER', faults, resendMs: 100, welcomeWaitMs: 1_000 };
  let member: LiveMember;
  if (joined !== undefined) member = LiveMember.resume({ ...options, sessionId: joined });
  else {
    const code = readFileSync(codeFile, 'utf8');
    member = await LiveMember.join({ ...options, address: `127.0.0.1:${String(port)}`, code });
  }
  sessionId = member.sessionId;
  notify = () => {
    member.notify();
  };
}
process.stdout.write('ready\n');

const counter = role === 'host' ? 'Host' : (label ?? 'Member');
for (;;) {
  await sleep(5 + Math.random() * 20);
  if (existsSync(stopFile)) continue;
  if (Math.random() < 0.1) {
    const shelf = KILL_TEST_SHELVES[Math.floor(Math.random() * KILL_TEST_SHELVES.length)] ?? 'SHELF-K-1';
    counting.enterShelf({ sessionId, code: shelf, counter });
  }
  const sku = KILL_TEST_SKUS[Math.floor(Math.random() * KILL_TEST_SKUS.length)] ?? 'K1';
  counting.scan({ sessionId, code: sku, counter, quantity: 1 + Math.floor(Math.random() * 3) });
  notify();
}
