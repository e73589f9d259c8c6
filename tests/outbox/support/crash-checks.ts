// What a crash run left on the back office, read through v4, and the problems it shows: every write
// the children queued applied exactly once (stock per warehouse, incomes, expenses, payments, contacts,
// products, bundles, quotations, return purchase orders, uploads, counts and their undos). The runs themselves: crash-harness.ts.
import { listSerialNumbers } from '../../../src-main/sandbox/resources/products/index.js';
import type { TestSandbox } from '../../support/sandbox-harness.js';
import type { CrashRunResult, Paid } from './crash-harness.js';
import { countProblems } from './crash-counts.js';
import {
  CRASH_COUNT_PRODUCTS,
  CRASH_PRODUCTS,
  CRASH_PURCHASE_ORDER,
  CRASH_WAREHOUSE,
  CRASH_WAREHOUSES,
} from './crash-plan.js';

export async function readStock(sandbox: TestSandbox): Promise<Map<string, Map<number, number>>> {
  const stock = new Map<string, Map<number, number>>();
  for (const warehousecode of CRASH_WAREHOUSES) {
    const answer = await sandbox.call('GetProducts', {
      query: { warehousecode, limit: 500 },
      headers: {
        productidlist: [
          ...CRASH_PRODUCTS,
          ...(warehousecode === CRASH_WAREHOUSE ? CRASH_COUNT_PRODUCTS : []),
        ].join(','),
      },
    });
    const list = (answer.body as { list: Array<{ id: number; stock: string }> }).list;
    stock.set(warehousecode, new Map(list.map((product) => [product.id, Number(product.stock)])));
  }
  return stock;
}

export async function readByUniqueNumber(
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

export async function readContactsByCode(sandbox: TestSandbox): Promise<Map<string, string[]>> {
  const byCode = new Map<string, string[]>();
  for (let page = 1; ; page++) {
    const answer = await sandbox.call('GetContacts', { query: { limit: 500, page } });
    const items = (answer.body as { list: Array<{ code: string; name: string }> }).list;
    for (const item of items) byCode.set(item.code, [...(byCode.get(item.code) ?? []), item.name]);
    if (items.length < 500) return byCode;
  }
}

export async function readPurchaseOrderFiles(sandbox: TestSandbox): Promise<Map<string, number>> {
  const answer = await sandbox.call('GetPurchaseOrderFiles', { query: { number: CRASH_PURCHASE_ORDER } });
  const counts = new Map<string, number>();
  for (const file of answer.body as Array<{ fileName: string }>) {
    counts.set(file.fileName, (counts.get(file.fileName) ?? 0) + 1);
  }
  return counts;
}

export function createdSku(row: { payload: string | null }): string {
  return (JSON.parse(row.payload ?? '{}') as { sku?: string }).sku ?? '';
}

export async function readProductsBySku(
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

/** The serials the sandbox holds on each product the run made (v4 has no serial read). */
export function readSerialsOfCreated(
  sandbox: TestSandbox,
  rows: CrashRunResult['rows'],
): Map<number, string[]> {
  const storeId = sandbox.handle.stores[0]?.id ?? 0;
  const serials = new Map<number, string[]>();
  for (const row of rows) {
    if (row.kind !== 'addProduct' || row.server_id === null) continue;
    serials.set(
      row.server_id,
      listSerialNumbers(sandbox.handle.db, storeId, row.server_id).map((serial) => serial.name),
    );
  }
  return serials;
}

export async function readQuotationsByUniqueNumber(sandbox: TestSandbox): Promise<Map<string, string[]>> {
  const byKey = new Map<string, string[]>();
  for (let page = 1; ; page++) {
    const answer = await sandbox.call('GetQuotations', { query: { limit: 500, page } });
    const items = (answer.body as { list: Array<{ uniquenumber: string; status: string }> }).list;
    for (const item of items)
      byKey.set(item.uniquenumber, [...(byKey.get(item.uniquenumber) ?? []), item.status]);
    if (items.length < 500) return byKey;
  }
}

export async function readPaid(sandbox: TestSandbox, incomeId: number): Promise<Paid> {
  const answer = await sandbox.call('GetIncomeDetail', { query: { id: incomeId } });
  const payments = (answer.body as { payments?: Array<{ amount: number }> }).payments ?? [];
  return {
    count: payments.length,
    satang: payments.reduce((sum, payment) => sum + Math.round(Number(payment.amount) * 100), 0),
  };
}

export async function readPaidOnTargets(
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
  problems.push(...countProblems(result.rows, result.stockAfter.get(CRASH_WAREHOUSE)));
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
  // Each serial added on a product made offline is held once, on the product its create made.
  for (const row of result.rows.filter((candidate) => candidate.kind === 'addSerialNo')) {
    const { name = '' } = JSON.parse(row.payload ?? '{}') as { name?: string };
    const create = result.rows.find((candidate) => candidate.id === row.depends_on);
    const held = result.serialsByProduct.get(create?.server_id ?? 0) ?? [];
    if (held.filter((serial) => serial === name).length !== 1)
      problems.push(
        `serial ${name} is held as ${JSON.stringify(held)} on product ${create?.server_id ?? '?'}`,
      );
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
export async function readReturns(
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
export function returnProblems(result: CrashRunResult): string[] {
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
export async function readBundleNames(sandbox: TestSandbox): Promise<Map<string, string[]>> {
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
