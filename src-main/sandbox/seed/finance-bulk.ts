// Many incomes and expenses at once, for benches only (the money sync on a store with 50,000 finance
// records): the demo seed's 80 documents do not show what a large store costs. Each record still goes
// in through the sandbox's own AddIncome/AddExpense handler (validated, stamped with its moment), all in
// one transaction; no later payments, no transfers, so 50,000 take seconds, not minutes.
import type { StoreContext } from '../core/handler.js';
import { businessTime, formatThaiDate, formatThaiDateTime } from './calendar.js';
import { expenseItems, incomeItems } from './data/finance-items.js';
import { pickVatType, priceItems } from './document-pricing.js';
import { createSeedRunner } from './runner.js';
import { registeredHandlers } from './seed-support-adapter.js';
import { createRandom } from '../../../src-shared/random.js';

export interface BulkFinanceOptions {
  /** Incomes and expenses in all (half each). */
  readonly records: number;
  /** Their dates spread over this many days before the store's "now". */
  readonly days: number;
  readonly seed: string;
}

/** Adds `records` incomes and expenses; about a third are unpaid or part paid. Returns how many. */
export function seedBulkFinance(context: StoreContext, options: BulkFinanceOptions): number {
  const runner = createSeedRunner(context, registeredHandlers);
  const random = createRandom(options.seed, 'bulk-finance');
  const anchor = context.now();
  context.db.transaction(() => {
    for (let index = 1; index <= options.records; index += 1) {
      const kind = index % 2 === 0 ? 'income' : 'expense';
      const at = businessTime(random, anchor, random.int(1, options.days));
      const template = random.pick(kind === 'income' ? incomeItems : expenseItems);
      const [low, high] = template.range;
      const total = Math.round(low + random.next() * (high - low));
      const vattype = pickVatType(random);
      const { amount, vatamount } = priceItems({ vattype }, [total]);
      const roll = random.next();
      const paid = roll < 0.67 ? amount : roll < 0.8 ? Math.round(amount * 50) / 100 : 0;
      const common = {
        amount,
        vatamount,
        vattype,
        contactname: template.payee ?? `Bulk contact ${index % 997}`,
        reference: `BULK-${kind === 'income' ? 'IN' : 'EX'}-${index}`,
        list: [{ name: random.pick(template.names), categoryname: template.categoryname, totalprice: total }],
        ...(paid > 0
          ? { paymentmethod: 'เงินสด', paymentamount: paid, paymentdate: formatThaiDateTime(at) }
          : {}),
      };
      const query = { uniquenumber: `bulk-${kind}-${index}` };
      const date = formatThaiDate(at);
      const label = `bulk ${kind} ${index}`;
      if (kind === 'income') {
        runner.run('AddIncome', { at, query, body: { ...common, incomedate: date } }, label);
      } else {
        runner.run('AddExpense', { at, query, body: { ...common, expensedate: date } }, label);
      }
    }
  })();
  return options.records;
}
