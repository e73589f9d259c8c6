// The quotations tab's state against a fake bridge: the list's filters as main takes them (a refused
// one named by field, the rows kept), paging "N of M", the opened quotation and its actions (approve
// with a date, void, tags) with refusals by field or by reason; and the forms (new with a proposed
// number, a picked or typed customer, tags and the line editor; edit info; edit lines), where a refused
// save keeps what was typed and names the field.
import './support/page-globals.js';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ipcFail } from '../../src-shared/ipc/index.js';
import { QuotationForm, tagsOf } from '../../src-renderer/features/documents/quotation-form.svelte.js';
import { QuotationsState } from '../../src-renderer/features/documents/quotations.svelte.js';
import { FakeBridge, ok, refused } from './support/fake-bridge.js';
import { productSummary } from './support/fixtures.js';
import { invalid } from './support/money-answers.js';
import { listing, quotationDetail } from './support/quotation-answers.js';

vi.mock('../../src-renderer/lib/api.js', () => import('./support/no-page-bridge.js'));

let bridge: FakeBridge;
const today = () => '2026-11-24';

beforeEach(() => {
  bridge = new FakeBridge();
});

describe('QuotationsState: the list', () => {
  it('sends the filter as main takes it, and shows the totals and "page N of M"', async () => {
    bridge.answer('documents.quotations', ok(listing(120)), ok(listing(120, 50)));
    const state = new QuotationsState(bridge, today);
    await state.applyFilter({
      statuses: ['Pending', 'Success'],
      dateFrom: ' 2026-11-01 ',
      dateTo: '',
      amountMin: '1,000',
      amountMax: '',
      keyword: 'rice',
      createdBy: 'somchai',
    });
    expect(bridge.argsOf('documents.quotations')[0]).toEqual({
      status: ['Pending', 'Success'],
      dateFrom: '2026-11-01',
      amountMin: 1000,
      keyword: 'rice',
      createdBy: 'somchai',
      offset: 0,
      limit: 50,
    });
    expect(state.totals).toEqual({ count: 120, amount: 12_000 });
    expect([state.pageNumber, state.pageCount]).toEqual([1, 3]);

    await state.page(1);
    expect(bridge.argsOf('documents.quotations')[1]).toMatchObject({ offset: 50 });
    expect(state.pageNumber).toBe(2);
    state.move(5);
    expect(state.selected).toBe(5);
  });

  it('names a refused filter by its field and keeps the rows of the last good one', async () => {
    bridge.answer('documents.quotations', ok(listing(3)), invalid('amountMin', 'must be a number'));
    const state = new QuotationsState(bridge, today);
    await state.load();
    await state.applyFilter({ ...state.filter, amountMin: 'abc' });
    expect(bridge.argsOf('documents.quotations')[1]?.amountMin).toBe('abc');
    expect(state.issues.get('amountMin')?.message).toBe('must be a number');
    expect(state.items).toHaveLength(3);
    expect(state.filter.amountMin).toBe('abc');
  });
});

