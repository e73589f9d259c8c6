// A Stockroom main process reduced to the outbox: opens the database, drains in the background and
// keeps queuing increases, transfers between two warehouses (a stock move: its decrease and increase
// halves with the move row, in one transaction), products with a change and a serial number chained on each, bundles with an edit chained on each, incomes, expenses, contacts with an edit chained on
// each, payments (on an income the back office has and on incomes made here, chained after their
// create), return purchase orders with a payment chained on each, quotations with an approval chained on each, and file uploads on a purchase order
// (the file written to the store's files folder first, as the files service does) until the crash test
// kills it with SIGKILL; beside them it counts products of their own and undoes each count once it is
// done (crash-counts.ts). It prints "ready"
// once draining, and "enqueued <id>" after each committed enqueue (what the parent checks is never lost).
//
//   node crash-child.mjs <database file> <sandbox url> <seed> <operations> <server income id> <purchase order number>
import { randomUUID } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { callContract } from '../../../src-shared/ipc/index.js';
import { BackofficeClient } from '../../../src-main/backoffice/index.js';
import { openDatabase } from '../../../src-main/db/database.js';
import { computeLines, wireLines, wireMoney } from '../../../src-main/documents/document-lines-figures.js';
import {
  ADD_SERIAL_KIND,
  enqueueSerialNumbers,
  enqueueStockChange,
  enqueueWrite,
  localProductId,
  Outbox,
} from '../../../src-main/outbox/index.js';
import { queueMove } from '../../../src-main/stock-moves/index.js';
import { queueDueCountSteps } from './crash-counts.js';
import {
  CRASH_PAYMENT_METHOD,
  CRASH_PRODUCTS,
  CRASH_PURCHASE_ORDER,
  CRASH_TRANSFER_TO,
  CRASH_WAREHOUSE,
  crashUploadFolder,
  seededRandom,
} from './crash-plan.js';

const [file, url, seedText, operationsText, incomeText] = process.argv.slice(2);
if (!file || !url) throw new Error('usage: crash-child <database file> <sandbox url> <seed> <operations>');
const random = seededRandom(Number(seedText ?? 1));
const operations = Number(operationsText ?? 6);
const serverIncome = Number(incomeText ?? 0);
const purchaseOrder = process.argv[7] ?? CRASH_PURCHASE_ORDER;

const db = openDatabase(file);
const client = new BackofficeClient({
  baseUrl: url,
  credentials: { storename: 'demo', apikey: 'demo-key', apisecret: 'demo-secret' },
  timeouts: { connectMs: 2_000, headersMs: 5_000, bodyMs: 5_000 },
  retry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 5 },
});
const outbox = new Outbox({
  db,
  client,
  random,
  watchdogMs: 20,
  leaseTtlMs: 60_000,
  settleMs: 150,
  backoff: { baseMs: 5, maxMs: 50 },
});
outbox.start();
process.stdout.write('ready\n');

