// The Money page's forms against a fake bridge: the new income/expense (main's preview as it is typed,
// contacts, the payment made with it, refusals by field), the payment on a record with its resulting
// status before saving, and the new transfer.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ipcFail, type CallValue, type IpcResult } from '../../src-shared/ipc/index.js';
import { MoneyDraftForm } from '../../src-renderer/features/money/money-draft.svelte.js';
import { MoneyRecordView } from '../../src-renderer/features/money/money-record.svelte.js';
import { TransferForm } from '../../src-renderer/features/money/transfer-form.svelte.js';
import { FakeBridge, held, ok, refused, settled } from './support/fake-bridge.js';
import { clock, detail, invalid, preview, transfer } from './support/money-answers.js';

vi.mock('../../src-renderer/lib/api.js', () => import('./support/no-page-bridge.js'));

let bridge: FakeBridge;

beforeEach(() => {
  bridge = new FakeBridge();
});

describe('MoneyDraftForm', () => {
  it("starts with today's Thai date and one empty line, and previews what is typed", async () => {
    bridge.answer('money.preview', ok(preview)).answer('money.contacts', ok([]));
    const form = new MoneyDraftForm('income', bridge, clock);
    expect(form.values.date).toBe('2026-11-24');
    expect(form.values.payPaidAt).toBe('2026-11-24 10:05');
    expect(form.lines).toHaveLength(1);

    form.setLine(0, 'name', 'Boxes');
    form.setLine(0, 'price', '100');
    form.setVatType('excludeVat');
    form.setValue('discount', '10%');
    await form.settlePreview();

    expect(bridge.argsOf('money.preview').at(-1)).toEqual({
      kind: 'income',
      date: '2026-11-24',
      vatType: 'excludeVat',
      discount: '10%',
      lines: [{ name: 'Boxes', categoryName: '', totalPrice: 100 }],
      reference: '',
      description: '',
    });
    expect(form.preview).toEqual(preview);
  });

  it('sends a picked contact by id and a typed one by name', async () => {
    const saved = {
      id: 7,
      code: 'C7',
      name: 'Somchai Co.',
      idNumber: '',
      phone: '081',
      email: '',
      address: '',
      branchName: '',
      branchNo: '',
    };
    bridge.answer('money.preview', ok(preview)).answer('money.contacts', ok([saved]));
    const form = new MoneyDraftForm('expense', bridge, clock);

    form.setValue('contactText', 'som');
    await settled();
    expect(bridge.argsOf('money.contacts')).toEqual([{ text: 'som', limit: 8 }]);
    expect(form.suggestions.map((contact) => contact.id)).toEqual([7]);

    form.pickContact(saved);
    expect(form.args().contact).toEqual({ contactId: 7 });
    expect(form.suggestions).toEqual([]);

    form.setValue('contactText', 'Somchai Co. (old)');
    expect(form.contact).toBeNull();
    expect(form.args().contact).toEqual({ name: 'Somchai Co. (old)' });
  });

  it('never shows suggestions answered for an older text while the newer answer is on its way', async () => {
    const contact = (id: number, name: string, code: string) => ({
      id,
      code,
      name,
      idNumber: '',
      phone: '',
      email: '',
      address: '',
      branchName: '',
      branchNo: '',
    });
    const forPrefix = [contact(3, 'Anong', 'CUS-0011'), contact(4, 'Wichai', 'CUS-001')];
    const exact = held<IpcResult<CallValue<'money.contacts'>>>();
    bridge
      .answer('money.preview', ok(preview))
      .answer('money.contacts', ok(forPrefix))
      .answer('money.contacts', () => exact.promise);
    const form = new MoneyDraftForm('income', bridge, clock);

    form.setValue('contactText', 'CUS-00');
    await settled();
    expect(form.suggestions.map((found) => found.id)).toEqual([3, 4]);
    // Typing on: the list of 'CUS-00' is not the list of 'CUS-001' (Enter would pick Anong).
    form.setValue('contactText', 'CUS-001');
    await settled();
    expect(form.suggestions).toEqual([]);
    exact.release(ok([forPrefix[1] ?? contact(0, '', '')]));
    await settled();
    expect(form.suggestions.map((found) => found.id)).toEqual([4]);
  });

  it('adds the payment made with the record, with the first method and the amount previewed', async () => {
    bridge.answer('money.preview', ok(preview));
    const form = new MoneyDraftForm('income', bridge, clock);
    form.setLine(0, 'name', 'Boxes');
    form.setLine(0, 'price', '100');
    await form.settlePreview();

    form.setPayNow(true, [
      { id: 3, name: 'Cash' },
      { id: 4, name: 'Bank' },
    ]);

    expect(form.args().payment).toEqual({ methodId: 3, amount: 96.3, paidAt: '2026-11-24 10:05' });
  });

  it('keeps a payment in full in full as the lines change, until the person types an amount', async () => {
    bridge.answer('money.preview', (args) => {
      const total = args.lines.reduce((sum, line) => sum + line.totalPrice, 0);
      return ok({ ...preview, amount: total, paymentAmount: args.payment?.amount ?? 0 });
    });
    const form = new MoneyDraftForm('income', bridge, clock);
    form.setLine(0, 'name', 'Boxes');
    form.setLine(0, 'price', '100');
    await form.settlePreview();
    form.setPayNow(true, [{ id: 3, name: 'Cash' }]);
    expect(form.values.payAmount).toBe('100.00');

    form.setLine(0, 'price', '150');
    await form.settlePreview();
    expect(form.values.payAmount).toBe('150.00');
    expect(form.preview?.paymentAmount).toBe(150);

    form.setValue('payAmount', '20');
    form.setLine(0, 'price', '175');
    await form.settlePreview();
    expect(form.values.payAmount).toBe('20');
  });

  it('shows no field message while typing, and the refused fields once a save was tried; typing stays', async () => {
    bridge.answer('money.preview', invalid('lines.0.totalPrice', 'must be a number')).answer(
      'money.create',
      ipcFail('invalid-arguments', 'Some fields are not right.', {
        issues: [
          { path: 'lines.0.totalPrice', message: 'must not be negative' },
          { path: 'payment.methodId', message: 'is not a payment method of this store' },
        ],
      }),
    );
    const form = new MoneyDraftForm('income', bridge, clock);
    form.setLine(0, 'name', 'Boxes');
    form.setLine(0, 'price', '-5');
    await form.settlePreview();
    expect(form.preview).toBeNull();
    expect(form.issues.size).toBe(0);

    expect(await form.save()).toBeNull();

    expect([...form.issues.keys()]).toEqual(['lines.0.totalPrice', 'payment.methodId']);
    expect(form.saveError).toBeNull();
    expect(form.lines[0]).toEqual({ name: 'Boxes', categoryName: '', price: '-5' });
    expect(bridge.argsOf('money.create')[0]?.lines).toEqual([
      { name: 'Boxes', categoryName: '', totalPrice: -5 },
    ]);

    // A change clears the save's messages; the preview's refusal still names the field.
    form.setLine(0, 'price', 'abc');
    await form.settlePreview();
    expect([...form.issues.keys()]).toEqual(['lines.0.totalPrice']);
  });

  it('answers the record queued, and a refusal without fields as a message', async () => {
    bridge
      .answer('money.preview', ok(preview))
      .answer('money.create', refused('no-profile', 'No store is open.'), ok(detail(5)));
    const form = new MoneyDraftForm('income', bridge, clock);
    form.setLine(0, 'name', 'Boxes');
    form.setLine(0, 'price', '100');

    expect(await form.save()).toBeNull();
    expect(form.saveError).toBe('No store is open.');

    expect((await form.save())?.id).toBe(5);
    expect(form.saveError).toBeNull();
  });

  it('keeps at least one line', () => {
    bridge.answer('money.preview', ok(preview));
    const form = new MoneyDraftForm('income', bridge, clock);
    form.addLine();
    form.setLine(1, 'name', 'Second');
    form.removeLine(0);
    expect(form.lines.map((line) => line.name)).toEqual(['Second']);
    form.removeLine(0);
    expect(form.lines).toHaveLength(1);
  });
});