describe('QuotationsState: the opened quotation', () => {
  async function opened() {
    bridge
      .answer('documents.quotations', ok(listing(1)))
      .answer('documents.quotation', ok(quotationDetail(1)));
    const state = new QuotationsState(bridge, today);
    await state.load();
    await state.open(1);
    return state;
  }

  it('approves on the date typed (today proposed) and shows the detail main answers', async () => {
    const state = await opened();
    const approved = quotationDetail(1, { status: 'Success', approveDate: '2026-11-20' });
    bridge.answer('documents.approveQuotation', invalid('date', 'must be yyyy-MM-dd'), ok(approved));
    state.startApprove();
    expect(state.approveDate).toBe('2026-11-24');
    state.setApproveDate('20/11/2026');
    expect(await state.approve()).toBe(false);
    expect(state.actionIssues.get('date')?.message).toBe('must be yyyy-MM-dd');
    expect(state.approveDate).toBe('20/11/2026');

    state.setApproveDate('2026-11-20');
    expect(state.actionIssues.size).toBe(0);
    expect(await state.approve()).toBe(true);
    expect(bridge.argsOf('documents.approveQuotation')).toEqual([
      { id: 1, date: '20/11/2026' },
      { id: 1, date: '2026-11-20' },
    ]);
    expect(state.detail?.status).toBe('Success');
  });

  it("keeps main's reason when a void is refused with no field to blame", async () => {
    const state = await opened();
    bridge.answer(
      'documents.voidQuotation',
      ipcFail('conflict', 'Quotation PC1-Q0001 is already void.', { reason: 'voided' }),
    );
    expect(await state.void()).toBe(false);
    expect(state.failure).toMatchObject({ code: 'conflict', reason: 'voided' });
    expect(state.detail?.status).toBe('Pending');
  });

  it('adds a tag as typed (cleared once added) and removes one', async () => {
    const state = await opened();
    bridge
      .answer(
        'documents.addQuotationTag',
        invalid('tag', 'is required'),
        ok(quotationDetail(1, { tags: ['vip'] })),
      )
      .answer('documents.removeQuotationTag', ok(quotationDetail(1)));
    state.setTagText('   ');
    expect(await state.addTag()).toBe(false);
    expect(state.actionIssues.has('tag')).toBe(true);
    state.setTagText(' vip ');
    expect(await state.addTag()).toBe(true);
    expect(state.tagText).toBe('');
    expect(state.detail?.tags).toEqual(['vip']);
    expect(await state.removeTag('vip')).toBe(true);
    expect(bridge.argsOf('documents.addQuotationTag').at(-1)).toEqual({ id: 1, tag: 'vip' });
    expect(bridge.argsOf('documents.removeQuotationTag')).toEqual([{ id: 1, tag: 'vip' }]);
  });

  it('says what failed when the quotation cannot be read', async () => {
    bridge.answer('documents.quotation', refused('not-found', 'There is no quotation 9 on this PC.'));
    const state = new QuotationsState(bridge, today);
    await state.open(9);
    expect(state.detail).toBeNull();
    expect(state.detailError).toEqual({
      sentence: 'What this names is no longer there. Reload the page, then try again.',
      details: 'There is no quotation 9 on this PC.',
    });
  });
});

