// Handlers of the income and expense endpoints: each maps its row's names onto the shared service.
import type { Handlers } from '../../handler.js';
import { dayRange } from '../../list-helpers.js';
import {
  addFinancePayment,
  createFinanceDocument,
  financeDetail,
  listFinance,
} from './finance-document.service.js';
import { dateFields, type FinanceRecordParts } from './finance-document.view.js';

function asIncome({ record, date }: FinanceRecordParts) {
  const { iso, text } = dateFields(date);
  return { ...record, incomedate: iso, incomedateString: text };
}

function asExpense({ record, date }: FinanceRecordParts) {
  const { iso, text } = dateFields(date);
  return { ...record, expensedate: iso, expensedateString: text };
}

export const financeHandlers = {
  AddIncome: (context) =>
    createFinanceDocument(context, {
      kind: 'income',
      endpoint: 'AddIncome',
      uniquenumber: context.query.uniquenumber,
      body: context.body,
      // The spec names the contact branch number customerbranchno in this body only.
      names: {
        contactbranchno: context.body.customerbranchno,
        date: context.body.incomedate,
      },
    }),
  AddExpense: (context) =>
    createFinanceDocument(context, {
      kind: 'expense',
      endpoint: 'AddExpense',
      uniquenumber: context.query.uniquenumber,
      body: context.body,
      names: {
        contactbranchno: context.body.contactbranchno,
        date: context.body.expensedate,
      },
    }),

  UpdateIncomePayment: (context) => addFinancePayment(context, 'income'),
  UpdateExpensePayment: (context) => addFinancePayment(context, 'expense'),

  GetIncomes: (context) => {
    const { query } = context;
    const page = listFinance(
      context,
      'income',
      query,
      dayRange(query.incomedateafter, query.incomedatebefore),
      context.headerLists.incomeidlist,
    );
    return { list: page.list.map(asIncome), count: page.count };
  },
  GetExpenses: (context) => {
    const { query } = context;
    const page = listFinance(
      context,
      'expense',
      query,
      dayRange(query.expensedateafter, query.expensedatebefore),
      context.headerLists.expenseidlist,
    );
    return { list: page.list.map(asExpense), count: page.count };
  },

  GetIncomeDetail: (context) => asIncome(financeDetail(context, 'income')),
  GetExpenseDetail: (context) => asExpense(financeDetail(context, 'expense')),
} satisfies Partial<Handlers>;