/** A real 1×1 PNG. */
const CRASH_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let queued = 0;
const timer = setInterval(() => {
  if (queued++ >= operations) return clearInterval(timer);
  const draw = random();
  const amount = 1 + Math.floor(random() * 100);
  const ids: number[] = [];
  if (draw >= 0.35 && draw < 0.5) {
    // A transfer: one move row, its two halves on independent keys, all committed together.
    const product = CRASH_PRODUCTS[Math.floor(random() * CRASH_PRODUCTS.length)] ?? 1;
    const sku = `SKU-${String(product).padStart(6, '0')}`;
    // Immediate, as the services' own transactions: another connection (the parent's drain) may write
    // between a deferred read and its first write, and the upgrade then fails at once.
    db.transaction(() => {
      queueMove(db, {
        kind: 'transfer',
        from: CRASH_WAREHOUSE,
        to: CRASH_TRANSFER_TO,
        product: { productId: product, sku, name: sku },
        quantity: 1 + Math.floor(random() * 3),
        note: 'crash test',
        madeBy: 'crash-child',
        madeAt: Date.now(),
        expectedBefore: null,
      });
      const halves = db
        .prepare<[], { decrease_operation_id: number; increase_operation_id: number }>(
          'SELECT decrease_operation_id, increase_operation_id FROM stock_moves ORDER BY id DESC LIMIT 1',
        )
        .get();
      ids.push(halves?.decrease_operation_id ?? 0, halves?.increase_operation_id ?? 0);
    }).immediate();
  } else if (draw < 0.5) {
    const product = CRASH_PRODUCTS[Math.floor(random() * CRASH_PRODUCTS.length)] ?? 1;
    const value = 1 + Math.floor(random() * 3);
    const { operationIds } = enqueueStockChange(db, {
      warehouseCode: CRASH_WAREHOUSE,
      change: 'increase',
      lines: [{ productId: product, sku: `SKU-${String(product).padStart(6, '0')}`, value }],
    });
    ids.push(...operationIds);
  } else if (draw < 0.58) {
    // A product made here and a price change chained on it, in one transaction as the catalogue does.
    db.transaction(() => {
      const sku = `CR-${randomUUID().slice(0, 13)}`;
      const create = enqueueWrite(db, {
        kind: 'addProduct',
        body: { name: `Crash ${sku}`, sku, sellprice: '1' },
      });
      const change = enqueueWrite(db, {
        kind: 'updateProduct',
        target: { afterOperation: create.operationId },
        args: { body: { sellprice: String(amount) } },
      });
      // A serial number added on it while it is still local: it waits for the create's server id.
      const serials = enqueueSerialNumbers(db, [
        {
          kind: ADD_SERIAL_KIND,
          productId: localProductId(create.operationId),
          sku,
          name: `${sku}-SN`,
          warehouseCode: CRASH_WAREHOUSE,
        },
      ]);
      ids.push(create.operationId, change.operationId, ...serials);
    }).immediate();
  } else if (draw < 0.64) {
    // A bundle made here and an edit chained on its create, as the bundles service queues them.
    db.transaction(() => {
      const sku = `CRASH-${process.pid}-${queued}`;
      const bundle = enqueueWrite(db, {
        kind: 'addBundle',
        body: {
          name: sku,
          sku,
          sellprice: `${amount}.00`,
          list: CRASH_PRODUCTS.slice(0, 2).map((id) => ({ id, quantity: 1 })),
        },
      });
      const edit = enqueueWrite(db, {
        kind: 'updateBundle',
        target: { afterOperation: bundle.operationId },
        args: { body: { name: `${sku} edited` } },
      });
      ids.push(bundle.operationId, edit.operationId);
    }).immediate();
  } else if (draw < 0.72) {
    // An income made here and a payment on it, queued in one transaction as the money service does.
    db.transaction(() => {
      const income = enqueueWrite(db, {
        kind: 'addIncome',
        body: { amount, list: [{ name: 'crash test', totalprice: amount }] },
      });
      const payment = enqueueWrite(db, {
        kind: 'incomePayment',
        target: { afterOperation: income.operationId },
        args: { query: { paymentamount: amount, paymentmethod: CRASH_PAYMENT_METHOD } },
      });
      ids.push(income.operationId, payment.operationId);
    }).immediate();
  } else if (draw < 0.76) {
    ids.push(enqueueWrite(db, { kind: 'addExpense', body: { amount } }).operationId);
  } else if (draw < 0.82) {
    // A return purchase order made here (keyless: read back by its number) and a payment chained on it.
    db.transaction(() => {
      const order = enqueueWrite(db, {
        kind: 'addReturnPurchaseOrder',
        body: {
          number: `CRASH-RT-${process.pid}-${queued}`,
          amount,
          vattype: 1,
          list: [
            { sku: 'SKU-000001', name: 'crash test', number: 1, pricepernumber: amount, totalprice: amount },
          ],
        },
      });
      const payment = enqueueWrite(db, {
        kind: 'returnPurchaseOrderPayment',
        target: { afterOperation: order.operationId },
        args: { query: { paymentamount: amount, paymentmethod: CRASH_PAYMENT_METHOD } },
      });
      ids.push(order.operationId, payment.operationId);
    }).immediate();
  } else if (draw < 0.88) {
    // A contact made here and an edit of it, queued in one transaction as the contacts service does.
    const code = `CRASH-${seedText ?? ''}-${queued}`;
    db.transaction(() => {
      const contact = enqueueWrite(db, { kind: 'addContact', body: { code, name: `Crash ${amount}` } });
      const edit = enqueueWrite(db, {
        kind: 'updateContact',
        target: { afterOperation: contact.operationId },
        args: { body: { code, name: `Crash ${amount} edited`, phone: `0${amount}` } },
      });
      ids.push(contact.operationId, edit.operationId);
    }).immediate();
  } else if (draw < 0.93) {
    // The copy is on disk (synced) before its upload is queued, as the files service keeps it.
    const fileName = `crash-${randomUUID().slice(0, 8)}-${queued}.png`;
    const path = join(crashUploadFolder(file), fileName);
    mkdirSync(dirname(path), { recursive: true });
    const handle = openSync(path, 'w');
    writeSync(handle, CRASH_PNG);
    fsyncSync(handle);
    closeSync(handle);
    const upload = enqueueWrite(db, {
      kind: 'addPurchaseOrderFile',
      target: { number: purchaseOrder },
      args: { file: { path, fileName, type: 'image/png' } },
    });
    ids.push(upload.operationId);
  } else if (draw < 0.97) {
    // A quotation made here and its approval, queued in one transaction as the documents service does.
    const lines = callContract['documents.previewLines'].args.parse({
      lines: [{ sku: 'SKU-000001', name: 'crash test', quantity: 1, unitPrice: amount }],
      vatType: 'excludeVat',
    });
    const figures = computeLines(lines);
    db.transaction(() => {
      const quotation = enqueueWrite(db, {
        kind: 'addQuotation',
        body: {
          number: `CRASHQ-${seedText ?? ''}-${queued}`,
          ...wireMoney(lines, figures),
          list: wireLines(lines, figures),
        },
      });
      const approval = enqueueWrite(db, {
        kind: 'approveQuotation',
        target: { afterOperation: quotation.operationId },
        args: { query: {} },
      });
      ids.push(quotation.operationId, approval.operationId);
    }).immediate();
  } else {
    const payment = enqueueWrite(db, {
      kind: 'incomePayment',
      target: { serverId: serverIncome },
      args: { query: { paymentamount: amount, paymentmethod: CRASH_PAYMENT_METHOD } },
    });
    ids.push(payment.operationId);
  }
  process.stdout.write(`enqueued ${ids.join(' ')}\n`);
}, 8);

// Counts and their undos (crash-counts.ts): queued whenever due, until the kill, so an undo is queued
// as soon as its count is done and sent while instances die. Printed apart: not an enqueue of the plan.
setInterval(() => {
  const ids = queueDueCountSteps(db, randomUUID().slice(0, 8), 1);
  if (ids.length > 0) process.stdout.write(`counted ${ids.join(' ')}\n`);
}, 10);

// The outbox's timers do not hold a process open; this child lives until it is killed.
setInterval(() => {}, 60_000);
