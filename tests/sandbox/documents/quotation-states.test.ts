// Quotation states over real HTTP: approve, void, EditQuotationInfo and EditQuotation in every state
// (the refused ones naming the state), repeats changing nothing, tags.
import { beforeAll, describe, expect, it } from 'vitest';
import { createdId, documentsSandboxForFile, line } from './support/documents-sandbox.js';

const s = documentsSandboxForFile();

beforeAll(async () => {
  await s.addProduct('QS-A', 0);
  await s.addProduct('QS-B', 0);
});

async function addQuotation(number: string, extra: Record<string, unknown> = {}): Promise<number> {
  return createdId(
    await s.ok('AddQuotation', {
      body: { number, amount: 200, list: [line('QS-A', 2, 100, 200)], ...extra },
    }),
  );
}

async function quotation(id: number): Promise<Record<string, unknown>> {
  return s.ok('GetQuotationDetail', { query: { id } });
}

describe('ApproveQuotation', () => {
  it('moves Pending to Success with the given approvedate', async () => {
    s.setNow(Date.parse('2026-09-01T03:00:00Z'));
    const id = await addQuotation('QS-APPROVE');
    s.advance(60_000);
    await s.ok('ApproveQuotation', { query: { id, approvedate: '2026-09-03' } });
    expect(await quotation(id)).toMatchObject({
      status: 'Success',
      approvedate: '2026-09-03T00:00:00',
      approvedateString: '2026-09-03',
      updatedatetimeString: '2026-09-01 10:01',
    });
  });

  it('defaults approvedate to today in Thai time', async () => {
    s.setNow(Date.parse('2026-09-01T17:30:00Z')); // 2026-09-02 00:30 Thai
    const id = await addQuotation('QS-APPROVE-TODAY');
    await s.ok('ApproveQuotation', { query: { number: 'QS-APPROVE-TODAY' } });
    expect(await quotation(id)).toMatchObject({ status: 'Success', approvedateString: '2026-09-02' });
  });

  it('accepts approving a Success quotation again and keeps its approvedate', async () => {
    const id = await addQuotation('QS-APPROVE-TWICE');
    await s.ok('ApproveQuotation', { query: { id, approvedate: '2026-09-05' } });
    const again = await s.ok('ApproveQuotation', { query: { id, approvedate: '2026-09-09' } });
    expect(again['resDesc']).toContain('already Success');
    expect(await quotation(id)).toMatchObject({ status: 'Success', approvedateString: '2026-09-05' });
  });

  it('refuses approving a Voided quotation, naming the state; refuses a malformed approvedate', async () => {
    const id = await addQuotation('QS-APPROVE-VOIDED');
    await s.refusedField('ApproveQuotation', { query: { id, approvedate: '2026-9-5' } }, 'approvedate');
    await s.ok('VoidQuotation', { query: { id } });
    await s.refused('ApproveQuotation', { query: { id } }, '100', 'QS-APPROVE-VOIDED is Voided');
    expect(await quotation(id)).toMatchObject({ status: 'Voided', approvedate: '' });
  });
});

describe('VoidQuotation', () => {
  it('voids Pending and Success quotations; the approval date of a voided approved one stays', async () => {
    const pending = await addQuotation('QS-VOID-P');
    const approved = await addQuotation('QS-VOID-S', { status: 'Success' });
    await s.ok('VoidQuotation', { query: { id: pending } });
    await s.ok('VoidQuotation', { query: { number: 'QS-VOID-S' } });
    expect(await quotation(pending)).toMatchObject({ status: 'Voided', approvedate: '' });
    expect(await quotation(approved)).toMatchObject({
      status: 'Voided',
      approvedateString: expect.stringMatching(/^2026-/),
    });
  });

  it('accepts voiding a Voided quotation again and changes nothing', async () => {
    const id = await addQuotation('QS-VOID-TWICE');
    await s.ok('VoidQuotation', { query: { id } });
    const before = await quotation(id);
    s.advance(60_000);
    const again = await s.ok('VoidQuotation', { query: { id } });
    expect(again['resDesc']).toContain('already Voided');
    expect(await quotation(id)).toEqual(before);
  });

  it('answers Invalid ID. for an unknown quotation', async () => {
    await s.refused('VoidQuotation', { query: { id: 313131 } }, '100', 'Invalid ID.');
  });
});

