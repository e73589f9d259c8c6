// Runs crash children against one database file and one sandbox (in this process, never killed),
// killing each with SIGKILL at a seeded random moment, then drains what is left in this process and
// reports what the checks need. Used by crash.test.ts (≥ 200 kills) and soak.ts (as many as asked).
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { BackofficeClient } from '../../../src-main/backoffice/index.js';
import { openDatabase } from '../../../src-main/db/database.js';
import { Outbox } from '../../../src-main/outbox/index.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox-harness.js';
import {
  CRASH_PRODUCTS,
  CRASH_PURCHASE_ORDER,
  CRASH_TOP_UP,
  CRASH_WAREHOUSES,
  seededRandom,
} from './crash-plan.js';

const here = dirname(fileURLToPath(import.meta.url));
const repository = resolve(here, '../../..');

export interface CrashRunOptions {
  readonly kills: number;
  /** Children alive at once (each a separate app instance on the same file). */
  readonly lanes: number;
  readonly seed: number;
  /** A child is killed this long (at most) after it said "ready". */
  readonly maxDelayMs: number;
  /** Writes each child queues before it only drains. */
  readonly operationsPerChild: number;
  readonly log?: (line: string) => void;
}

export interface CrashRunResult {
  readonly kills: number;
  readonly integrity: string;
  /** Ids the children printed after their enqueue committed. */
  readonly printedIds: ReadonlySet<number>;
  readonly rows: ReadonlyArray<{
    id: number;
    kind: string;
    state: string;
    outcome: string | null;
    attempts: number;
    product_id: number | null;
    warehouse_code: string | null;
    change: string | null;
    value: number | null;
    unique_number: string | null;
    reason_text: string | null;
    target_id: number | null;
    server_id: number | null;
    depends_on: number | null;
    payload: string | null;
  }>;
  /** Stock of the crash products per warehouse (code → product → stock), before and after the run. */
  readonly stockBefore: ReadonlyMap<string, ReadonlyMap<number, number>>;
  readonly stockAfter: ReadonlyMap<string, ReadonlyMap<number, number>>;
  /** The stock moves (transfers) the children stored, with their two halves. */
  readonly moves: ReadonlyArray<{ id: number; decrease_operation_id: number; increase_operation_id: number }>;
  readonly incomesByUniqueNumber: ReadonlyMap<string, number>;
  readonly expensesByUniqueNumber: ReadonlyMap<string, number>;
  /** The back office's contacts by code: their names, one entry per contact. */
  readonly contactsByCode: ReadonlyMap<string, readonly string[]>;
  /** Products made by the run (AddProduct), by sku: how many the back office holds and their sell price. */
  readonly productsBySku: ReadonlyMap<string, { readonly count: number; readonly sellprice: number }>;
  /** The names of the bundles the back office has, by sku (a sku twice = a bundle created twice). */
  readonly bundleNamesBySku: ReadonlyMap<string, readonly string[]>;
  /** The back office's quotations by uniquenumber: their statuses, one entry per quotation. */
  readonly quotationsByUniqueNumber: ReadonlyMap<string, readonly string[]>;
  /** The income the back office had before the run, which children pay on. */
  readonly serverIncome: number;
  /** Payments (count, satang) on each income the run paid on, before the run and after it. */
  readonly paymentsBefore: ReadonlyMap<number, Paid>;
  readonly paymentsAfter: ReadonlyMap<number, Paid>;
  /** Return purchase orders by the numbers the run created: how many exist and what each was paid. */
  readonly returnsByNumber: ReadonlyMap<string, { readonly count: number; readonly paid: Paid }>;
  /** How many times each file name is listed on the purchase order the children attach to, after the run. */
  readonly purchaseOrderFiles: ReadonlyMap<string, number>;
}

export interface Paid {
  readonly count: number;
  readonly satang: number;
}

