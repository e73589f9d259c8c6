// The returns panel's state (features/returns/returns-panel.svelte.ts) against a fake bridge: the filter
// as the contract wants it, totals, a return opened (what the PC holds, then what the back office holds),
// a new return saved with the shared editor's lines and a payment, its proposed number left for main to
// take (a typed one sent as typed), a refused field named with nothing else sent, Success with its date
// and warehouse, a payment, voids asked first, tags, and reading again when main says the copy changed.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReturnOrderDetail, ReturnOrderSummary } from '../../src-shared/ipc/index.js';
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
    .answer('documents.returns', list([summary(1), summary(2)]));
});

describe('ReturnsPanelState', () => {
  it('lists with the filter as typed, with totals; a refused filter field is named', async () => {
    bridge = new FakeBridge()
      .answer('catalogue.warehouses', ok([]))
      .answer('money.paymentMethods', ok([]))
      .answer(
        'documents.returns',
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
    expect(bridge.argsOf('documents.returns')[1]).toEqual({
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
      .answer('documents.returnDetail', ok(detail(1)))
      .answer(
        'documents.refreshReturn',
        ok(detail(1, { movement: { dates: ['2025-06-10'], lines: [], readAt: 1 } })),
      );
    const panel = new ReturnsPanelState(bridge);
    await panel.start();
    await panel.open(1);
    expect(bridge.names().slice(-2)).toEqual(['documents.returnDetail', 'documents.refreshReturn']);
    expect(panel.detail?.movement?.dates).toEqual(['2025-06-10']);
  });

  it('a new return: proposed number, the editor lines, a payment; a refused field sends nothing else', async () => {
    bridge
      .answer('documents.newReturnNumber', ok({ number: 'RT-WHPC01-00001', date: '2025-06-10' }))
      .answer(
        'documents.createReturn',
        invalid('warehouseCode'),
        ok(detail(3, { number: 'RT-WHPC01-00001' })),
      );
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
    const [sent] = bridge.argsOf('documents.createReturn');
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
      .answer('documents.newReturnNumber', ok({ number: 'RT-WHPC01-00003', date: '2025-06-10' }))
      .answer(
        'documents.createReturn',
        invalid('number', 'is already used by another return on this PC'),
        ok(detail(3)),
      );
    const panel = new ReturnsPanelState(bridge);
    await panel.start();
    const saveWith = async (number: string | null) => {
      await panel.openNew();
      if (number !== null) panel.setNew({ number });
      await panel.saveNew();
      return bridge.argsOf('documents.createReturn').at(-1);
    };
    // A typed number taken: refused and named, what was typed stays; then typed again and sent.
    expect(await saveWith(' RT-SHOW-1 ')).toMatchObject({ number: 'RT-SHOW-1' });
    expect(panel.newSave.issues.get('number')?.message).toContain('already used');
    expect(panel.newText.number).toBe(' RT-SHOW-1 ');
    panel.setNew({ number: 'RT-SHOW-1A' });
    expect(await panel.saveNew()).toBe(true);
    expect(bridge.argsOf('documents.createReturn').at(-1)).toMatchObject({ number: 'RT-SHOW-1A' });
    // Another form may save RT-WHPC01-00003 first: main then gives this one the next number.
    expect(await saveWith(null)).not.toHaveProperty('number');
    // Typed back to the proposal: still the proposal.
    expect(await saveWith(' RT-WHPC01-00003 ')).not.toHaveProperty('number');
    // A cleared field is sent as it is, for main to name it.
    expect(await saveWith('')).toMatchObject({ number: '' });
  });

  it('Success with its date and warehouse; a payment; voids asked first; tags', async () => {
    bridge
      .answer('documents.returnDetail', ok(detail(1)))
      .answer('documents.refreshReturn', ok(detail(1)))
      .answer('documents.setReturnStatus', ok(detail(1, { status: 'Success' })))
      .answer('documents.recordReturnPayment', invalid('amount'), ok(detail(1, { paymentAmount: 20 })))
      .answer('documents.voidReturn', ok(detail(1, { status: 'Voided' })))
      .answer('documents.addReturnTag', ok(detail(1, { tags: ['late'] })));
    const panel = new ReturnsPanelState(bridge);
    await panel.start();
    await panel.open(1);
    panel.openStatus('Success');
    panel.setStatusText({ actionDate: '2025-06-11' });
    expect(await panel.saveStatus()).toBe(true);
    expect(bridge.argsOf('documents.setReturnStatus')).toEqual([
      { id: 1, status: 'Success', actionDate: '2025-06-11', warehouseCode: 'W0001' },
    ]);
    panel.openPayment();
    panel.setPaymentText({ amount: 'abc' });
    expect(await panel.savePayment()).toBe(false);
    expect([...panel.paymentSave.issues.keys()]).toEqual(['amount']);
    panel.setPaymentText({ amount: '20' });
    expect(await panel.savePayment()).toBe(true);
    expect(panel.detail?.paymentAmount).toBe(20);
    panel.ask('voidReturn');
    expect(panel.dialog).toBe('voidReturn');
    expect(bridge.argsOf('documents.voidReturn')).toEqual([]);
    expect(await panel.confirm()).toBe(true);
    expect(panel.detail?.status).toBe('Voided');
    expect(await panel.tag(' late ', true)).toBe(true);
    expect(bridge.argsOf('documents.addReturnTag')).toEqual([{ id: 1, tag: 'late' }]);
  });

  it('reads again when main says the copy changed', async () => {
    const panel = new ReturnsPanelState(bridge);
    await panel.start();
    const stop = panel.listen();
    bridge.emit('returns.changed', { source: 'sync', orders: 1, at: 1 });
    await settled();
    expect(bridge.argsOf('documents.returns')).toHaveLength(2);
    stop();
  });
});