describe('EditQuotationInfo', () => {
  it('changes the given header fields and tags, keeps the omitted ones, and leaves money alone', async () => {
    s.setNow(Date.parse('2026-09-10T03:00:00Z'));
    const id = await addQuotation('QS-INFO', {
      customername: 'Old',
      reference: 'R-1',
      saleschannel: 'LINE',
      tag: ['a'],
    });
    s.advance(2 * 60_000);
    await s.ok('EditQuotationInfo', {
      query: { id },
      body: {
        number: 'QS-INFO-2',
        customername: 'New',
        customerphone: '099',
        quotationdate: '2026-09-20',
        tag: ['b', 'c'],
      },
    });
    expect(await quotation(id)).toMatchObject({
      number: 'QS-INFO-2',
      customername: 'New',
      customerphone: '099',
      reference: 'R-1',
      saleschannel: 'LINE',
      quotationdateString: '2026-09-20',
      tag: ['b', 'c'],
      amount: 200,
      updatedatetimeString: '2026-09-10 10:02',
    });
  });

  it('is accepted on a Success quotation (header data only) and refused on a Voided one', async () => {
    const approved = await addQuotation('QS-INFO-S', { status: 'Success' });
    await s.ok('EditQuotationInfo', { query: { id: approved }, body: { customeraddress: 'ที่อยู่ใหม่' } });
    expect(await quotation(approved)).toMatchObject({ status: 'Success', customeraddress: 'ที่อยู่ใหม่' });
    const voided = await addQuotation('QS-INFO-V');
    await s.ok('VoidQuotation', { query: { id: voided } });
    await s.refused(
      'EditQuotationInfo',
      { query: { id: voided }, body: { customername: 'x' } },
      '100',
      'QS-INFO-V is Voided',
    );
    expect(await quotation(voided)).toMatchObject({ customername: '' });
  });

  it('refuses a blank number or malformed date naming the field', async () => {
    const id = await addQuotation('QS-INFO-BAD');
    await s.refusedField('EditQuotationInfo', { query: { id }, body: { number: '  ' } }, 'number');
    await s.refusedField('EditQuotationInfo', { query: { id }, body: { number: '' } }, 'number');
    await s.refusedField(
      'EditQuotationInfo',
      { query: { id }, body: { quotationdate: 'tomorrow' } },
      'quotationdate',
    );
    expect(await quotation(id)).toMatchObject({ number: 'QS-INFO-BAD' });
  });
});