/** Compiles the child once into a bundle next to node_modules, so each start takes ~0.3 s, not ~0.7 s. */
async function bundleChild(): Promise<string> {
  const folder = join(repository, '.tmp');
  mkdirSync(folder, { recursive: true });
  const outfile = join(folder, `crash-child-${process.pid}.mjs`);
  await build({
    entryPoints: [join(here, 'crash-child.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outfile,
    logLevel: 'warning',
  });
  return outfile;
}

function runChild(
  bundle: string,
  args: readonly string[],
  killAfter: { readonly fromReady: boolean; readonly ms: number },
  printed: Set<number>,
): Promise<boolean> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(process.execPath, [bundle, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let killed = false;
    let buffered = '';
    let errors = '';
    const kill = () => {
      killed = child.kill('SIGKILL');
    };
    if (!killAfter.fromReady) setTimeout(kill, killAfter.ms);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (line === 'ready' && killAfter.fromReady) setTimeout(kill, killAfter.ms);
        else if (line.startsWith('enqueued '))
          for (const id of line.slice(9).split(' ')) printed.add(Number(id));
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      errors += chunk;
    });
    child.on('error', reject);
    child.on('exit', (_code, signal) => {
      if (signal === 'SIGKILL') resolveRun(killed);
      else reject(new Error(`crash child exited by itself (${String(_code)}): ${errors.slice(0, 2_000)}`));
    });
  });
}

export async function runCrashCycles(options: CrashRunOptions): Promise<CrashRunResult> {
  const bundle = await bundleChild();
  const folder = await mkdtemp(join(tmpdir(), 'stockroom-crash-'));
  const file = join(folder, 'store.sqlite');
  let sandbox: TestSandbox | undefined;
  try {
    sandbox = await startTestSandbox({ products: 20, log: () => {} });
    // Migrated once here: two instances migrating a fresh file at the same moment race in migrate.ts
    // (the version is read outside the migration's transaction), which is not what this test is about.
    openDatabase(file).close();
    for (const warehousecode of CRASH_WAREHOUSES) {
      await sandbox.call('UpdateProductStockList', {
        query: { warehousecode },
        body: { stocks: CRASH_PRODUCTS.map((productid) => ({ productid, stock: CRASH_TOP_UP })) },
      });
    }
    const stockBefore = await readStock(sandbox);
    const serverIncome = (await readByUniqueNumber(sandbox, 'GetIncomes')).ids[0] ?? 0;
    const paymentsBefore = new Map([[serverIncome, await readPaid(sandbox, serverIncome)]]);
    const printed = new Set<number>();
    let kills = 0;
    let started = 0;
    const lane = async (laneNumber: number) => {
      const random = seededRandom(options.seed * 1_000 + laneNumber);
      for (let cycle = 0; started < options.kills; cycle++) {
        started += 1;
        // Every eighth child dies at a random point of its start (opening, migrating, first drain).
        const fromReady = cycle % 8 !== 7;
        const ms = Math.floor(random() * (fromReady ? options.maxDelayMs : 400));
        const seed = String(Math.floor(random() * 2 ** 31));
        const args = [
          file,
          sandbox?.url ?? '',
          seed,
          String(options.operationsPerChild),
          String(serverIncome),
          CRASH_PURCHASE_ORDER,
        ];
        if (await runChild(bundle, args, { fromReady, ms }, printed)) kills += 1;
        if (kills % 50 === 0) options.log?.(`${kills} kills`);
      }
    };
    await Promise.all(Array.from({ length: options.lanes }, (_, index) => lane(index)));
    const rows = await drainRest(file, sandbox.url);
    const db = openDatabase(file);
    const integrity = String(db.pragma('integrity_check', { simple: true }));
    const moves = db
      .prepare<[], CrashRunResult['moves'][number]>(
        'SELECT id, decrease_operation_id, increase_operation_id FROM stock_moves ORDER BY id',
      )
      .all();
    db.close();
    return {
      kills,
      integrity,
      printedIds: printed,
      rows,
      moves,
      stockBefore,
      stockAfter: await readStock(sandbox),
      incomesByUniqueNumber: (await readByUniqueNumber(sandbox, 'GetIncomes')).counts,
      expensesByUniqueNumber: (await readByUniqueNumber(sandbox, 'GetExpenses')).counts,
      contactsByCode: await readContactsByCode(sandbox),
      productsBySku: await readProductsBySku(sandbox, rows),
      bundleNamesBySku: await readBundleNames(sandbox),
      quotationsByUniqueNumber: await readQuotationsByUniqueNumber(sandbox),
      serverIncome,
      paymentsBefore,
      paymentsAfter: await readPaidOnTargets(sandbox, rows),
      returnsByNumber: await readReturns(sandbox, rows),
      purchaseOrderFiles: await readPurchaseOrderFiles(sandbox),
    };
  } finally {
    await sandbox?.close();
    await rm(folder, { recursive: true, force: true });
    rmSync(bundle, { force: true });
  }
}

