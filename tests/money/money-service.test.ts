// The money service against real SQLite and the real sandbox: the local copy's first fill and
// incremental pulls, lists with filters and totals, records made offline (shown at once, never twice),
// previews equal to what the sandbox stores after the write drains, and bad input refused by field
// with nothing queued.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callContract } from '../../src-shared/ipc/index.js';
import type { MoneyDraft } from '../../src-shared/ipc/index.js';
import { paymentStatus } from '../../src-shared/money/index.js';
import { formatThaiDate, DAY_MS } from '../../src-shared/time/index.js';
import { CatalogueRepository } from '../../src-main/catalog/catalogue.repository.js';
import { isRefusal } from '../../src-main/refusal/refusal.js';
import { states } from '../outbox/support/outbox-fixture.js';
import { startMoneyFixture, type MoneyFixture } from './support/money-fixture.js';

interface ServerIncome {
  id: number;
  amount: number;
  amount_pretax: number;
  vatamount: number;
  vattype: number;
  discount: string;
  paymentamount: number;
  paymentstatus: string;
  uniquenumber: string;
  incomedateString: string;
  list: Array<{ totalprice: number; totalprice_pretax: number; totalprice_vat: number }>;
}

const listArgs = (extra: Record<string, unknown> = {}) =>
  callContract['money.list'].args.parse({ kind: 'income', ...extra });
const draftOf = (extra: Record<string, unknown>): MoneyDraft =>
  callContract['money.create'].args.parse({
    kind: 'income',
    lines: [
      { name: 'Returned pallets', categoryName: 'Returns', totalPrice: 1_250 },
      { name: 'Cartons', totalPrice: 333.33 },
    ],
    ...extra,
  });

