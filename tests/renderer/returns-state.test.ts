// The returns panel's state (features/returns/returns-panel.svelte.ts) against a fake bridge: the filter
// as the contract wants it, totals, a return opened (what the PC holds, then what the back office holds),
// a new return saved with the shared editor's lines and a payment, its proposed number left for main to
// take (a typed one sent as typed), a refused field named with nothing else sent, Success with its date
// and warehouse, a payment, voids asked first, tags, and reading again when main says the copy changed.
import './support/page-globals.js';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  DocumentLinesPreview,
  ReturnOrderDetail,
  ReturnOrderSummary,
} from '../../src-shared/ipc/index.js';
import {
  RETURNS_PAGE_SIZE,
  ReturnsPanelState,
} from '../../src-renderer/features/returns/returns-panel.svelte.js';
import { FakeBridge, ok, settled } from './support/fake-bridge.js';
import { invalid } from './support/money-answers.js';

vi.mock('../../src-renderer/lib/api.js', () => import('./support/no-page-bridge.js'));

function summary(id: number, overrides: Partial<ReturnOrderSummary> = {}): ReturnOrderSummary {
  return {
    id,
    serverId: id + 100,
    number: `RT-${id}`,
    date: '2025-06-10',
    warehouseCode: 'W0001',
    supplierName: 'Supplier',
    amount: 100,
    paymentAmount: 0,
    paymentStatus: 'Pending',
    status: 'Pending',
    sendState: null,
    operationId: null,
    writesWaiting: 0,
    ...overrides,
  };
}

function detail(id: number, overrides: Partial<ReturnOrderDetail> = {}): ReturnOrderDetail {
  return {
    ...summary(id),
    supplier: {
      code: '',
      name: 'Supplier',
      idNumber: '',
      phone: '',
      email: '',
      address: '',
      branchName: '',
      branchNo: '',
    },
    vatType: 'noVat',
    discount: '',
    discountAmount: 0,
    shippingAmount: 0,
    amountPretax: 100,
    vatAmount: 0,
    reference: '',
    description: '',
    lines: [],
    payments: [],
    tags: [],
    movement: null,
    chain: [],
    pulledAt: null,
    ...overrides,
  };
}

const boxes = {
  id: 9,
  sku: 'BOX',
  barcode: '885000000009',
  name: 'Boxes',
  unittext: 'pc',
  sellprice: 200,
  purchaseprice: 181.52,
  active: true,
  imagepath: '',
};

/** main's figures for a new return's lines coming to `amount`. */
function linesPreview(amount: number): DocumentLinesPreview {
  return {
    vatType: 'noVat',
    subtotal: amount,
    discountAmount: 0,
    shippingAmount: 0,
    shippingAmountPretax: 0,
    shippingAmountVat: 0,
    amount,
    amountPretax: amount,
    vatAmount: 0,
    lines: [],
  };
}

const list = (items: ReturnOrderSummary[]) =>
  ok({
    total: items.length,
    offset: 0,
    items,
    totals: { count: items.length, amount: items.length * 100, paymentAmount: 0 },
    coverage: { windowStart: '2025-03-12', windowDays: 90, lastPulledAt: null },
  });

let bridge: FakeBridge;

beforeEach(() => {
  bridge = new FakeBridge()
    .answer('catalogue.warehouses', ok([{ id: 1, code: 'W0001', name: 'Main', address: '', pending: false }]))
    .answer('money.paymentMethods', ok([{ id: 7, name: 'Cash' }]))
    .answer('returns.list', list([summary(1), summary(2)]));
});

