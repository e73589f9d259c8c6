// Contacts, bundles and the document history of the demo store: every request valid for its endpoint,
// every document's money consistent under its vattype, every follow-up after what it acts on.
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../../src-shared/api/endpoints/index.js';
import { computeDocument, moneyMatches, type DocumentLineInput } from '../../../src-shared/money/index.js';
import {
  branchNoIssue,
  emailIssue,
  phoneIssue,
  taxIdIssue,
} from '../../../src-shared/domain/party-checks.js';
import { generateDemoStore } from '../../../src-main/sandbox/seed/index.js';
import type { SeedStep } from '../../../src-main/sandbox/seed/steps.js';
import { ANCHOR, REFERENCE } from './seed-fixtures.js';

const THAI = /[\u0E00-\u0E7F]/;
const demo = generateDemoStore({ anchor: ANCHOR, ...REFERENCE });
const count = (endpoint: SeedStep['endpoint']) =>
  demo.steps.filter((item) => item.endpoint === endpoint).length;

describe('demo contacts', () => {
  it('are valid AddContact bodies with unique codes, Thai names and checked tax ids', () => {
    expect(demo.contacts.length).toBeGreaterThanOrEqual(50);
    expect(new Set(demo.contacts.map((contact) => contact.body.code)).size).toBe(demo.contacts.length);
    for (const { body } of demo.contacts) {
      expect(endpoints.AddContact.body.safeParse(body).success, body.code).toBe(true);
      expect(body.name).toMatch(THAI);
      expect(body.address).toMatch(THAI);
      expect(body.idnumber).toMatch(/^\d{13}$/);
      const id = body.idnumber ?? '';
      // What the app checks when a person edits a pulled contact passes on every demo contact.
      expect(taxIdIssue(id), id).toBeNull();
      expect(phoneIssue(body.phone ?? ''), body.phone).toBeNull();
      expect(emailIssue(body.email ?? ''), body.email).toBeNull();
      expect(branchNoIssue(body.branchno ?? ''), body.branchno).toBeNull();
      expect(body.email).toMatch(/^[\w.]+@[\w.]+$/);
    }
  });

  it('include suppliers and customers, some with sub-contacts and shipping addresses', () => {
    expect(demo.contacts.some((contact) => contact.role === 'supplier')).toBe(true);
    expect(demo.contacts.some((contact) => contact.role === 'customer')).toBe(true);
    expect(demo.contacts.some((contact) => contact.subContacts.length > 0)).toBe(true);
    expect(demo.contacts.some((contact) => contact.shippingAddresses.length > 0)).toBe(true);
    for (const contact of demo.contacts) {
      for (const list of [contact.subContacts, contact.shippingAddresses]) {
        if (list.length > 0) expect(list.filter((item) => item.isMain)).toHaveLength(1);
      }
    }
  });
});

describe('demo bundles', () => {
  it('are valid AddBundle bodies of existing products, created in sku order', () => {
    const skus = new Set(demo.catalogue.products.map((product) => product.body.sku));
    expect(demo.bundles.length).toBeGreaterThanOrEqual(10);
    for (const [index, bundle] of demo.bundles.entries()) {
      expect(endpoints.AddBundle.body.safeParse(bundle.body).success, bundle.body.sku).toBe(true);
      expect(bundle.body.sku).toBe(`BDL-${String(index + 1).padStart(4, '0')}`);
      for (const item of bundle.body.list) expect(skus.has(item.sku ?? '')).toBe(true);
      expect(bundle.at).toBeGreaterThanOrEqual(demo.bundles[index - 1]?.at ?? 0);
    }
    expect(demo.bundles.some((bundle) => !bundle.active)).toBe(true);
  });
});