describe('money service', () => {
  let m: MoneyFixture;
  beforeAll(async () => {
    m = await startMoneyFixture();
  });
  afterAll(() => m.close());

  async function allServerIncomes(): Promise<ServerIncome[]> {
    const answer = await m.fx.sandbox.call('GetIncomes', { query: { limit: 500 } });
    return (answer.body as { list: ServerIncome[] }).list;
  }

  it('the first pull keeps the window and every income not fully paid, and nothing else', async () => {
    const report = await m.sync.pull();
    expect(report.job).toBe('first');
    const windowStart = m.sync.windowStart();
    const server = await allServerIncomes();
    const expected = server.filter(
      (income) => income.incomedateString >= windowStart || income.paymentamount + 0.005 < income.amount,
    );
    // The demo has both kinds: some outside the window and paid (left out), some kept.
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(server.length);
    const local = m.money.list(listArgs({ limit: 500 }));
    expect(local.total).toBe(expected.length);
    expect(new Set(local.items.map((item) => item.serverId))).toEqual(
      new Set(expected.map((income) => income.id)),
    );
    for (const item of local.items) {
      const income = expected.find((candidate) => candidate.id === item.serverId);
      expect(item.amount).toBe(income?.amount);
      expect(item.paymentStatus).toBe(income?.paymentstatus);
      expect(item.sendState).toBeNull();
    }
  });

  it('an idle pull costs one request per list, and a new server income arrives with it', async () => {
    const idle = await m.sync.pull();
    expect(idle).toMatchObject({ job: 'pull', requests: 3 });
    await m.fx.sandbox.call('AddIncome', {
      query: { uniquenumber: 'from-another-pc-1' },
      body: { amount: 77, contactname: 'Another PC', list: [{ name: 'Scrap', totalprice: 77 }] },
    });
    const changed = await m.sync.pull();
    expect(changed.records).toBe(1);
    const found = m.money.list(listArgs({ keyword: 'another pc' }));
    expect(found.items.map((item) => item.contactName)).toEqual(['Another PC']);
  });

  it('filters and totals agree with the rows they select', () => {
    const all = m.money.list(listArgs({ limit: 500 })).items;
    const unpaid = m.money.list(listArgs({ paymentStatus: ['Pending', 'Partial Payment'], limit: 500 }));
    const expectedUnpaid = all.filter((item) => ['Pending', 'Partial Payment'].includes(item.paymentStatus));
    expect(unpaid.total).toBe(expectedUnpaid.length);
    const sum = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) * 100) / 100;
    expect(unpaid.totals.amount).toBeCloseTo(sum(expectedUnpaid.map((item) => item.amount)), 2);
    expect(unpaid.totals.outstanding).toBeCloseTo(
      sum(expectedUnpaid.map((item) => item.amount - item.paymentAmount)),
      2,
    );
    const amounts = all.map((item) => item.amount).sort((a, b) => a - b);
    const low = amounts[Math.floor(amounts.length / 4)] ?? 0;
    const high = amounts[Math.floor((3 * amounts.length) / 4)] ?? 0;
    const ranged = m.money.list(listArgs({ amountMin: low, amountMax: high, limit: 500 }));
    expect(ranged.items.every((item) => item.amount >= low && item.amount <= high)).toBe(true);
    expect(ranged.total).toBe(all.filter((item) => item.amount >= low && item.amount <= high).length);
    const dateTo = formatThaiDate(m.now() - 30 * DAY_MS);
    const older = m.money.list(listArgs({ dateTo, limit: 500 }));
    expect(older.items.every((item) => item.date <= dateTo)).toBe(true);
    expect(older.total).toBe(all.filter((item) => item.date <= dateTo).length);
    // Newest first, and paging continues where the first page stopped.
    const page1 = m.money.list(listArgs({ limit: 5 }));
    const page2 = m.money.list(listArgs({ limit: 5, offset: 5 }));
    expect([...page1.items, ...page2.items].map((item) => item.id)).toEqual(
      all.slice(0, 10).map((i) => i.id),
    );
  });

  it.each([
    ['noVat', ''],
    ['excludeVat', '10%'],
    ['includeVat', '10%'],
    ['includeVat', '100.50'],
  ] as const)(
    'vatType %s with discount "%s": the preview is what the sandbox stores after the drain',
    async (vatType, discount) => {
      const cash = m.methods[0];
      if (!cash) throw new Error('the demo store has no payment method');
      const draft = draftOf({
        vatType,
        discount,
        contact: { name: `Customer ${vatType} ${discount}` },
        payment: { methodId: cash.id, amount: 500, paidAt: '2025-06-01 09:30' },
      });
      const preview = m.money.preview(draft);
      expect(preview.paymentStatus).toBe(paymentStatus(preview.amount, 500));

      const created = m.money.create(draft);
      expect(created).toMatchObject({ sendState: 'waitingToSend', serverId: null, amount: preview.amount });
      // Shown at once, offline, with the payment made with it.
      const listed = m.money.list(listArgs({ keyword: `customer ${vatType} ${discount}`.toLowerCase() }));
      expect(listed.items.map((item) => item.id)).toEqual([created.id]);
      expect(listed.items[0]?.paymentAmount).toBe(500);

      await m.outbox.drain();
      const server = (await allServerIncomes()).find(
        (income) => income.uniquenumber === created.uniqueNumber,
      );
      expect(server).toMatchObject({
        amount: preview.amount,
        amount_pretax: preview.amountPretax,
        vatamount: preview.vatAmount,
        paymentamount: 500,
        paymentstatus: preview.paymentStatus,
      });
      expect(
        server?.list.map((line) => [line.totalprice, line.totalprice_pretax, line.totalprice_vat]),
      ).toEqual(preview.lines.map((line) => [line.totalPrice, line.totalPricePretax, line.totalPriceVat]));

      await m.sync.pull();
      // One row: the pulled copy landed on the record made here.
      const after = m.money.list(listArgs({ keyword: `customer ${vatType} ${discount}`.toLowerCase() }));
      expect(after.items).toHaveLength(1);
      const detail = m.money.detail(created.id);
      expect(detail).toMatchObject({ serverId: server?.id, sendState: 'sent', paymentAmount: 500 });
      expect(detail.payments).toHaveLength(1);
      expect(detail.discountAmount).toBe(preview.discountAmount);
    },
  );

  it('a payment recorded offline changes the local view at once and its status was previewed', () => {
    const cash = m.methods[0];
    if (!cash) throw new Error('no payment method');
    const target = m.money.list(listArgs({ paymentStatus: ['Pending'], limit: 1 })).items[0];
    if (!target) throw new Error('the demo store has no pending income');
    const args = callContract['money.recordPayment'].args.parse({
      recordId: target.id,
      methodId: cash.id,
      amount: target.amount,
      paidAt: '2025-06-02 14:05',
    });
    expect(m.money.previewPayment(args)).toMatchObject({ statusBefore: 'Pending', statusAfter: 'Paid' });
    const detail = m.money.recordPayment(args);
    expect(detail).toMatchObject({ paymentStatus: 'Paid', paymentAmount: target.amount, paymentsWaiting: 1 });
    expect(detail.payments.at(-1)).toMatchObject({
      amount: target.amount,
      methodName: cash.name,
      paidAt: '2025-06-02 14:05',
      sendState: 'waitingToSend',
    });
    expect(
      m.money.list(listArgs({ paymentStatus: ['Pending'], limit: 500 })).items.map((i) => i.id),
    ).not.toContain(target.id);
  });

  it('bad input is refused by field and nothing is queued', () => {
    const queuedBefore = states(m.fx.db).length;
    const schema = callContract['money.create'].args;
    const paths = (value: unknown) => {
      const parsed = schema.safeParse(value);
      return parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join('.'));
    };
    const line = { name: 'x', totalPrice: 10 };
    expect(paths({ kind: 'income', lines: [{ name: 'x', totalPrice: -1 }] })).toEqual(['lines.0.totalPrice']);
    expect(paths({ kind: 'income', date: '10/06/2025', lines: [line] })).toEqual(['date']);
    expect(paths({ kind: 'income', lines: [line], payment: { amount: 5 } })).toEqual(['payment.methodId']);
    expect(paths({ kind: 'income', lines: [line], discount: '-5' })).toEqual(['discount']);
    expect(
      paths({ kind: 'income', lines: [line], payment: { methodId: 1, amount: 5, paidAt: '2025-06-01' } }),
    ).toEqual(['payment.paidAt']);
    const unknownMethod = draftOf({ payment: { methodId: 999_999, amount: 5 } });
    const refused = (() => {
      try {
        m.money.create(unknownMethod);
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(isRefusal(refused) && refused.code).toBe('invalid-arguments');
    expect(isRefusal(refused) && refused.fields.map((issue) => issue.path)).toEqual(['payment.methodId']);
    const tooMuch = draftOf({ discount: '5000' });
    expect(() => m.money.preview(tooMuch)).toThrow(/more than the subtotal/);
    expect(states(m.fx.db)).toHaveLength(queuedBefore);
  });

  it('a preview names the record of the same kind that already has the reference typed', () => {
    const reference = `INV-WALK-${Date.now()}`;
    expect(m.money.preview(draftOf({ reference })).referenceUsedBy).toBeNull();
    const first = m.money.create(draftOf({ reference }));
    const again = m.money.preview(draftOf({ reference: ` ${reference.toLowerCase()} ` }));
    expect(again.referenceUsedBy).toEqual({
      recordId: first.id,
      serverId: null,
      date: first.date,
      contactName: first.contact.name,
      amount: first.amount,
    });
    // Expenses number their own papers; no reference warns of nothing.
    expect(m.money.preview(draftOf({ kind: 'expense', reference })).referenceUsedBy).toBeNull();
    expect(m.money.preview(draftOf({ reference: '' })).referenceUsedBy).toBeNull();
  });

  it('a reference pulled from the back office is found as well', () => {
    const pulled = m.money
      .list(listArgs({ limit: 500 }))
      .items.find((record) => record.serverId !== null && record.reference !== '');
    if (pulled === undefined) throw new Error('the demo store has no income with a reference');
    const use = m.money.preview(draftOf({ reference: pulled.reference })).referenceUsedBy;
    expect(use?.serverId).not.toBeNull();
    expect(use?.recordId).toBeDefined();
  });

  it('finds cached contacts by name, code, phone or tax id, and all of them for no text', async () => {
    const client = m.fx.client();
    const { list } = await client.call('GetContacts', { query: { page: 1, limit: 5 } });
    const details = await Promise.all(
      list.slice(0, 3).map((contact) => client.call('GetContactDetail', { id: contact.id })),
    );
    new CatalogueRepository(m.fx.db).upsertContacts(details);
    const [first] = details;
    if (first === undefined) throw new Error('the demo store has no contacts');
    const ids = (text: string) => m.money.contacts(text, 10).map((contact) => contact.id);
    expect(ids('').sort()).toEqual(details.map((contact) => contact.id).sort());
    expect(ids((first.name ?? '').toUpperCase())).toContain(first.id);
    if ((first.code ?? '') !== '') expect(ids(first.code ?? '')).toContain(first.id);
    expect(ids('no contact has this text')).toEqual([]);
    expect(m.money.contacts('', 1)).toHaveLength(1);
  });

  it('a transfer between two methods shows at once and refuses the same method twice', () => {
    const [from, to] = m.methods;
    if (!from || !to) throw new Error('the demo store needs two payment methods');
    const args = callContract['money.createTransfer'].args.parse({
      fromMethodId: from.id,
      toMethodId: to.id,
      amount: 420.5,
      reference: 'TR-offline-1',
    });
    const transfer = m.money.createTransfer(args);
    expect(transfer).toMatchObject({ sendState: 'waitingToSend', amount: 420.5, fromMethodName: from.name });
    const listed = m.money.transfers(callContract['money.transfers'].args.parse({ keyword: 'tr-offline' }));
    expect(listed.items.map((item) => item.id)).toEqual([transfer.id]);
    expect(() => m.money.createTransfer({ ...args, toMethodId: from.id })).toThrow(/must differ/);
  });
});

