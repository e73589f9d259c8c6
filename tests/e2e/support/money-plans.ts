// The incomes and expenses the Money e2e tests record (tests/e2e/money.test.ts records them all;
// money-form-refusals.test.ts the first income, whose reference it then types again). Each is typed
// from the keyboard by moneyPage's recordDraft.
import type { DraftPlan } from './money-page.js';

export const INCOMES: readonly DraftPlan[] = [
  {
    contact: 'Khun Somchai',
    lines: [
      { name: 'Rice 5 kg', category: 'Food', price: '250' },
      { name: 'Fish sauce', category: 'Food', price: '80.50' },
    ],
    vat: 1,
    discount: '10%',
    reference: 'E2E-IN-1',
    payNow: true,
  },
  {
    contact: 'Mae Noi',
    lines: [{ name: 'Eggs, 3 trays', category: '', price: '1,070' }],
    vat: 2,
    discount: '20',
    reference: 'E2E-IN-2',
    payNow: false,
  },
  {
    contact: '',
    lines: [{ name: 'Returned crates', category: 'Deposits', price: '99.99' }],
    vat: 0,
    discount: '',
    reference: 'E2E-IN-3',
    payNow: false,
  },
];

export const EXPENSES: readonly DraftPlan[] = [
  {
    contact: 'Siam Boxes Ltd',
    lines: [{ name: 'Boxes', category: 'Packing', price: '1000' }],
    vat: 1,
    discount: '',
    reference: 'E2E-EX-1',
    payNow: false,
  },
  {
    contact: 'saved',
    lines: [
      { name: 'Electricity November', category: 'Utilities', price: '2140' },
      { name: 'Water', category: 'Utilities', price: '321.07' },
    ],
    vat: 2,
    discount: '5%',
    reference: 'E2E-EX-2',
    payNow: true,
  },
];
