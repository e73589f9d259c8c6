// Payments and tags of return purchase orders over real HTTP: paymentstatus through all four values,
// voiding payments, refusals naming the field or the state, tags added and removed idempotently.
import { beforeAll, describe, expect, it } from 'vitest';
import { createdId, documentsSandboxForFile, line } from './support/documents-sandbox.js';

const s = documentsSandboxForFile();

beforeAll(async () => {
  await s.addProduct('PY-1', 100);
});

async function addOrder(number: string, extra: Record<string, unknown> = {}): Promise<number> {
  return createdId(
    await s.ok('AddReturnPurchaseOrder', {
      body: { number, amount: 1000, list: [line('PY-1', 10, 100, 1000)], ...extra },
    }),
  );
}

async function order(id: number): Promise<Record<string, unknown>> {
  return s.ok('GetReturnPurchaseOrderDetail', { query: { id } });
}

describe('UpdateReturnPurchaseOrderPayment and paymentstatus', () => {
  it('goes Pending → Partial Payment → Paid → Excess Payment, and back to Pending when payments are voided', async () => {
    s.setNow(Date.parse('2026-06-01T02:00:00Z'));
    const id = await addOrder('RPO-PAY');
    expect(await order(id)).toMatchObject({ paymentstatus: 'Pending', paymentamount: 0, payments: [] });

    s.advance(5 * 60_000);
    await s.ok('UpdateReturnPurchaseOrderPayment', {
      query: { id, paymentamount: 400, paymentmethod: 'เงินสด', paymentdate: '2026-05-31 16:45' },
    });
    expect(await order(id)).toMatchObject({
      paymentstatus: 'Partial Payment',
      paymentamount: 400,
      updatedatetimeString: '2026-06-01 09:05',
      payments: [
        {
          id: expect.any(Number),
          name: 'เงินสด',
          amount: 400,
          paymentdatetime: '2026-05-31T16:45:00',
          paymentdatetimeString: '2026-05-31 16:45',
        },
      ],
    });

    await s.ok('UpdateReturnPurchaseOrderPayment', {
      query: { number: 'RPO-PAY', paymentamount: 600, paymentmethod: 'พร้อมเพย์' },
    });
    const paid = await order(id);
    expect(paid).toMatchObject({ paymentstatus: 'Paid', paymentamount: 1000 });
    // paymentdate omitted: now.
    expect((paid['payments'] as { name: string; paymentdatetimeString: string }[])[1]).toMatchObject({
      name: 'พร้อมเพย์',
      paymentdatetimeString: '2026-06-01 09:05',
    });

    await s.ok('UpdateReturnPurchaseOrderPayment', {
      query: { id, paymentamount: 0.5, paymentmethod: 'บัตรเครดิต' },
    });
    expect(await order(id)).toMatchObject({ paymentstatus: 'Excess Payment', paymentamount: 1000.5 });

    await s.ok('VoidReturnPurchaseOrderPayment', { query: { id } });
    expect(await order(id)).toMatchObject({ paymentstatus: 'Pending', paymentamount: 0, payments: [] });
    const again = await s.ok('VoidReturnPurchaseOrderPayment', { query: { id } });
    expect(again['resDesc']).toContain('nothing changed');
  });

  it('accepts payments in Waiting, Shipping and Success', async () => {
    const id = await addOrder('RPO-PAY-STATES');
    for (const statu of [3, 6, 1]) {
      await s.ok('UpdateReturnPurchaseOrderStatus', { query: { id, statu } });
      await s.ok('UpdateReturnPurchaseOrderPayment', {
        query: { id, paymentamount: 100, paymentmethod: 'เงินสด' },
      });
    }
    expect(await order(id)).toMatchObject({
      status: 'Success',
      paymentamount: 300,
      paymentstatus: 'Partial Payment',
    });
  });

  it.each([
    ['paymentamount 0', { paymentamount: 0, paymentmethod: 'เงินสด' }, 'paymentamount'],
    ['a negative paymentamount', { paymentamount: -10, paymentmethod: 'เงินสด' }, 'paymentamount'],
    ['paymentamount missing', { paymentmethod: 'เงินสด' }, 'paymentamount'],
    ['paymentamount not a number', { paymentamount: 'abc', paymentmethod: 'เงินสด' }, 'paymentamount'],
    ['paymentmethod missing', { paymentamount: 10 }, 'paymentmethod'],
    ['an unknown paymentmethod', { paymentamount: 10, paymentmethod: 'Bitcoin' }, 'paymentmethod'],
    [
      'a malformed paymentdate',
      { paymentamount: 10, paymentmethod: 'เงินสด', paymentdate: '2026-06-01' },
      'paymentdate',
    ],
  ])('refuses %s, naming the field, and records nothing', async (_label, query, field) => {
    const id = await addOrder('RPO-PAY-BAD');
    await s.refusedField('UpdateReturnPurchaseOrderPayment', { query: { id, ...query } }, field);
    expect(await order(id)).toMatchObject({ paymentamount: 0, payments: [] });
  });

  it('refuses paying, and voiding the payments of, a Voided order; its payments stay as they were', async () => {
    const id = await addOrder('RPO-PAY-VOIDED', { paymentamount: 200, paymentmethod: 'เงินสด' });
    await s.ok('VoidReturnPurchaseOrder', { query: { id } });
    await s.refused(
      'UpdateReturnPurchaseOrderPayment',
      { query: { id, paymentamount: 10, paymentmethod: 'เงินสด' } },
      '100',
      'RPO-PAY-VOIDED is Voided',
    );
    await s.refused('VoidReturnPurchaseOrderPayment', { query: { id } }, '100', 'is Voided');
    expect(await order(id)).toMatchObject({
      status: 'Voided',
      paymentamount: 200,
      paymentstatus: 'Partial Payment',
    });
  });

  it('answers Invalid ID. for an unknown order', async () => {
    await s.refused(
      'UpdateReturnPurchaseOrderPayment',
      { query: { number: 'NOPE', paymentamount: 10, paymentmethod: 'เงินสด' } },
      '100',
      'Invalid ID.',
    );
    await s.refused('VoidReturnPurchaseOrderPayment', { query: { id: 777777 } }, '100', 'Invalid ID.');
  });
});

