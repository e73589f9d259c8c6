// Incomes, expenses and money transfers (spec: "Finance").
import { z } from 'zod';
import { endpoint, paging, requireIdOrKey } from '../define.js';
import { ExpenseTransaction, IncomeTransaction, MoneyTransfer } from '../records.js';
import { body, query } from '../wire.js';
import { financeItem, requirePaymentMethodWithAmount, vattype } from './document-bodies.js';

const financeListQuery = {
  createdafter: query.date().optional(),
  createdbefore: query.date().optional(),
  updatedafter: query.date().optional(),
  updatedbefore: query.date().optional(),
  paymentafter: query.date().optional(),
  paymentbefore: query.date().optional(),
  createdatetimeafter: query.datetime().optional(),
  createdatetimebefore: query.datetime().optional(),
  updatedatetimeafter: query.datetime().optional(),
  updatedatetimebefore: query.datetime().optional(),
  ...paging,
  keyword: query.string().optional(),
};

const financeBodyFields = {
  amount: body.double(),
  contactname: body.string().optional(),
  contactidnumber: body.string().optional(),
  contactphone: body.string().optional(),
  contactemail: body.string().optional(),
  contactaddress: body.string().optional(),
  contactbranchname: body.string().optional(),
  vatamount: body.double().optional(),
  vattype: vattype().optional(),
  paymentmethod: body.string().optional(),
  paymentamount: body.double().optional(),
  paymentdate: body.datetime().optional(),
  description: body.string().optional(),
  discount: body.string().optional(),
  reference: body.string().optional(),
  tag: body.stringArray().optional(),
  list: z.array(financeItem).optional(),
};

const uniqueNumberQuery = z.object({
  uniquenumber: query.string().min(1, { error: 'must not be empty' }).optional(),
});

const paymentQuery = z.object({
  paymentamount: query.double(),
  paymentmethod: query.string().min(1, { error: 'is required' }),
  paymentdate: query.datetime().optional(),
});

export const financeEndpoints = {
  GetIncomes: endpoint({
    name: 'GetIncomes',
    method: 'GET',
    path: '/v4/Finance/GetIncomes',
    summary: 'List incomes, newest first.',
    query: z.object({
      incomedateafter: query.date().optional(),
      incomedatebefore: query.date().optional(),
      ...financeListQuery,
    }),
    headerLists: { incomeidlist: 'int' },
    response: { kind: 'list', item: IncomeTransaction, totals: [] },
  }),
  GetIncomeDetail: endpoint({
    name: 'GetIncomeDetail',
    method: 'GET',
    path: '/v4/Finance/GetIncomeDetail',
    summary: 'Read one income.',
    parent: 'id',
    response: { kind: 'detail', record: IncomeTransaction },
  }),
  AddIncome: endpoint({
    name: 'AddIncome',
    method: 'POST',
    path: '/v4/Finance/AddIncome',
    summary: 'Create an income, optionally with a payment; a repeated uniquenumber answers 900.',
    idempotent: true,
    query: uniqueNumberQuery,
    body: z
      .object({
        ...financeBodyFields,
        /** The contact branch number is named so in this body (spec). */
        customerbranchno: body.string().optional(),
        incomedate: body.date().optional(),
      })
      .superRefine(requirePaymentMethodWithAmount),
    response: { kind: 'write', created: true },
  }),
  UpdateIncomePayment: endpoint({
    name: 'UpdateIncomePayment',
    method: 'POST',
    path: '/v4/Finance/UpdateIncomePayment',
    summary: 'Record a payment on an income.',
    parent: 'id',
    query: paymentQuery,
    response: { kind: 'write', created: false },
  }),
  GetExpenses: endpoint({
    name: 'GetExpenses',
    method: 'GET',
    path: '/v4/Finance/GetExpenses',
    summary: 'List expenses, newest first.',
    query: z.object({
      expensedateafter: query.date().optional(),
      expensedatebefore: query.date().optional(),
      ...financeListQuery,
    }),
    headerLists: { expenseidlist: 'int' },
    response: { kind: 'list', item: ExpenseTransaction, totals: [] },
  }),
  GetExpenseDetail: endpoint({
    name: 'GetExpenseDetail',
    method: 'GET',
    path: '/v4/Finance/GetExpenseDetail',
    summary: 'Read one expense.',
    parent: 'id',
    response: { kind: 'detail', record: ExpenseTransaction },
  }),
  AddExpense: endpoint({
    name: 'AddExpense',
    method: 'POST',
    path: '/v4/Finance/AddExpense',
    summary: 'Create an expense, optionally with a payment; a repeated uniquenumber answers 900.',
    idempotent: true,
    query: uniqueNumberQuery,
    body: z
      .object({
        ...financeBodyFields,
        contactbranchno: body.string().optional(),
        expensedate: body.date().optional(),
      })
      .superRefine(requirePaymentMethodWithAmount),
    response: { kind: 'write', created: true },
  }),
  UpdateExpensePayment: endpoint({
    name: 'UpdateExpensePayment',
    method: 'POST',
    path: '/v4/Finance/UpdateExpensePayment',
    summary: 'Record a payment on an expense.',
    parent: 'id',
    query: paymentQuery,
    response: { kind: 'write', created: false },
  }),
  GetMoneyTransfers: endpoint({
    name: 'GetMoneyTransfers',
    method: 'GET',
    path: '/v4/Finance/GetMoneyTransfers',
    summary: 'List money transfers between payment methods, newest first.',
    query: z.object({
      dateafter: query.date().optional(),
      datebefore: query.date().optional(),
      createdatetimeafter: query.datetime().optional(),
      createdatetimebefore: query.datetime().optional(),
      ...paging,
      keyword: query.string().optional(),
    }),
    headerLists: { moneytransferidlist: 'int' },
    response: { kind: 'list', item: MoneyTransfer, totals: [] },
  }),
  GetMoneyTransferDetail: endpoint({
    name: 'GetMoneyTransferDetail',
    method: 'GET',
    path: '/v4/Finance/GetMoneyTransferDetail',
    summary: 'Read one money transfer (the sandbox answers the record flat, like other details).',
    parent: 'id',
    response: { kind: 'detail', record: MoneyTransfer, mayBeListed: true },
  }),
  AddMoneyTransfer: endpoint({
    name: 'AddMoneyTransfer',
    method: 'POST',
    path: '/v4/Finance/AddMoneyTransfer',
    summary:
      'Move money between two payment methods. The body is not public; its field names follow the MoneyTransfer record.',
    idempotent: true,
    query: uniqueNumberQuery,
    body: z
      .object({
        amount: body.double().positive({ error: 'must be greater than 0' }),
        fromPaymentMethodId: body.int().optional(),
        fromPaymentMethodName: body.string().optional(),
        toPaymentMethodId: body.int().optional(),
        toPaymentMethodName: body.string().optional(),
        actiondate: body.date().optional(),
        reference: body.string().optional(),
        description: body.string().optional(),
      })
      .superRefine(requireIdOrKey('fromPaymentMethodId', 'fromPaymentMethodName'))
      .superRefine(requireIdOrKey('toPaymentMethodId', 'toPaymentMethodName')),
    response: { kind: 'write', created: true },
  }),
};
