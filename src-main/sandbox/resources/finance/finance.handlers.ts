// Handlers of the income and expense endpoints: each maps its row's names onto the shared service.
import type { Handlers } from '../../core/handler.js';
import { dayRange } from '../../core/list-helpers.js';
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
    createFinanceDocument(context, 'income', {
      // The spec names the contact branch number customerbranchno in this body only.
      contactbranchno: context.body.customerbranchno,
      date: context.body.incomedate,
    }),
  AddExpense: (context) =>
    createFinanceDocument(context, 'expense', {
      contactbranchno: context.body.contactbranchno,
      date: context.body.expensedate,
    }),

  UpdateIncomePayment: (context) => addFinancePayment(context, 'income'),
  UpdateExpensePayment: (context) => addFinancePayment(context, 'expense'),

  GetIncomes: (context) =>
    listFinance(context, 'income', asIncome, {
      documentDate: dayRange(context.query.incomedateafter, context.query.incomedatebefore),
      ids: context.headerLists.incomeidlist,
    }),
  GetExpenses: (context) =>
    listFinance(context, 'expense', asExpense, {
      documentDate: dayRange(context.query.expensedateafter, context.query.expensedatebefore),
      ids: context.headerLists.expenseidlist,
    }),

  GetIncomeDetail: (context) => asIncome(financeDetail(context, 'income')),
  GetExpenseDetail: (context) => asExpense(financeDetail(context, 'expense')),
} satisfies Partial<Handlers>;