describe('AddReturnPurchaseOrderTag and DeleteReturnPurchaseOrderTag', () => {
  it('adds tags once each in order, removes them, and treats repeats as no change', async () => {
    s.setNow(Date.parse('2026-06-02T02:00:00Z'));
    const id = await addOrder('RPO-TAGS');
    s.advance(60_000);
    await s.ok('AddReturnPurchaseOrderTag', { query: { id, tag: 'ด่วน' } });
    expect(await order(id)).toMatchObject({ tag: ['ด่วน'], updatedatetimeString: '2026-06-02 09:01' });
    await s.ok('AddReturnPurchaseOrderTag', { query: { number: 'RPO-TAGS', tag: 'supplier-a' } });
    s.advance(60_000);
    const repeat = await s.ok('AddReturnPurchaseOrderTag', { query: { id, tag: 'ด่วน' } });
    expect(repeat['resDesc']).toContain('already on it');
    expect(await order(id)).toMatchObject({
      tag: ['ด่วน', 'supplier-a'],
      updatedatetimeString: '2026-06-02 09:01',
    });
    const missing = await s.ok('DeleteReturnPurchaseOrderTag', { query: { id, tag: 'never-added' } });
    expect(missing['resDesc']).toContain('is not on it');
    await s.ok('DeleteReturnPurchaseOrderTag', { query: { id, tag: 'ด่วน' } });
    expect(await order(id)).toMatchObject({ tag: ['supplier-a'] });
  });

  it('keeps tagging open on a Voided order (tags sort documents, they change no state)', async () => {
    const id = await addOrder('RPO-TAG-VOIDED');
    await s.ok('VoidReturnPurchaseOrder', { query: { id } });
    await s.ok('AddReturnPurchaseOrderTag', { query: { id, tag: 'cancelled' } });
    expect(await order(id)).toMatchObject({ tag: ['cancelled'] });
  });

  it('refuses a blank or missing tag naming tag, and an unknown order with Invalid ID.', async () => {
    const id = await addOrder('RPO-TAG-BAD');
    await s.refusedField('AddReturnPurchaseOrderTag', { query: { id, tag: '   ' } }, 'tag');
    await s.refusedField('AddReturnPurchaseOrderTag', { query: { id } }, 'tag');
    await s.refusedField('DeleteReturnPurchaseOrderTag', { query: { id, tag: '' } }, 'tag');
    await s.refused('AddReturnPurchaseOrderTag', { query: { id: 888888, tag: 'x' } }, '100', 'Invalid ID.');
    expect(await order(id)).toMatchObject({ tag: [] });
  });
});