describe('EditQuotation', () => {
  it('replaces lines and money, recomputing every figure', async () => {
    const id = await addQuotation('QS-EDIT', { customername: 'Kept' });
    // Exclude Vat: 3 × 50 = 150 and 1 × 20 = 20, subtotal 170, discount 20 → net 150 → vat 10.50;
    // shipping 30 without vat. amount = 150 + 10.50 + 30 = 190.50.
    await s.ok('EditQuotation', {
      query: { id },
      body: {
        vattype: 2,
        amount: 190.5,
        discount: '20',
        shippingamount: 30,
        list: [line('QS-A', 3, 50, 150), line('QS-B', 1, 20, 20)],
      },
    });
    expect(await quotation(id)).toMatchObject({
      customername: 'Kept',
      vattype: 2,
      amount: 190.5,
      amount_pretax: 180,
      vatamount: 10.5,
      discount: '20',
      discountamount: 20,
      discountamount_vat: 1.4,
      shippingamount: 30,
      shippingvat: 0,
      shippingamount_vat: 0,
      list: [
        expect.objectContaining({ sku: 'QS-A', number: 3, totalprice: 150, totalprice_vat: 10.5 }),
        expect.objectContaining({ sku: 'QS-B', number: 1, totalprice: 20, totalprice_vat: 1.4 }),
      ],
    });
  });

  it('keeps the stored lines when list is omitted and re-prices them under the new vattype', async () => {
    const id = await addQuotation('QS-EDIT-KEEP');
    // The stored 2 × 100 = 200 as Include Vat: pretax 186.92, vat 13.08.
    await s.ok('EditQuotation', { query: { id }, body: { vattype: 3, amount: 200, tag: ['edited'] } });
    expect(await quotation(id)).toMatchObject({
      vattype: 3,
      amount: 200,
      amount_pretax: 186.92,
      vatamount: 13.08,
      tag: ['edited'],
      list: [expect.objectContaining({ sku: 'QS-A', number: 2, totalprice: 200, totalprice_pretax: 186.92 })],
    });
    // vattype and vatamount omitted: the stored Include Vat stays.
    await s.ok('EditQuotation', { query: { id }, body: { amount: 200, description: 'again' } });
    expect(await quotation(id)).toMatchObject({ vattype: 3, vatamount: 13.08, description: 'again' });
  });

  it('refuses money that does not add up, naming the field, and changes nothing', async () => {
    const id = await addQuotation('QS-EDIT-BAD');
    const before = await quotation(id);
    await s.refusedField('EditQuotation', { query: { id }, body: { amount: 201 } }, 'amount');
    await s.refusedField(
      'EditQuotation',
      { query: { id }, body: { amount: 10, list: [line('QS-A', 1, 10, 11)] } },
      'list[0].totalprice',
    );
    await s.refusedField(
      'EditQuotation',
      { query: { id }, body: { amount: 10, list: [line('NOPE', 1, 10, 10)] } },
      'list[0].sku',
    );
    await s.refusedField('EditQuotation', { query: { id }, body: { customername: 'x' } }, 'amount');
    expect(await quotation(id)).toEqual(before);
  });

  it('refuses editing a Success or Voided quotation, naming the state', async () => {
    const approved = await addQuotation('QS-EDIT-S', { status: 'Success' });
    await s.refused(
      'EditQuotation',
      { query: { id: approved }, body: { amount: 200 } },
      '100',
      'QS-EDIT-S is Success',
    );
    const voided = await addQuotation('QS-EDIT-V');
    await s.ok('VoidQuotation', { query: { id: voided } });
    await s.refused(
      'EditQuotation',
      { query: { id: voided }, body: { amount: 200 } },
      '100',
      'QS-EDIT-V is Voided',
    );
  });

  it('edits the newest quotation of a shared number', async () => {
    const older = await addQuotation('QS-EDIT-N');
    const newer = await addQuotation('QS-EDIT-N');
    await s.ok('EditQuotation', {
      query: { number: 'QS-EDIT-N' },
      body: { amount: 100, list: [line('QS-B', 1, 100, 100)] },
    });
    expect(await quotation(newer)).toMatchObject({ amount: 100 });
    expect(await quotation(older)).toMatchObject({ amount: 200 });
  });
});

describe('AddQuotationTag and DeleteQuotationTag', () => {
  it('adds and removes tags, treating repeats and missing tags as no change', async () => {
    const id = await addQuotation('QS-TAGS', { tag: ['first'] });
    await s.ok('AddQuotationTag', { query: { id, tag: 'second' } });
    expect((await s.ok('AddQuotationTag', { query: { id, tag: 'first' } }))['resDesc']).toContain(
      'already on it',
    );
    expect(await quotation(id)).toMatchObject({ tag: ['first', 'second'] });
    expect((await s.ok('DeleteQuotationTag', { query: { id, tag: 'ghost' } }))['resDesc']).toContain(
      'is not on it',
    );
    await s.ok('DeleteQuotationTag', { query: { number: 'QS-TAGS', tag: 'first' } });
    expect(await quotation(id)).toMatchObject({ tag: ['second'] });
  });

  it('refuses a blank or missing tag naming tag, and an unknown quotation with Invalid ID.', async () => {
    const id = await addQuotation('QS-TAGS-BAD');
    await s.refusedField('AddQuotationTag', { query: { id, tag: ' ' } }, 'tag');
    await s.refusedField('DeleteQuotationTag', { query: { id } }, 'tag');
    await s.refused('AddQuotationTag', { query: { number: 'NOPE', tag: 'x' } }, '100', 'Invalid ID.');
  });
});