describe('MoneyRecordView', () => {
  const paymentPreview = {
    amount: 50,
    paidBefore: 0,
    paidAfter: 50,
    statusBefore: 'Pending' as const,
    statusAfter: 'Partial Payment' as const,
    methodName: 'Cash',
  };

  it('opens the payment form with the outstanding amount and the Thai time now, and previews the status', async () => {
    bridge
      .answer('money.detail', ok(detail(5, { amount: 107, paymentAmount: 7 })))
      .answer(
        'money.previewPayment',
        ok({ ...paymentPreview, amount: 100, paidAfter: 107, statusAfter: 'Paid' }),
      );
    const view = new MoneyRecordView(5, bridge, clock);
    await view.load();

    view.startPayment(3);
    await view.settlePreview();

    expect(view.paying).toBe(true);
    expect(view.values).toEqual({ methodId: '3', amount: '100.00', paidAt: '2026-11-24 10:05' });
    expect(bridge.argsOf('money.previewPayment')).toEqual([
      { recordId: 5, methodId: 3, amount: 100, paidAt: '2026-11-24 10:05' },
    ]);
    expect(view.preview?.statusAfter).toBe('Paid');
  });

  it('names the refused fields after a save is tried, keeps what was typed, and saves once fixed', async () => {
    bridge
      .answer('money.detail', ok(detail(5)))
      .answer('money.previewPayment', invalid('methodId', 'must be a positive integer'), ok(paymentPreview))
      .answer(
        'money.recordPayment',
        invalid('methodId', 'must be a positive integer'),
        ok(detail(5, { paymentAmount: 50 })),
      );
    const view = new MoneyRecordView(5, bridge, clock);
    await view.load();
    view.startPayment(null);
    view.setValue('amount', '50');
    await view.settlePreview();
    expect(view.issues.size).toBe(0);

    expect(await view.savePayment()).toBe(false);
    expect(bridge.argsOf('money.recordPayment')[0]).toMatchObject({ recordId: 5, methodId: 0, amount: 50 });
    expect([...view.issues.keys()]).toEqual(['methodId']);
    expect(view.values.amount).toBe('50');
    expect(view.paying).toBe(true);

    view.setValue('methodId', '3');
    await view.settlePreview();
    expect(view.issues.size).toBe(0);
    expect(await view.savePayment()).toBe(true);
    expect(view.paying).toBe(false);
    expect(view.detail?.paymentAmount).toBe(50);
  });

  it("shows main's words when the record cannot be read", async () => {
    bridge.answer('money.detail', refused('not-found', 'No such income or expense.'));
    const view = new MoneyRecordView(99, bridge, clock);
    await view.load();
    expect(view.detail).toBeNull();
    expect(view.error).toBe('No such income or expense.');
  });
});

