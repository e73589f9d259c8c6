// Printed documents from real data: an income made on this PC (real SQLite, the real sandbox over
// loopback) prints with the cached merchant profile, its lines, discount, VAT breakdown and payments,
// as a draft until its create is sent; a title of the other kind is refused on `title`. Quotations and
// return purchase orders print from their v4 details as the sandbox answers GetQuotationDetail and
// GetReturnPurchaseOrderDetail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogueRepository } from '../../src-main/catalog/catalogue.repository.js';
import type { MerchantProfileReader, PrintingService } from '../../src-main/printing/index.js';
import { isRefusal } from '../../src-main/refusal/refusal.js';
import { callContract } from '../../src-shared/ipc/index.js';
import { quotationPrintable, returnPurchaseOrderPrintable } from '../../src-shared/printing/index.js';
import type { MoneyFixture } from '../money/support/money-fixture.js';
import { startPrintingFixture } from './support/printing-fixture.js';

describe('printed documents', () => {
  let m: MoneyFixture;
  let printing: PrintingService;
  let merchant: MerchantProfileReader;

  beforeAll(async () => {
    ({ m, merchant, printing } = await startPrintingFixture());
  });
  afterAll(() => m.close());

  it('the seller is the cached merchant profile, or the store profile name before it is pulled', async () => {
    expect(merchant.seller('Profile name')).toEqual({
      name: 'Profile name',
      address: '',
      taxId: '',
      phone: '',
      email: '',
    });
    const profile = await m.fx.client().call('GetMerchantProfile');
    new CatalogueRepository(m.fx.db).setMerchantProfile(profile);
    expect(merchant.seller('Profile name')).toEqual({
      name: profile.name,
      address: profile.address,
      taxId: profile.taxid,
      phone: profile.phone,
      email: profile.email,
    });
    expect(profile.taxid).not.toBe('');
  });

  it('an income made here prints as a draft receipt with its figures, then as sent', async () => {
    const cash = m.methods[0];
    if (cash === undefined) throw new Error('the sandbox has no payment method');
    const created = m.money.create(
      callContract['money.create'].args.parse({
        kind: 'income',
        date: '2026-11-20',
        vatType: 'excludeVat',
        discount: '10%',
        reference: 'RC-2026-0042',
        contact: {
          name: 'บริษัท ทดสอบ จำกัด',
          idNumber: '0105551234567',
          address: '1 ถนนสุขุมวิท กรุงเทพฯ',
          branchName: 'สำนักงานใหญ่',
          branchNo: '00000',
        },
        lines: [
          { name: 'ข้าวหอมมะลิ 5 กก.', categoryName: 'อาหาร', totalPrice: 250 },
          { name: 'น้ำปลา', totalPrice: 80.5 },
        ],
        payment: { methodId: cash.id, amount: 100, paidAt: '2026-11-20 10:15' },
      }),
    );
    const printed = printing.moneyRecord({ id: created.id });
    expect(printed).toMatchObject({
      kind: 'income',
      title: 'receipt',
      number: 'RC-2026-0042',
      date: '2026-11-20',
      status: 'Partial Payment',
      draft: true,
      seller: merchant.seller(''),
      party: {
        name: 'บริษัท ทดสอบ จำกัด',
        taxId: '0105551234567',
        address: '1 ถนนสุขุมวิท กรุงเทพฯ',
        branch: 'สำนักงานใหญ่ 00000',
      },
      vatType: 'excludeVat',
      subtotal: 330.5,
      discount: '10%',
      discountAmount: 33.05,
      pretax: created.amountPretax,
      vat: created.vatAmount,
      total: created.amount,
      paid: 100,
      payments: [{ amount: 100, paidAt: '2026-11-20 10:15', method: cash.name }],
    });
    // Exclude VAT: 330.50 − 10% = 297.45 pretax, 7% VAT 20.82, total 318.27 (src-shared/money).
    expect([printed.pretax, printed.vat, printed.total]).toEqual([297.45, 20.82, 318.27]);
    expect(printed.lines).toEqual([
      {
        name: 'ข้าวหอมมะลิ 5 กก.',
        code: 'อาหาร',
        quantity: null,
        unit: '',
        unitPrice: null,
        discount: '',
        amount: 250,
      },
      { name: 'น้ำปลา', code: '', quantity: null, unit: '', unitPrice: null, discount: '', amount: 80.5 },
    ]);
    expect(printing.moneyRecord({ id: created.id, title: 'taxInvoiceReceipt' }).title).toBe(
      'taxInvoiceReceipt',
    );

    await m.outbox.drain();
    expect(printing.moneyRecord({ id: created.id }).draft).toBe(false);
  });

  it('refuses an expense title for an income, naming the field, and an unknown record', () => {
    const created = m.money.create(
      callContract['money.create'].args.parse({ kind: 'income', lines: [{ name: 'x', totalPrice: 1 }] }),
    );
    let refusal: unknown;
    try {
      printing.moneyRecord({ id: created.id, title: 'paymentVoucher' });
    } catch (error) {
      refusal = error;
    }
    expect(isRefusal(refusal) && refusal.code).toBe('invalid-arguments');
    expect(isRefusal(refusal) && refusal.fields.map((issue) => issue.path)).toEqual(['title']);
    expect(() => printing.moneyRecord({ id: 999_999 })).toThrow();
  });

  it('a quotation and a return purchase order print from their v4 details', async () => {
    const client = m.fx.client();
    const seller = merchant.seller('');
    const quotations = await client.call('GetQuotations', { query: { limit: 5 } });
    const quotationId = quotations.list[0]?.id;
    if (quotationId === undefined) throw new Error('the demo store has no quotation');
    const quotation = await client.call('GetQuotationDetail', { id: quotationId });
    const printedQuotation = quotationPrintable(quotation, { seller, draft: false });
    const lines = quotation.list ?? [];
    expect(printedQuotation).toMatchObject({
      kind: 'quotation',
      title: 'quotation',
      number: quotation.number,
      date: quotation.quotationdateString,
      status: quotation.status,
      draft: false,
      seller,
      total: quotation.amount,
      pretax: quotation.amount_pretax,
      vat: quotation.vatamount,
    });
    expect(printedQuotation.party?.name).toBe(quotation.customername);
    expect(printedQuotation.lines.map((line) => [line.code, line.quantity, line.amount])).toEqual(
      lines.map((line) => [line.sku, line.number, line.totalprice]),
    );
    expect(printedQuotation.number).not.toBe('');

    const returns = await client.call('GetReturnPurchaseOrders', { query: { limit: 5 } });
    const returnId = returns.list[0]?.id;
    if (returnId === undefined) throw new Error('the demo store has no return purchase order');
    const order = await client.call('GetReturnPurchaseOrderDetail', { id: returnId });
    const printedReturn = returnPurchaseOrderPrintable(order, { seller, draft: true });
    expect(printedReturn).toMatchObject({
      kind: 'returnPurchaseOrder',
      title: 'returnPurchaseOrder',
      number: order.number,
      date: order.returnpurchaseorderdateString,
      draft: true,
      total: order.amount,
      paid: order.paymentamount ?? 0,
    });
    expect(printedReturn.lines).toHaveLength(order.list?.length ?? 0);
  });
});