/** After the last kill: one instance that is not killed finishes the queue (waiting out settle times). */
async function drainRest(file: string, url: string): Promise<CrashRunResult['rows']> {
  const db = openDatabase(file);
  const client = new BackofficeClient({
    baseUrl: url,
    credentials: { storename: 'demo', apikey: 'demo-key', apisecret: 'demo-secret' },
  });
  const outbox = new Outbox({ db, client, settleMs: 150, backoff: { baseMs: 5, maxMs: 50 } });
  try {
    for (let round = 0; round < 500; round++) {
      await outbox.drain();
      const counts = outbox.counts();
      if (counts.pending + counts.retry + counts.unclear + counts.sending === 0) break;
      await new Promise((resolveWait) => setTimeout(resolveWait, 20));
    }
    return db
      .prepare<[], CrashRunResult['rows'][number]>(
        `SELECT id, kind, state, outcome, attempts, product_id, warehouse_code, change, value, unique_number,
                reason_text, target_id, server_id, depends_on, payload FROM outbox_operations ORDER BY id`,
      )
      .all();
  } finally {
    await outbox.stop();
    await client.close();
    db.close();
  }
}

async function readStock(sandbox: TestSandbox): Promise<Map<string, Map<number, number>>> {
  const stock = new Map<string, Map<number, number>>();
  for (const warehousecode of CRASH_WAREHOUSES) {
    const answer = await sandbox.call('GetProducts', {
      query: { warehousecode, limit: 500 },
      headers: { productidlist: CRASH_PRODUCTS.join(',') },
    });
    const list = (answer.body as { list: Array<{ id: number; stock: string }> }).list;
    stock.set(warehousecode, new Map(list.map((product) => [product.id, Number(product.stock)])));
  }
  return stock;
}

async function readByUniqueNumber(
  sandbox: TestSandbox,
  list: 'GetIncomes' | 'GetExpenses',
): Promise<{ counts: Map<string, number>; ids: number[] }> {
  const counts = new Map<string, number>();
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const answer = await sandbox.call(list, { query: { limit: 500, page } });
    const items = (answer.body as { list: Array<{ id: number; uniquenumber: string }> }).list;
    for (const item of items) {
      counts.set(item.uniquenumber, (counts.get(item.uniquenumber) ?? 0) + 1);
      ids.push(item.id);
    }
    if (items.length < 500) return { counts, ids };
  }
}

async function readContactsByCode(sandbox: TestSandbox): Promise<Map<string, string[]>> {
  const byCode = new Map<string, string[]>();
  for (let page = 1; ; page++) {
    const answer = await sandbox.call('GetContacts', { query: { limit: 500, page } });
    const items = (answer.body as { list: Array<{ code: string; name: string }> }).list;
    for (const item of items) byCode.set(item.code, [...(byCode.get(item.code) ?? []), item.name]);
    if (items.length < 500) return byCode;
  }
}

async function readPurchaseOrderFiles(sandbox: TestSandbox): Promise<Map<string, number>> {
  const answer = await sandbox.call('GetPurchaseOrderFiles', { query: { number: CRASH_PURCHASE_ORDER } });
  const counts = new Map<string, number>();
  for (const file of answer.body as Array<{ fileName: string }>) {
    counts.set(file.fileName, (counts.get(file.fileName) ?? 0) + 1);
  }
  return counts;
}