describe('TransferForm', () => {
  const methods = [
    { id: 1, name: 'Cash' },
    { id: 2, name: 'Bank' },
  ];

  it('proposes the first two methods and today, and queues the transfer', async () => {
    bridge.answer('money.createTransfer', ok(transfer(4)));
    const form = new TransferForm(methods, bridge, clock);
    form.setValue('amount', '500');
    form.setValue('reference', ' T-1 ');

    expect((await form.save())?.id).toBe(4);
    expect(bridge.argsOf('money.createTransfer')).toEqual([
      { fromMethodId: 1, toMethodId: 2, amount: 500, date: '2026-11-24', reference: 'T-1', description: '' },
    ]);
  });

  it('refuses the same method on both sides without asking main', async () => {
    const form = new TransferForm(methods, bridge, clock);
    form.setValue('toMethodId', '1');
    form.setValue('amount', '500');

    expect(await form.save()).toBeNull();
    expect(form.sameMethod).toBe(true);
    expect(bridge.calls).toEqual([]);
    form.setValue('toMethodId', '2');
    expect(form.sameMethod).toBe(false);
  });

  it("names main's refused fields and keeps what was typed", async () => {
    bridge.answer('money.createTransfer', invalid('amount', 'must be at least 0.01'));
    const form = new TransferForm(methods, bridge, clock);
    form.setValue('amount', '0');

    expect(await form.save()).toBeNull();
    expect(form.issues.get('amount')?.message).toBe('must be at least 0.01');
    expect(form.values.amount).toBe('0');
  });
});
