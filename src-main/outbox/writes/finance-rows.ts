// The finance writes of the write-kind table: incomes, expenses and money transfers (keyed creates)
// and payments on incomes and expenses (deltas read back through the record's payments).
import {
  bahtText,
  findFinanceByUniqueNumber,
  findTransferByUniqueNumber,
  judgePayment,
  readPayments,
  showPayments,
  type PaymentFields,
  type PaymentsSnapshot,
} from './finance-readback.js';
import { delta, keyedCreate } from './write-rows.js';

function financeDescription(
  what: string,
  body: { amount: number; contactname?: string | undefined },
): string {
  const contact = body.contactname?.trim() ? ` — ${body.contactname.trim()}` : '';
  return `${what} ฿${bahtText(body.amount)}${contact}`;
}

/** A payment on an income or expense: a delta judged by the record's payments before and after. */
function paymentRow<N extends 'UpdateIncomePayment' | 'UpdateExpensePayment'>(
  endpoint: N,
  record: 'income' | 'expense',
  after: 'addIncome' | 'addExpense',
) {
  return delta<N, PaymentsSnapshot>({
    endpoint,
    record,
    after: [after],
    readBack: (client, ref) => readPayments(client, record, (ref as { id: number }).id),
    judge: (before, now, args) => judgePayment(before, now, (args as { query: PaymentFields }).query),
    show: showPayments,
    describe: (args, on) => {
      const { query } = args as { query: PaymentFields };
      return `Payment ฿${bahtText(query.paymentamount)} on ${on} by ${query.paymentmethod}`;
    },
  });
}

export const financeRows = {
  addIncome: keyedCreate({
    endpoint: 'AddIncome',
    record: 'income',
    findByKey: (client, key, since) => findFinanceByUniqueNumber(client, 'income', key, since),
    describe: (body) => financeDescription('Income', body),
  }),
  addExpense: keyedCreate({
    endpoint: 'AddExpense',
    record: 'expense',
    findByKey: (client, key, since) => findFinanceByUniqueNumber(client, 'expense', key, since),
    describe: (body) => financeDescription('Expense', body),
  }),
  addMoneyTransfer: keyedCreate({
    endpoint: 'AddMoneyTransfer',
    record: 'money transfer',
    findByKey: findTransferByUniqueNumber,
    describe: (body) =>
      `Transfer ฿${bahtText(body.amount)} from ${body.fromPaymentMethodName ?? `#${body.fromPaymentMethodId}`} ` +
      `to ${body.toPaymentMethodName ?? `#${body.toPaymentMethodId}`}`,
  }),
  incomePayment: paymentRow('UpdateIncomePayment', 'income', 'addIncome'),
  expensePayment: paymentRow('UpdateExpensePayment', 'expense', 'addExpense'),
};