describe('ReturnsPanelState', () => {
  it('lists with the filter as typed, with totals; a refused filter field is named', async () => {
    bridge = new FakeBridge()
      .answer('catalogue.warehouses', ok([]))
      .answer('money.paymentMethods', ok([]))
      .answer(
        'returns.list',
        list([summary(1), summary(2)]),
        list([summary(1), summary(2)]),
        invalid('dateFrom'),
      );
    const panel = new ReturnsPanelState(bridge);
    await panel.start();
    expect(panel.items.map((item) => item.id)).toEqual([1, 2]);
    expect(panel.totals).toEqual({ count: 2, amount: 200, paymentAmount: 0 });
    panel.setFilter({ status: 'Success', amountMin: '1,000', keyword: ' rt-1 ', warehouseCode: 'W0001' });
    await panel.load(0);
    expect(bridge.argsOf('returns.list')[1]).toEqual({
      offset: 0,
      limit: RETURNS_PAGE_SIZE,
      statuses: ['Success'],
      amountMin: 1000,
      keyword: 'rt-1',
      warehouseCode: 'W0001',
    });
    panel.setFilter({ dateFrom: '10/6/2025' });
    await panel.load(0);
    expect([...panel.filterIssues.keys()]).toEqual(['dateFrom']);
    expect(panel.items).toHaveLength(2);
  });

  it('opens a return from the PC, then takes what the back office holds', async () => {
    bridge
      .answer('returns.detail', ok(detail(1)))
      .answer(
        'returns.refresh',
        ok(detail(1, { movement: { dates: ['2025-06-10'], lines: [], readAt: 1 } })),
      );
    const panel = new ReturnsPanelState(bridge);
    await panel.start();
    await panel.open(1);
    expect(bridge.names().slice(-2)).toEqual(['returns.detail', 'returns.refresh']);
    expect(panel.detail?.movement?.dates).toEqual(['2025-06-10']);
  });

  it('a new return: proposed number, the editor lines, a payment; a refused field sends nothing else', async () => {
    bridge
      .answer('returns.newNumber', ok({ number: 'RT-WHPC01-00001', date: '2025-06-10' }))
      .answer('returns.create', invalid('warehouseCode'), ok(detail(3, { number: 'RT-WHPC01-00001' })));
    const panel = new ReturnsPanelState(bridge);
    await panel.start();
    await panel.openNew();
    expect(panel.dialog).toBe('new');
    expect(panel.newText).toMatchObject({ number: 'RT-WHPC01-00001', warehouseCode: 'W0001', methodId: 7 });
    panel.setNew({ supplierName: 'Acme', payAmount: '50', success: true });
    expect(await panel.saveNew()).toBe(false);
    expect([...panel.newSave.issues.keys()]).toEqual(['warehouseCode']);
    expect(panel.dialog).toBe('new');
    expect(await panel.saveNew()).toBe(true);
    const [sent] = bridge.argsOf('returns.create');
    // The proposal kept: no number, main takes this PC's next one as it saves.
    expect(sent).not.toHaveProperty('number');
    expect(sent).toMatchObject({
      date: '2025-06-10',
      warehouseCode: 'W0001',
      supplier: { name: 'Acme', phone: '' },
      status: 'Success',
      payment: { methodId: 7, amount: 50 },
      lines: [],
    });
    expect(panel.dialog).toBeNull();
    expect(panel.detail?.id).toBe(3);
  });

  it('leaves a kept proposal for main to take as it saves, and sends a typed number as typed', async () => {
    bridge
      .answer('returns.newNumber', ok({ number: 'RT-WHPC01-00003', date: '2025-06-10' }))
      .answer(
        'returns.create',
        invalid('number', 'is already used by another return on this PC'),
        ok(detail(3)),
      );
    const panel = new ReturnsPanelState(bridge);
    await panel.start();
    const saveWith = async (number: string | null) => {
      await panel.openNew();
      if (number !== null) panel.setNew({ number });
      await panel.saveNew();
      return bridge.argsOf('returns.create').at(-1);
    };
    // A typed number taken: refused and named, what was typed stays; then typed again and sent.
    expect(await saveWith(' RT-SHOW-1 ')).toMatchObject({ number: 'RT-SHOW-1' });
    expect(panel.newSave.issues.get('number')?.message).toContain('already used');
    expect(panel.newText.number).toBe(' RT-SHOW-1 ');
    panel.setNew({ number: 'RT-SHOW-1A' });
    expect(await panel.saveNew()).toBe(true);
    expect(bridge.argsOf('returns.create').at(-1)).toMatchObject({ number: 'RT-SHOW-1A' });
    // Another form may save RT-WHPC01-00003 first: main then gives this one the next number.
    expect(await saveWith(null)).not.toHaveProperty('number');
    // Typed back to the proposal: still the proposal.
    expect(await saveWith(' RT-WHPC01-00003 ')).not.toHaveProperty('number');
    // A cleared field is sent as it is, for main to name it.
    expect(await saveWith('')).toMatchObject({ number: '' });
  });

  it('Success with its date and warehouse; a payment; voids asked first; tags', async () => {
    bridge
      .answer('returns.detail', ok(detail(1)))
      .answer('returns.refresh', ok(detail(1)))
      .answer('returns.setStatus', ok(detail(1, { status: 'Success' })))
      .answer('returns.recordPayment', ok(detail(1, { paymentAmount: 20 })))
      .answer('returns.void', ok(detail(1, { status: 'Voided' })))
      .answer('returns.addTag', ok(detail(1, { tags: ['late'] })));
    const panel = new ReturnsPanelState(bridge);
    await panel.start();
    await panel.open(1);
    panel.openStatus('Success');
    panel.setStatusText({ actionDate: '2025-06-11' });
    expect(await panel.saveStatus()).toBe(true);
    expect(bridge.argsOf('returns.setStatus')).toEqual([
      { id: 1, status: 'Success', actionDate: '2025-06-11', warehouseCode: 'W0001' },
    ]);
    panel.openPayment();
    panel.setPaymentText({ amount: 'abc' });
    expect(await panel.savePayment()).toBe(false);
    expect([...panel.paymentSave.issues.keys()]).toEqual(['amount']);
    // 181.525 on a ฿181.52 return: refused by the one rule (never rounded to 181.53), nothing sent.
    panel.setPaymentText({ amount: '181.525' });
    expect(await panel.savePayment()).toBe(false);
    expect(panel.paymentSave.issues.get('amount')?.message).toBe('must have at most 2 decimals');
    expect(bridge.argsOf('returns.recordPayment')).toEqual([]);
    panel.setPaymentText({ amount: '20' });
    expect(await panel.savePayment()).toBe(true);
    expect(panel.detail?.paymentAmount).toBe(20);
    panel.ask('voidReturn');
    expect(panel.dialog).toBe('voidReturn');
    expect(bridge.argsOf('returns.void')).toEqual([]);
    expect(await panel.confirm()).toBe(true);
    expect(panel.detail?.status).toBe('Voided');
    expect(await panel.tag(' late ', true)).toBe(true);
    expect(bridge.argsOf('returns.addTag')).toEqual([{ id: 1, tag: 'late' }]);
  });

  it('asks before a payment past what the return owes; saves it only once answered', async () => {
    bridge
      .answer('returns.detail', ok(detail(1, { amount: 181.52, paymentAmount: 100 })))
      .answer('returns.refresh', ok(detail(1, { amount: 181.52, paymentAmount: 100 })))
      .answer('returns.recordPayment', ok(detail(1, { amount: 181.52, paymentAmount: 181.53 })));
    const panel = new ReturnsPanelState(bridge);
    await panel.start();
    await panel.open(1);
    panel.openPayment();
    // What is owed exactly: no question.
    panel.setPaymentText({ amount: '81.52' });
    expect(panel.overpay).toBeNull();
    // A satang past it: asked, nothing sent; "go back" keeps the form and its text.
    panel.setPaymentText({ amount: '81.53' });
    expect(await panel.savePayment()).toBe(false);
    expect(panel.overpay).toEqual({ owed: 81.52, payment: 81.53, statusAfter: 'Excess Payment' });
    expect(bridge.argsOf('returns.recordPayment')).toEqual([]);
    panel.keepPaying();
    expect(panel.overpay).toBeNull();
    expect(panel.dialog).toBe('payment');
    expect(panel.paymentText.amount).toBe('81.53');
    // Answered: sent once.
    expect(await panel.savePayment()).toBe(false);
    expect(await panel.savePayment(true)).toBe(true);
    expect(bridge.argsOf('returns.recordPayment')).toHaveLength(1);
    expect(panel.overpay).toBeNull();
  });

  it("asks before a payment at creation past the new return's amount; saves it only once answered", async () => {
    bridge
      .answer('returns.newNumber', ok({ number: 'RT-WHPC01-00002', date: '2025-06-10' }))
      .answer('documents.previewLines', ok(linesPreview(181.52)))
      .answer('returns.create', ok(detail(3, { amount: 181.52, paymentAmount: 181.53 })));
    const panel = new ReturnsPanelState(bridge);
    await panel.start();
    await panel.openNew();
    panel.editor.addProduct(boxes);
    // A satang past what the lines come to: asked, nothing sent; "go back" keeps what was typed.
    panel.setNew({ payAmount: '181.53' });
    expect(await panel.saveNew()).toBe(false);
    expect(panel.overpay).toEqual({ owed: 181.52, payment: 181.53, statusAfter: 'Excess Payment' });
    expect(bridge.argsOf('returns.create')).toEqual([]);
    panel.keepPaying();
    expect([panel.overpay, panel.dialog, panel.newText.payAmount]).toEqual([null, 'new', '181.53']);
    expect(await panel.saveNew()).toBe(false);
    expect(bridge.argsOf('returns.create')).toEqual([]);
    expect(await panel.saveNew(true)).toBe(true);
    expect(bridge.argsOf('returns.create').map((args) => args.payment?.amount)).toEqual([181.53]);
    expect(panel.overpay).toBeNull();
  });

  it('asks nothing for a payment at creation of what the new return comes to', async () => {
    bridge
      .answer('returns.newNumber', ok({ number: 'RT-WHPC01-00002', date: '2025-06-10' }))
      .answer('documents.previewLines', ok(linesPreview(181.52)))
      .answer('returns.create', ok(detail(3)));
    const panel = new ReturnsPanelState(bridge);
    await panel.start();
    await panel.openNew();
    panel.editor.addProduct(boxes);
    panel.setNew({ payAmount: '181.52' });
    expect(await panel.saveNew()).toBe(true);
    expect(panel.overpay).toBeNull();
  });

  it('reads again when main says the copy changed', async () => {
    const panel = new ReturnsPanelState(bridge);
    await panel.start();
    const stop = panel.listen();
    bridge.emit('returns.changed', { source: 'sync', orders: 1, at: 1 });
    await settled();
    expect(bridge.argsOf('returns.list')).toHaveLength(2);
    stop();
  });
});