function createdSku(row: { payload: string | null }): string {
  return (JSON.parse(row.payload ?? '{}') as { sku?: string }).sku ?? '';
}

async function readProductsBySku(
  sandbox: TestSandbox,
  rows: CrashRunResult['rows'],
): Promise<Map<string, { count: number; sellprice: number }>> {
  const skus = rows.filter((row) => row.kind === 'addProduct').map(createdSku);
  const found = new Map<string, { count: number; sellprice: number }>();
  for (let start = 0; start < skus.length; start += 400) {
    const answer = await sandbox.call('GetProducts', {
      query: { limit: 500 },
      headers: { skulist: skus.slice(start, start + 400).join(',') },
    });
    for (const product of (answer.body as { list: Array<{ sku: string; sellprice: string }> }).list) {
      const held = found.get(product.sku);
      found.set(product.sku, { count: (held?.count ?? 0) + 1, sellprice: Number(product.sellprice) });
    }
  }
  return found;
}

async function readQuotationsByUniqueNumber(sandbox: TestSandbox): Promise<Map<string, string[]>> {
  const byKey = new Map<string, string[]>();
  for (let page = 1; ; page++) {
    const answer = await sandbox.call('GetQuotations', { query: { limit: 500, page } });
    const items = (answer.body as { list: Array<{ uniquenumber: string; status: string }> }).list;
    for (const item of items)
      byKey.set(item.uniquenumber, [...(byKey.get(item.uniquenumber) ?? []), item.status]);
    if (items.length < 500) return byKey;
  }
}

async function readPaid(sandbox: TestSandbox, incomeId: number): Promise<Paid> {
  const answer = await sandbox.call('GetIncomeDetail', { query: { id: incomeId } });
  const payments = (answer.body as { payments?: Array<{ amount: number }> }).payments ?? [];
  return {
    count: payments.length,
    satang: payments.reduce((sum, payment) => sum + Math.round(Number(payment.amount) * 100), 0),
  };
}

async function readPaidOnTargets(
  sandbox: TestSandbox,
  rows: CrashRunResult['rows'],
): Promise<Map<number, Paid>> {
  const targets = new Set(
    rows.flatMap((row) => (row.kind === 'incomePayment' && row.target_id ? [row.target_id] : [])),
  );
  const paid = new Map<number, Paid>();
  for (const target of targets) paid.set(target, await readPaid(sandbox, target));
  return paid;
}

