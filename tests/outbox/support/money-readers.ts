// v4 reads of the sandbox's money records for the outbox tests: how many records carry each
// uniquenumber, and a record's payments.
import type { TestSandbox } from '../../support/sandbox-harness.js';

export type MoneyList = 'GetIncomes' | 'GetExpenses' | 'GetMoneyTransfers';

interface Keyed {
  readonly id: number;
  readonly uniquenumber: string;
}

/** Every record of a list by uniquenumber: how many carry it and the id of the last. */
export async function recordsByUniqueNumber(
  sandbox: TestSandbox,
  list: MoneyList,
): Promise<Map<string, { count: number; id: number }>> {
  const found = new Map<string, { count: number; id: number }>();
  for (let page = 1; ; page++) {
    const answer = await sandbox.call(list, { query: { limit: 500, page } });
    const items = (answer.body as { list: Keyed[] }).list;
    for (const item of items) {
      found.set(item.uniquenumber, { count: (found.get(item.uniquenumber)?.count ?? 0) + 1, id: item.id });
    }
    if (items.length < 500) return found;
  }
}

export interface HeldPayments {
  readonly paymentamount: number;
  readonly payments: ReadonlyArray<{ readonly name: string; readonly amount: number }>;
}

export async function paymentsOf(
  sandbox: TestSandbox,
  record: 'income' | 'expense',
  id: number,
): Promise<HeldPayments> {
  const answer = await sandbox.call(record === 'income' ? 'GetIncomeDetail' : 'GetExpenseDetail', {
    query: { id },
  });
  const body = answer.body as { paymentamount: number; payments?: Array<{ name: string; amount: number }> };
  return { paymentamount: Number(body.paymentamount), payments: body.payments ?? [] };
}

/** The store's payment method names (the sandbox seeds several). */
export async function paymentMethods(sandbox: TestSandbox): Promise<string[]> {
  const answer = await sandbox.call('GetPaymentMethods', { query: { limit: 50 } });
  return (answer.body as { list: Array<{ name: string }> }).list.map((method) => method.name);
}
