// Incomes and expenses behave alike; tests run over both through this table of their names.
import { expect } from 'vitest';
import type { EndpointName } from '../../../src-shared/api/endpoints/index.js';
import type { CallOptions, TestSandbox } from '../../support/sandbox-harness.js';
import { callFor } from './sandbox-calls.js';

export interface FinanceKindNames {
  readonly kind: 'income' | 'expense';
  readonly add: EndpointName;
  readonly pay: EndpointName;
  readonly detail: EndpointName;
  readonly list: EndpointName;
  readonly dateField: 'incomedate' | 'expensedate';
  /** The body field carrying the contact branch number. */
  readonly branchField: 'customerbranchno' | 'contactbranchno';
  readonly idListHeader: 'incomeidlist' | 'expenseidlist';
}

export const financeKinds: readonly FinanceKindNames[] = [
  {
    kind: 'income',
    add: 'AddIncome',
    pay: 'UpdateIncomePayment',
    detail: 'GetIncomeDetail',
    list: 'GetIncomes',
    dateField: 'incomedate',
    branchField: 'customerbranchno',
    idListHeader: 'incomeidlist',
  },
  {
    kind: 'expense',
    add: 'AddExpense',
    pay: 'UpdateExpensePayment',
    detail: 'GetExpenseDetail',
    list: 'GetExpenses',
    dateField: 'expensedate',
    branchField: 'contactbranchno',
    idListHeader: 'expenseidlist',
  },
];

/** The payment methods every demo store has (merchant seed). */
export const CASH = 'เงินสด';
export const PROMPTPAY = 'พร้อมเพย์';

export interface FinanceItem {
  readonly id: number;
  readonly name: string;
  readonly categoryname: string;
  readonly totalprice: number;
  readonly totalprice_pretax: number;
  readonly totalprice_vat: number;
}

export interface PaymentRecord {
  readonly id: number;
  readonly name: string;
  readonly amount: number;
  readonly paymentdatetime: string;
  readonly paymentdatetimeString: string;
}

/** The fields an income and an expense share, as tests read them. */
export interface FinanceRecord {
  readonly id: number;
  readonly contactid: number;
  readonly contactname: string;
  readonly contactbranchno: string;
  readonly paymentstatus: string;
  readonly amount: number;
  readonly amount_pretax: number;
  readonly vatamount: number;
  readonly paymentamount: number;
  readonly vattype: number;
  readonly discount: string;
  readonly reference: string;
  readonly description: string;
  readonly list: readonly FinanceItem[];
  readonly payments: readonly PaymentRecord[];
  readonly tag: readonly string[];
  readonly createdatetime: string;
  readonly createdatetimeString: string;
  readonly updatedatetime: string;
  readonly updatedatetimeString: string;
  readonly uniquenumber: string;
  readonly [field: string]: unknown;
}

export interface FinanceList {
  readonly list: readonly FinanceRecord[];
  readonly count: number;
}

/** Calls for one kind, failing the test on an unexpected verdict. */
export function financeCalls(sandbox: TestSandbox, names: FinanceKindNames) {
  return {
    /** Creates one; returns its id. */
    async add(body: Record<string, unknown>, options: CallOptions = {}): Promise<number> {
      const answer = await callFor(sandbox, names.add, { ...options, body });
      expect(answer.description).toBe('Success');
      const detail = answer.body['detail'] as { id: number };
      return detail.id;
    },
    /** Sends a create that must fail; returns code and description. */
    async refuse(body: unknown, options: CallOptions = {}) {
      const answer = await callFor(sandbox, names.add, { ...options, body });
      expect(answer.code).not.toBe('200');
      return { code: answer.code, description: answer.description };
    },
    async pay(id: number, query: Record<string, string | number>, options: CallOptions = {}) {
      const answer = await callFor(sandbox, names.pay, { ...options, query: { id, ...query } });
      return { code: answer.code, description: answer.description };
    },
    async detail(id: number, options: CallOptions = {}): Promise<FinanceRecord> {
      const answer = await callFor(sandbox, names.detail, { ...options, query: { id } });
      expect(answer.code).toBe('200');
      return answer.body as unknown as FinanceRecord;
    },
    async detailVerdict(id: number, options: CallOptions = {}) {
      const answer = await callFor(sandbox, names.detail, { ...options, query: { id } });
      return { code: answer.code, description: answer.description };
    },
    async list(query: Record<string, string | number> = {}, options: CallOptions = {}): Promise<FinanceList> {
      const answer = await callFor(sandbox, names.list, { ...options, query });
      expect(answer.code, answer.description).toBe('200');
      return answer.body as unknown as FinanceList;
    },
    async listVerdict(query: Record<string, string | number>, options: CallOptions = {}) {
      const answer = await callFor(sandbox, names.list, { ...options, query });
      return { code: answer.code, description: answer.description };
    },
  };
}

/** Epoch ms of a Thai wall-clock time (UTC+7): thai('2026-03-10 10:00') or thai('2026-03-10 10:00:30'). */
export function thai(text: string): number {
  const withSeconds = /\d\d:\d\d:\d\d$/.test(text) ? text : `${text}:00`;
  return Date.parse(`${withSeconds.replace(' ', 'T')}+07:00`);
}