/** Everything wrong with a crash run, in words (empty when nothing was lost or applied twice). */
export function crashRunProblems(result: CrashRunResult): string[] {
  const problems: string[] = [];
  if (result.integrity !== 'ok') problems.push(`integrity_check: ${result.integrity}`);
  const ids = new Set(result.rows.map((row) => row.id));
  for (const id of result.printedIds)
    if (!ids.has(id)) problems.push(`operation ${id} was committed, then lost`);
  for (const row of result.rows) {
    if (row.state !== 'done')
      problems.push(`operation ${row.id} ended ${row.state}: ${row.reason_text ?? ''}`);
  }
  // Per warehouse, each product holds its stock before plus every increase, minus every decrease.
  for (const warehouse of CRASH_WAREHOUSES) {
    for (const product of CRASH_PRODUCTS) {
      const moved = result.rows
        .filter(
          (row) =>
            row.kind === 'stockChange' && row.product_id === product && row.warehouse_code === warehouse,
        )
        .reduce((sum, row) => sum + (row.change === 'decrease' ? -1 : 1) * (row.value ?? 0), 0);
      const expected = (result.stockBefore.get(warehouse)?.get(product) ?? 0) + moved;
      const actual = result.stockAfter.get(warehouse)?.get(product);
      if (actual !== expected)
        problems.push(`product ${product} in ${warehouse}: stock ${String(actual)}, expected ${expected}`);
    }
  }
  // A transfer is stored with both halves or not at all.
  const operationIds = new Set(result.rows.map((row) => row.id));
  for (const move of result.moves) {
    if (!operationIds.has(move.decrease_operation_id) || !operationIds.has(move.increase_operation_id))
      problems.push(`transfer ${move.id} lost a half`);
  }
  for (const row of result.rows.filter((candidate) => candidate.kind === 'addIncome')) {
    const count = result.incomesByUniqueNumber.get(row.unique_number ?? '') ?? 0;
    if (count !== 1) problems.push(`income ${row.unique_number ?? ''} exists ${count} times`);
  }
  for (const row of result.rows.filter((candidate) => candidate.kind === 'addExpense')) {
    const count = result.expensesByUniqueNumber.get(row.unique_number ?? '') ?? 0;
    if (count !== 1) problems.push(`expense ${row.unique_number ?? ''} exists ${count} times`);
  }
  // Each contact made here exists once, with the edit chained on it.
  for (const row of result.rows.filter((candidate) => candidate.kind === 'addContact')) {
    const body = JSON.parse(row.payload ?? '{}') as { code?: string; name?: string };
    const names = result.contactsByCode.get(body.code ?? '') ?? [];
    if (names.length !== 1 || names[0] !== `${body.name ?? ''} edited`)
      problems.push(`contact ${body.code ?? ''} exists as ${JSON.stringify(names)}`);
  }
  // Each upload is listed on the purchase order exactly once, under the name it was queued with.
  for (const row of result.rows.filter((candidate) => candidate.kind === 'addPurchaseOrderFile')) {
    const { fileName = '' } =
      (JSON.parse(row.payload ?? '{}') as { args?: { file?: { fileName?: string } } }).args?.file ?? {};
    const count = result.purchaseOrderFiles.get(fileName) ?? 0;
    if (count !== 1) problems.push(`file ${fileName} is listed ${count} times`);
  }
  // Each product made offline exists once, with the price its chained UpdateProduct set.
  for (const row of result.rows.filter((candidate) => candidate.kind === 'addProduct')) {
    const sku = createdSku(row);
    const held = result.productsBySku.get(sku);
    const update = result.rows.find(
      (candidate) => candidate.kind === 'updateProduct' && candidate.depends_on === row.id,
    );
    const price = Number(
      (JSON.parse(update?.payload ?? '{}') as { args?: { body?: { sellprice?: string } } }).args?.body
        ?.sellprice,
    );
    if (held?.count !== 1) problems.push(`product ${sku} exists ${held?.count ?? 0} times`);
    else if (update && held.sellprice !== price)
      problems.push(`product ${sku}: sell price ${held.sellprice}, expected ${price}`);
  }
  // Each bundle made here exists once, with the edit chained on its create.
  for (const row of result.rows.filter((candidate) => candidate.kind === 'addBundle')) {
    const sku = (JSON.parse(row.payload ?? '{}') as { sku?: string }).sku ?? '';
    const names = result.bundleNamesBySku.get(sku) ?? [];
    if (names.length !== 1 || names[0] !== `${sku} edited`)
      problems.push(`bundle ${sku}: ${names.length} on the back office (${names.join(', ')})`);
  }
  // Each quotation made here exists once, approved by the write chained on it.
  for (const row of result.rows.filter((candidate) => candidate.kind === 'addQuotation')) {
    const statuses = result.quotationsByUniqueNumber.get(row.unique_number ?? '') ?? [];
    if (statuses.length !== 1 || statuses[0] !== 'Success')
      problems.push(`quotation ${row.unique_number ?? ''} exists as ${JSON.stringify(statuses)}`);
  }
  // Each income holds exactly the payments queued on it (plus what it had before the run).
  const queued = new Map<number, Paid>();
  for (const row of result.rows.filter((candidate) => candidate.kind === 'incomePayment')) {
    const amount = (JSON.parse(row.payload ?? '{}') as { args?: { query?: { paymentamount?: number } } }).args
      ?.query?.paymentamount;
    const target = row.target_id ?? 0;
    const sum = queued.get(target) ?? { count: 0, satang: 0 };
    queued.set(target, { count: sum.count + 1, satang: sum.satang + Math.round((amount ?? 0) * 100) });
  }
  problems.push(...returnProblems(result));
  for (const [target, sum] of queued) {
    const before = result.paymentsBefore.get(target) ?? { count: 0, satang: 0 };
    const after = result.paymentsAfter.get(target) ?? { count: 0, satang: 0 };
    if (after.count - before.count !== sum.count || after.satang - before.satang !== sum.satang) {
      problems.push(
        `income ${target}: ${after.count - before.count} payments (${after.satang - before.satang} satang) applied, ` +
          `${sum.count} (${sum.satang} satang) queued`,
      );
    }
  }
  return problems;
}

