// The Money page's forms against a fake bridge: the new income/expense (main's preview as it is typed,
// contacts, the payment made with it, refusals by field), the payment on a record with its resulting
// status before saving, and the new transfer.
import './support/page-globals.js';
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
    const exact = held<IpcResult<CallValue<'money.contacts'>, never>>();
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

  it('asks before a payment with the record past its amount; saves it only once answered', async () => {
    bridge.answer('money.preview', ok(preview)).answer('money.create', ok(detail(5)));
    const form = new MoneyDraftForm('income', bridge, clock);
    form.setLine(0, 'name', 'Boxes');
    form.setLine(0, 'price', '100');
    await form.settlePreview();
    form.setPayNow(true, [{ id: 3, name: 'Cash' }]);
    // A satang past the record's ฿96.30: asked, nothing sent; "go back" keeps what was typed.
    form.setValue('payAmount', '96.31');
    expect(await form.save()).toBeNull();
    expect(form.overpay).toEqual({ owed: 96.3, payment: 96.31, statusAfter: 'Excess Payment' });
    expect(bridge.argsOf('money.create')).toEqual([]);
    form.keepPaying();
    expect(form.overpay).toBeNull();
    expect(form.values.payAmount).toBe('96.31');
    expect(await form.save()).toBeNull();
    expect(bridge.argsOf('money.create')).toEqual([]);
    // Answered: sent once, with the payment as typed.
    expect((await form.save(true))?.id).toBe(5);
    expect(bridge.argsOf('money.create').map((args) => args.payment?.amount)).toEqual([96.31]);
    expect(form.overpay).toBeNull();
  });

  it('asks nothing for a payment in full with the record', async () => {
    bridge.answer('money.preview', ok(preview)).answer('money.create', ok(detail(5)));
    const form = new MoneyDraftForm('income', bridge, clock);
    form.setLine(0, 'name', 'Boxes');
    form.setLine(0, 'price', '100');
    await form.settlePreview();
    form.setPayNow(true, [{ id: 3, name: 'Cash' }]);
    expect((await form.save())?.id).toBe(5);
    expect(form.overpay).toBeNull();
  });

  it('keeps a payment in full in full as the lines change, until the person types an amount', async () => {
    bridge.answer('money.preview', (args) => {
      const total = args.lines.reduce((sum, line) => sum + Number(line.totalPrice), 0);
      return ok({ ...preview, amount: total, paymentAmount: Number(args.payment?.amount ?? 0) });
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
    form.setLine(0, 'price', '5');
    await form.settlePreview();
    expect(form.preview).toBeNull();
    expect(form.issues.size).toBe(0);

    expect(await form.save()).toBeNull();

    expect([...form.issues.keys()]).toEqual(['lines.0.totalPrice', 'payment.methodId']);
    expect(form.saveError).toBeNull();
    expect(form.lines[0]).toEqual({ name: 'Boxes', categoryName: '', price: '5' });
    expect(bridge.argsOf('money.create')[0]?.lines).toEqual([
      { name: 'Boxes', categoryName: '', totalPrice: 5 },
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
    expect(form.saveError).toEqual({
      sentence: 'No store is open. Add a store, or try the demo store.',
      details: 'No store is open.',
    });

    expect((await form.save())?.id).toBe(5);
    expect(form.saveError).toBeNull();
  });

  it('holds the first save of a reference another record has, names it, and keeps it on the second', async () => {
    const used = { recordId: 7, serverId: 31, date: '2026-11-30', contactName: 'Walk-in', amount: 1412.4 };
    bridge
      .answer('money.preview', (args) =>
        ok({ ...preview, referenceUsedBy: args.reference === 'INV-WALK-001' ? used : null }),
      )
      .answer('money.create', ok(detail(5)));
    const form = new MoneyDraftForm('income', bridge, clock);
    form.setLine(0, 'name', 'Boxes');
    form.setLine(0, 'price', '100');
    form.setValue('reference', 'INV-WALK-001');
    expect(await form.save()).toBeNull();
    expect(form.referenceUsedBy).toEqual(used);
    expect(form.referenceHeld).toBe(true);
    expect(bridge.argsOf('money.create')).toEqual([]);

    // A fresh reference clears the warning; the one held once, typed again, is kept on saving.
    form.setValue('reference', 'INV-WALK-002');
    await form.settlePreview();
    expect([form.referenceUsedBy, form.referenceHeld]).toEqual([null, false]);
    form.setValue('reference', 'INV-WALK-001');
    expect((await form.save())?.id).toBe(5);
    expect(bridge.argsOf('money.create')).toHaveLength(1);
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

  it('says in the page’s words when the record cannot be read, main’s behind Details', async () => {
    bridge.answer('money.detail', refused('not-found', 'No such income or expense.'));
    const view = new MoneyRecordView(99, bridge, clock);
    await view.load();
    expect(view.detail).toBeNull();
    expect(view.error).toEqual({
      sentence: 'What this names is no longer there. Reload the page, then try again.',
      details: 'No such income or expense.',
    });
  });
});

describe('TransferForm', () => {
  const methods = [
    { id: 1, name: 'Cash' },
    { id: 2, name: 'Bank' },
  ];

  it('proposes the first method as from and today, leaves to for the person, and queues the transfer', async () => {
    bridge.answer('money.createTransfer', ok(transfer(4)));
    const form = new TransferForm(methods, bridge, clock);
    form.setValue('amount', '500');
    form.setValue('reference', ' T-1 ');
    expect(form.values.toMethodId).toBe('');

    expect(await form.save()).toBeNull();
    expect(form.issues.has('toMethodId')).toBe(true);
    expect(bridge.calls).toEqual([]);
    form.setValue('toMethodId', '2');
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
    bridge.answer('money.createTransfer', invalid('amount', 'is more than the method holds'));
    const form = new TransferForm(methods, bridge, clock);
    form.setValue('toMethodId', '2');
    form.setValue('amount', '5');

    expect(await form.save()).toBeNull();
    expect(form.issues.get('amount')?.message).toBe('is more than the method holds');
    expect(form.values.amount).toBe('5');
  });

  it('refuses 0 by the one rule of typed numbers before main is asked, and keeps it', async () => {
    const form = new TransferForm(methods, bridge, clock);
    form.setValue('toMethodId', '2');
    form.setValue('amount', '0');

    expect(await form.save()).toBeNull();
    expect(form.issues.get('amount')?.message).toBe('must be more than 0');
    expect(bridge.argsOf('money.createTransfer')).toEqual([]);
    expect(form.values.amount).toBe('0');
  });
});