describe('QuotationForm', () => {
  const preview = quotationDetail(1).figures;

  it('proposes the number, takes a picked customer, tags and scanned lines, and creates', async () => {
    const contact = {
      ...quotationDetail(7).customer,
      id: 7,
      code: 'C7',
      name: 'Mae Noi',
      phone: '081',
    };
    bridge
      .answer('documents.proposeQuotationNumber', ok({ number: 'PC1-Q0007' }))
      .answer('money.contacts', ok([contact]))
      .answer('catalogue.lookup', ok({ ...productSummary(3), sellprice: 50 }))
      .answer('documents.previewLines', ok(preview))
      .answer('documents.createQuotation', ok(quotationDetail(7)));
    const form = new QuotationForm('new', null, bridge);
    await form.proposeNumber();
    expect(form.values.number).toBe('PC1-Q0007');
    form.setValue('customerText', 'Mae');
    await form.settleSuggestions();
    const found = form.suggestions[0];
    expect(found?.name).toBe('Mae Noi');
    if (found !== undefined) form.pickContact(found);
    form.setValue('salesChannel', 'Shop');
    form.setValue('tags', 'vip, , wholesale ');
    await form.lines?.scan('885000000003');
    await form.lines?.scan('885000000003');
    await form.lines?.settlePreview();

    expect((await form.save())?.id).toBe(7);
    // The proposal kept: no number, main takes this PC's next one as it saves.
    expect(bridge.argsOf('documents.createQuotation')).toEqual([
      {
        customer: { contactId: 7 },
        salesChannel: 'Shop',
        reference: '',
        description: '',
        tags: ['vip', 'wholesale'],
        lines: [
          {
            productId: 3,
            sku: productSummary(3).sku,
            name: productSummary(3).name,
            unitText: productSummary(3).unittext,
            quantity: 2,
            unitPrice: 50,
            discount: '',
          },
        ],
        vatType: 'noVat',
        discount: '',
        shippingAmount: 0,
        shippingVat: false,
      },
    ]);
  });

  it('names a refused number, keeps everything typed, and the next save sends the fix', async () => {
    bridge
      .answer('documents.proposeQuotationNumber', ok({ number: 'PC1-Q0001' }))
      .answer('money.contacts', ok([]))
      .answer('catalogue.lookup', ok(productSummary(3)))
      .answer('documents.previewLines', ok(preview))
      .answer(
        'documents.createQuotation',
        invalid('number', 'SHOW-1 is already used'),
        ok(quotationDetail(2)),
      );
    const form = new QuotationForm('new', null, bridge);
    await form.proposeNumber();
    form.setValue('number', 'SHOW-1');
    form.setValue('customerText', 'Walk-in');
    await form.lines?.scan('x');
    expect(await form.save()).toBeNull();
    expect(form.issues.get('number')?.message).toContain('already used');
    expect(form.values).toMatchObject({ number: 'SHOW-1', customerText: 'Walk-in' });
    expect(form.lines?.lines).toHaveLength(1);

    form.setValue('number', 'SHOW-1A');
    expect(form.issues.size).toBe(0);
    expect(await form.save()).not.toBeNull();
    expect(bridge.argsOf('documents.createQuotation').at(-1)).toMatchObject({
      number: 'SHOW-1A',
      customer: { name: 'Walk-in' },
    });
  });

  it('leaves a kept proposal for main to take as it saves, and sends a typed number as typed', async () => {
    bridge
      .answer('documents.proposeQuotationNumber', ok({ number: 'PC1-Q0003' }))
      .answer('catalogue.lookup', ok(productSummary(3)))
      .answer('documents.previewLines', ok(preview))
      .answer('documents.createQuotation', ok(quotationDetail(3)));
    const saveWith = async (number: string | null) => {
      const form = new QuotationForm('new', null, bridge);
      await form.proposeNumber();
      if (number !== null) form.setValue('number', number);
      await form.lines?.scan('x');
      await form.lines?.settlePreview();
      expect(await form.save()).not.toBeNull();
      return bridge.argsOf('documents.createQuotation').at(-1);
    };
    // Another form may save PC1-Q0003 first: main then gives this one the next number.
    expect(await saveWith(null)).not.toHaveProperty('number');
    // Typed back to the proposal: still the proposal.
    expect(await saveWith(' PC1-Q0003 ')).not.toHaveProperty('number');
    expect(await saveWith(' SHOW-7 ')).toMatchObject({ number: 'SHOW-7' });
    // A cleared field is sent as it is, for main to name it.
    expect(await saveWith('')).toMatchObject({ number: '' });
  });

  it('shows "at least one line" from the first save of an empty new quotation', async () => {
    bridge.answer('documents.createQuotation', invalid('lines', 'needs at least one line'));
    const form = new QuotationForm('new', null, bridge);
    expect(form.issues.size).toBe(0);
    expect(await form.save()).toBeNull();
    expect(form.issues.has('lines')).toBe(true);
  });

  it('edits the info of a saved quotation, starting from what it holds', async () => {
    bridge.answer('documents.editQuotationInfo', ok(quotationDetail(1, { reference: 'PO-9' })));
    const form = new QuotationForm('info', quotationDetail(1, { salesChannel: 'Line' }), bridge);
    expect(form.lines).toBeNull();
    form.setValue('reference', 'PO-9');
    await form.save();
    expect(bridge.argsOf('documents.editQuotationInfo')).toEqual([
      {
        id: 1,
        number: 'PC1-Q0001',
        date: '2026-11-24',
        customer: { name: 'Khun Somchai' },
        salesChannel: 'Line',
        reference: 'PO-9',
        description: '',
      },
    ]);
  });

  it('edits the lines from the quotation’s own, and names a refused quantity by line', async () => {
    bridge
      .answer('documents.previewLines', ok(preview))
      .answer('documents.editQuotation', invalid('lines.0.quantity', 'must be more than 0'));
    const form = new QuotationForm('lines', quotationDetail(1), bridge);
    await form.lines?.settlePreview();
    expect(form.lines?.lines.map((line) => line.quantity)).toEqual(['2']);
    form.lines?.setLine(0, 'quantity', '0');
    expect(await form.save()).toBeNull();
    // Refused by the one rule of typed numbers before main is asked: nothing is sent or queued.
    expect(bridge.argsOf('documents.editQuotation')).toEqual([]);
    expect(form.issues.get('lines.0.quantity')?.message).toBe('must be more than 0');
    expect(form.lines?.lines[0]?.quantity).toBe('0');
  });

  it('splits tags on commas', () => {
    expect(tagsOf(' a, b ,, c ')).toEqual(['a', 'b', 'c']);
  });
});
