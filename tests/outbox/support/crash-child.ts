// A Stockroom main process reduced to the outbox: opens the database, drains in the background and
// keeps queuing increases, incomes, expenses, contacts with an edit chained on each, quotations with an
// approval chained on each, payments (on an income the back office has and on incomes made here,
// chained after their create) until the crash test kills it with SIGKILL. It prints "ready"
// once draining, and "enqueued <id>" after each committed enqueue (what the parent checks is never lost).
//
//   node crash-child.mjs <database file> <sandbox url> <seed> <operations> <server income id>
import { callContract } from '../../../src-shared/ipc/index.js';
import { BackofficeClient } from '../../../src-main/backoffice/index.js';
import { openDatabase } from '../../../src-main/db/database.js';
import { computeLines, wireLines, wireMoney } from '../../../src-main/documents/document-lines-figures.js';
import { enqueueStockChange, enqueueWrite, Outbox } from '../../../src-main/outbox/index.js';
import { CRASH_PAYMENT_METHOD, CRASH_PRODUCTS, CRASH_WAREHOUSE, seededRandom } from './crash-plan.js';

const [file, url, seedText, operationsText, incomeText] = process.argv.slice(2);
if (!file || !url) throw new Error('usage: crash-child <database file> <sandbox url> <seed> <operations>');
const random = seededRandom(Number(seedText ?? 1));
const operations = Number(operationsText ?? 6);
const serverIncome = Number(incomeText ?? 0);

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

let queued = 0;
const timer = setInterval(() => {
  if (queued++ >= operations) return clearInterval(timer);
  const draw = random();
  const amount = 1 + Math.floor(random() * 100);
  const ids: number[] = [];
  if (draw < 0.5) {
    const product = CRASH_PRODUCTS[Math.floor(random() * CRASH_PRODUCTS.length)] ?? 1;
    const value = 1 + Math.floor(random() * 3);
    const { operationIds } = enqueueStockChange(db, {
      warehouseCode: CRASH_WAREHOUSE,
      change: 'increase',
      lines: [{ productId: product, sku: `SKU-${String(product).padStart(6, '0')}`, value }],
    });
    ids.push(...operationIds);
  } else if (draw < 0.7) {
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
    })();
  } else if (draw < 0.78) {
    ids.push(enqueueWrite(db, { kind: 'addExpense', body: { amount } }).operationId);
  } else if (draw < 0.85) {
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
    })();
  } else if (draw < 0.92) {
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
    })();
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

// The outbox's timers do not hold a process open; this child lives until it is killed.
setInterval(() => {}, 60_000);