describe('a payment on an income made offline', () => {
  let m: MoneyFixture;
  beforeAll(async () => {
    m = await startMoneyFixture();
    await m.sync.pull();
  });
  afterAll(() => m.close());

  it('waits for its create, then carries the server id the create got', async () => {
    const cash = m.methods[0];
    if (!cash) throw new Error('no payment method');
    const created = m.money.create(draftOf({ contact: { name: 'Offline customer' } }));
    const paid = m.money.recordPayment(
      callContract['money.recordPayment'].args.parse({
        recordId: created.id,
        methodId: cash.id,
        amount: 100,
      }),
    );
    expect(paid).toMatchObject({ paymentStatus: 'Partial Payment', paymentAmount: 100, paymentsWaiting: 1 });
    const paymentOperation = paid.payments.at(-1)?.operationId;
    expect(paymentOperation).not.toBe(created.operationId);
    await m.outbox.drain();
    const server = (await m.fx.sandbox.call('GetIncomes', { query: { keyword: 'Offline customer' } }))
      .body as {
      list: Array<{ id: number }>;
    };
    const [income] = server.list;
    const standing = m.fx.db
      .prepare<[number], { target_id: number | null }>('SELECT target_id FROM outbox_operations WHERE id = ?')
      .get(paymentOperation ?? 0);
    expect(standing?.target_id).toBe(income?.id);
    expect(m.money.detail(created.id).sendState).toBe('sent');
  });
});