describe('the demo document history', () => {
  it('has the issue’s quotations, return purchase orders, incomes, expenses and transfers', () => {
    expect(count('AddQuotation')).toBe(30);
    expect(count('AddReturnPurchaseOrder')).toBe(20);
    expect(count('AddIncome')).toBe(40);
    expect(count('AddExpense')).toBe(40);
    expect(count('AddMoneyTransfer')).toBe(10);
    for (const endpoint of [
      'ApproveQuotation',
      'VoidQuotation',
      'UpdateReturnPurchaseOrderStatus',
      'UpdateReturnPurchaseOrderPayment',
      'VoidReturnPurchaseOrder',
      'UpdateIncomePayment',
      'UpdateExpensePayment',
    ] as const) {
      expect(count(endpoint), endpoint).toBeGreaterThan(0);
    }
  });

  it('sends every query and body its endpoint accepts', () => {
    for (const item of demo.steps) {
      const row = endpoints[item.endpoint];
      const query = row.query.safeParse(item.query);
      expect(query.success, `${item.endpoint} ${JSON.stringify(query.error?.issues)}`).toBe(true);
      const body = row.body === null ? { success: item.body === undefined } : row.body.safeParse(item.body);
      expect(body.success, `${item.endpoint} ${item.creates ?? item.target ?? ''}`).toBe(true);
    }
  });

  it('keeps time order, acts only on records made before, within the past, with unique keys', () => {
    const made = new Map<string, number>();
    let previous = 0;
    for (const item of demo.steps) {
      expect(item.at).toBeGreaterThanOrEqual(previous);
      expect(item.at).toBeLessThan(ANCHOR);
      previous = item.at;
      if (item.target !== undefined) expect(made.get(item.target), item.target).toBeLessThan(item.at);
      if (item.creates !== undefined) {
        expect(made.has(item.creates)).toBe(false);
        made.set(item.creates, item.at);
      }
    }
    const unique = demo.steps.flatMap((item) =>
      'uniquenumber' in item.query ? [item.query.uniquenumber] : [],
    );
    expect(new Set(unique).size).toBe(unique.length);
  });

  it('computes every document’s money as the back office does (computeDocument accepts it)', () => {
    for (const item of demo.steps) {
      const document = moneyOf(item);
      if (!document) continue;
      const result = computeDocument(document);
      expect(result.ok, `${item.creates} ${JSON.stringify(result)}`).toBe(true);
      if (result.ok) expect(moneyMatches(document.vatamount ?? 0, result.document.vatamount)).toBe(true);
      expect(document.paymentamount ?? 0).toBeLessThanOrEqual(document.amount);
    }
  });

  it('uses every vattype and names only the store’s payment methods', () => {
    const vattypes = new Set(demo.steps.map((item) => moneyOf(item)?.vattype).filter(Boolean));
    expect([...vattypes].sort()).toEqual([1, 2, 3]);
    const methods = new Set<string>(REFERENCE.paymentMethods);
    for (const item of demo.steps) {
      const fields = ['paymentmethod', 'fromPaymentMethodName', 'toPaymentMethodName'];
      const named = [item.body ?? {}, item.query]
        .flatMap((part) => fields.map((field): unknown => Reflect.get(part, field)))
        .filter((value): value is string => typeof value === 'string');
      for (const name of named) expect(methods.has(name), name).toBe(true);
    }
  });
});

type Money = Parameters<typeof computeDocument>[0] & { paymentamount?: number };

/** The figures computeDocument checks, read from a creating step's body. */
function moneyOf(item: SeedStep): Money | undefined {
  const figures = (
    body: {
      amount: number;
      vatamount?: number;
      vattype?: number;
      discount?: string;
      shippingamount?: number;
      shippingvat?: number;
      paymentamount?: number;
    },
    lines: DocumentLineInput[],
  ): Money => ({
    amount: body.amount,
    vatamount: body.vatamount,
    vattype: body.vattype as 1 | 2 | 3,
    discount: body.discount,
    shippingamount: body.shippingamount,
    shippingvat: body.shippingvat as 0 | 1 | undefined,
    paymentamount: body.paymentamount,
    lines,
  });
  switch (item.endpoint) {
    case 'AddQuotation':
    case 'AddReturnPurchaseOrder':
      return figures(item.body, item.body.list ?? []);
    case 'AddIncome':
    case 'AddExpense':
      return figures(
        item.body,
        (item.body.list ?? []).map((line) => ({ totalprice: line.totalprice })),
      );
    default:
      return undefined;
  }
}