/** The return purchase orders numbered as the run's creates, read through v4 by `numberlist`. */
async function readReturns(
  sandbox: TestSandbox,
  rows: CrashRunResult['rows'],
): Promise<Map<string, { count: number; paid: Paid }>> {
  const numbers = rows.flatMap((row) =>
    row.kind === 'addReturnPurchaseOrder'
      ? [(JSON.parse(row.payload ?? '{}') as { number?: string }).number ?? '']
      : [],
  );
  const found = new Map<string, { count: number; paid: Paid }>();
  for (let start = 0; start < numbers.length; start += 100) {
    const answer = await sandbox.call('GetReturnPurchaseOrders', {
      query: { limit: 500 },
      headers: { numberlist: numbers.slice(start, start + 100).join(',') },
    });
    const list = (answer.body as { list: Array<{ number: string; payments?: Array<{ amount: number }> }> })
      .list;
    for (const order of list) {
      const before = found.get(order.number) ?? { count: 0, paid: { count: 0, satang: 0 } };
      const payments = order.payments ?? [];
      found.set(order.number, {
        count: before.count + 1,
        paid: {
          count: before.paid.count + payments.length,
          satang:
            before.paid.satang + payments.reduce((sum, p) => sum + Math.round(Number(p.amount) * 100), 0),
        },
      });
    }
  }
  return found;
}

/** Each return made here exists once and holds exactly the payment chained on it. */
function returnProblems(result: CrashRunResult): string[] {
  const problems: string[] = [];
  const paymentOf = new Map<number, number>();
  for (const row of result.rows.filter((candidate) => candidate.kind === 'returnPurchaseOrderPayment')) {
    const amount = (JSON.parse(row.payload ?? '{}') as { args?: { query?: { paymentamount?: number } } }).args
      ?.query?.paymentamount;
    paymentOf.set(row.target_id ?? 0, Math.round((amount ?? 0) * 100));
  }
  for (const row of result.rows.filter((candidate) => candidate.kind === 'addReturnPurchaseOrder')) {
    const number = (JSON.parse(row.payload ?? '{}') as { number?: string }).number ?? '';
    const held = result.returnsByNumber.get(number);
    if (held?.count !== 1) problems.push(`return ${number} exists ${held?.count ?? 0} times`);
    const queued = paymentOf.get(row.server_id ?? -1);
    if (queued !== undefined && (held?.paid.count !== 1 || held.paid.satang !== queued)) {
      problems.push(
        `return ${number}: ${held?.paid.count ?? 0} payments (${held?.paid.satang ?? 0} satang), 1 (${queued}) queued`,
      );
    }
  }
  return problems;
}

/** Every bundle's name by sku, read through v4 (every page). */
async function readBundleNames(sandbox: TestSandbox): Promise<Map<string, string[]>> {
  const names = new Map<string, string[]>();
  for (let page = 1; ; page++) {
    const answer = await sandbox.call('GetBundles', { query: { limit: 500, page } });
    const list = (answer.body as { list: Array<{ sku: string; name: string }> }).list;
    for (const bundle of list) names.set(bundle.sku, [...(names.get(bundle.sku) ?? []), bundle.name]);
    if (list.length < 500) return names;
  }
}

/** How the rows ended: applied at once, reconciled after a kill, found applied by its key (900)… */
export function outcomeCounts(result: CrashRunResult): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const row of result.rows)
    counts[row.outcome ?? row.state] = (counts[row.outcome ?? row.state] ?? 0) + 1;
  return counts;
}
