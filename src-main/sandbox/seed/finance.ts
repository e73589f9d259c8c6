// Demo incomes, expenses and money transfers over the last six months. Incomes and expenses are paid
// in full or in part at creation, paid later, or left unpaid; transfers move money between the
// store's payment methods.
import {
  businessTime,
  formatThaiDate,
  formatThaiDateTime,
  laterBusinessTime,
  thaiMonthKey,
} from './calendar.js';
import { contactsWithRole, type AddContactBody } from './contacts.js';
import {
  expenseItems,
  financeTags,
  incomeItems,
  transferDescriptions,
  type FinanceItemTemplate,
} from './data/finance-items.js';
import { pickVatType, priceItems } from './document-pricing.js';
import { createRandom, type Random } from '../../../src-shared/random.js';
import { step, type DocumentSources, type SeedStep } from './steps.js';

export const INCOMES = 40;
export const EXPENSES = 40;
export const MONEY_TRANSFERS = 10;

type FinanceKind = 'income' | 'expense';

export function generateFinance(sources: DocumentSources): SeedStep[] {
  return [
    ...financeDocuments(sources, 'income', INCOMES),
    ...financeDocuments(sources, 'expense', EXPENSES),
    ...moneyTransfers(sources),
  ];
}

function financeDocuments(sources: DocumentSources, kind: FinanceKind, count: number): SeedStep[] {
  const random = createRandom(sources.seed, `${kind}s`);
  const templates = kind === 'income' ? incomeItems : expenseItems;
  const role = kind === 'income' ? 'customer' : 'supplier';
  const counterparts = contactsWithRole(sources.contacts, role).map((contact) => contact.body);
  const methods = sources.paymentMethods.length > 0 ? sources.paymentMethods : ['เงินสด'];
  const steps: SeedStep[] = [];
  for (let index = 1; index <= count; index += 1) {
    const at = businessTime(random, sources.anchor, random.int(1, 180));
    const template = random.pick(templates);
    const names = random.sample(template.names, random.int(1, template.names.length));
    const list = names.map((name) => ({
      name,
      categoryname: template.categoryname,
      totalprice: itemTotal(random, template),
    }));
    const vattype = template.categoryname === 'เงินเดือนและค่าแรง' ? 1 : pickVatType(random);
    const discount = random.chance(0.1) ? '2%' : undefined;
    const { amount, vatamount } = priceItems(
      { vattype, ...(discount ? { discount } : {}) },
      list.map((item) => item.totalprice),
    );
    const paymentmethod = random.pick(methods);
    const roll = random.next();
    const paidShare = roll < 0.35 ? 1 : roll < 0.5 ? 0.3 + random.next() * 0.4 : 0;
    const payment =
      paidShare > 0
        ? { paymentmethod, paymentamount: share(amount, paidShare), paymentdate: formatThaiDateTime(at) }
        : {};
    const month = thaiMonthKey(at);
    const common = {
      amount,
      vatamount,
      vattype,
      ...(discount ? { discount } : {}),
      ...counterpart(random, kind, template, counterparts),
      ...payment,
      reference: `${kind === 'income' ? 'INV' : 'BILL'}-${month}-${String(index).padStart(3, '0')}`,
      ...(random.chance(0.2) ? { tag: [random.pick(financeTags)] } : {}),
      list,
    };
    const key = `${kind}:${index}`;
    const query = { uniquenumber: `demo-${kind}-${String(index).padStart(4, '0')}` };
    const date = formatThaiDate(at);
    steps.push(
      kind === 'income'
        ? step({ endpoint: 'AddIncome', at, creates: key, query, body: { ...common, incomedate: date } })
        : step({ endpoint: 'AddExpense', at, creates: key, query, body: { ...common, expensedate: date } }),
    );
    // A quarter are paid later: in full, or in part.
    const later = laterBusinessTime(random, at, random.int(3, 30), sources.anchor);
    if (paidShare === 0 && later !== undefined && random.chance(0.5)) {
      const paymentQuery = {
        paymentamount: share(amount, random.chance(0.6) ? 1 : 0.5).toFixed(2),
        paymentmethod,
        paymentdate: formatThaiDateTime(later),
      };
      steps.push(
        kind === 'income'
          ? step({
              endpoint: 'UpdateIncomePayment',
              at: later,
              target: key,
              query: paymentQuery,
              body: undefined,
            })
          : step({
              endpoint: 'UpdateExpensePayment',
              at: later,
              target: key,
              query: paymentQuery,
              body: undefined,
            }),
      );
    }
  }
  return steps;
}

/** An item total: whole baht for large figures, satang for small ones. */
function itemTotal(random: Random, template: FinanceItemTemplate): number {
  const [low, high] = template.range;
  const value = low + random.next() * (high - low);
  return value >= 1000 ? Math.round(value) : Math.round(value * 100) / 100;
}

function share(amount: number, part: number): number {
  return Math.round(amount * part * 100) / 100;
}

/** The contact printed on the document: a utility's own name, a contact of the store, or none (wages). */
function counterpart(
  random: Random,
  kind: FinanceKind,
  template: FinanceItemTemplate,
  contacts: readonly AddContactBody[],
) {
  if (template.payee) return { contactname: template.payee };
  if (template.categoryname === 'เงินเดือนและค่าแรง' || contacts.length === 0 || random.chance(0.3)) return {};
  const contact = random.pick(contacts);
  return {
    contactname: contact.name,
    contactidnumber: contact.idnumber ?? '',
    contactphone: contact.phone ?? '',
    contactemail: contact.email ?? '',
    contactaddress: contact.address ?? '',
    contactbranchname: contact.branchname ?? '',
    // The branch number is named differently in the two bodies (spec: AddIncome, AddExpense).
    ...{ [kind === 'income' ? 'customerbranchno' : 'contactbranchno']: contact.branchno ?? '' },
  };
}

function moneyTransfers(sources: DocumentSources): SeedStep[] {
  const random = createRandom(sources.seed, 'money-transfers');
  if (sources.paymentMethods.length < 2) return [];
  const steps: SeedStep[] = [];
  for (let index = 1; index <= MONEY_TRANSFERS; index += 1) {
    const at = businessTime(random, sources.anchor, random.int(1, 180));
    const [from, to] = random.sample(sources.paymentMethods, 2);
    if (from === undefined || to === undefined) continue;
    steps.push(
      step({
        endpoint: 'AddMoneyTransfer',
        at,
        creates: `moneyTransfer:${index}`,
        query: { uniquenumber: `demo-transfer-${String(index).padStart(4, '0')}` },
        body: {
          amount: random.int(2, 100) * 500,
          fromPaymentMethodName: from,
          toPaymentMethodName: to,
          actiondate: formatThaiDate(at),
          reference: `TR${thaiMonthKey(at)}${String(index).padStart(4, '0')}`,
          description: random.pick(transferDescriptions),
        },
      }),
    );
  }
  return steps;
}
