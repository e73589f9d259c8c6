// A quotation and a return purchase order made on this PC print from the local copy (no back office
// read): the seller, the party, the lines and figures the page showed, a return's payments; a draft
// until its create is sent, then not. Real SQLite, the real sandbox over loopback, the real outbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callContract } from '../../src-shared/ipc/index.js';
import { startPrintingFixture, type PrintingFixture } from './support/printing-fixture.js';

describe('quotations and returns printed from the local copy', () => {
  let p: PrintingFixture;
  beforeAll(async () => {
    p = await startPrintingFixture();
  });
  afterAll(() => p.m.close());

  it('a quotation prints as a draft with its lines and figures, then as sent', async () => {
    const [first, second] = p.products;
    if (first === undefined || second === undefined) throw new Error('two products');
    const made = p.documents.create(
      callContract['documents.createQuotation'].args.parse({
        number: p.documents.proposeNumber().number,
        date: '2026-11-21',
        customer: { name: 'Somchai Trading', phone: '081-234-5678', branchName: 'สำนักงานใหญ่' },
        reference: 'Q-REF-7',
        lines: [
          {
            productId: first.id,
            sku: first.sku,
            name: first.name,
            quantity: 2,
            unitPrice: 120,
            discount: '10%',
          },
          { productId: second.id, sku: second.sku, name: second.name, quantity: 1, unitPrice: 45.5 },
        ],
        vatType: 'excludeVat',
        shippingAmount: 50,
      }),
    );
    const printed = p.printing.quotation(made.id);
    expect(callContract['print.quotation'].result.parse(printed)).toEqual(printed);
    expect(printed).toMatchObject({
      kind: 'quotation',
      title: 'quotation',
      number: made.number,
      date: '2026-11-21',
      status: 'Pending',
      draft: true,
      seller: p.merchant.seller('Profile name'),
      party: { name: 'Somchai Trading', phone: '081-234-5678', branch: 'สำนักงานใหญ่' },
      reference: 'Q-REF-7',
      vatType: 'excludeVat',
      shipping: 50,
      pretax: made.figures.amountPretax,
      vat: made.figures.vatAmount,
      total: made.figures.amount,
      payments: [],
      paid: 0,
    });
    // 2 × 120 less 10% a unit = 216, and 45.50.
    expect(
      printed.lines.map((line) => [line.code, line.quantity, line.unitPrice, line.discount, line.amount]),
    ).toEqual([
      [first.sku, 2, 120, '10%', 216],
      [second.sku, 1, 45.5, '', 45.5],
    ]);
    expect(printed.subtotal).toBe(261.5);

    await p.m.outbox.drain();
    expect(p.documents.detail(made.id).sendState).toBe('sent');
    expect(p.printing.quotation(made.id).draft).toBe(false);
  });

  it('a return prints as a draft with its supplier, lines and payment, then as sent', async () => {
    const [product] = p.products;
    const method = p.m.methods[0];
    if (product === undefined || method === undefined) throw new Error('a product and a payment method');
    const made = p.returns.service.create(
      callContract['returns.create'].args.parse({
        number: p.returns.service.newNumber().number,
        date: '2026-11-22',
        warehouseCode: 'W0001',
        supplier: { name: 'Siam Supplies', phone: '02-111-2222' },
        lines: [{ productId: product.id, sku: product.sku, name: product.name, quantity: 3, unitPrice: 20 }],
        payment: { methodId: method.id, amount: 25, paidAt: '2026-11-22 09:30' },
      }),
    );
    const printed = p.printing.returnPurchaseOrder(made.id);
    expect(callContract['print.returnPurchaseOrder'].result.parse(printed)).toEqual(printed);
    expect(printed).toMatchObject({
      kind: 'returnPurchaseOrder',
      title: 'returnPurchaseOrder',
      number: made.number,
      date: '2026-11-22',
      status: 'Pending',
      draft: true,
      party: { name: 'Siam Supplies', phone: '02-111-2222' },
      subtotal: 60,
      total: made.amount,
      paid: 25,
      payments: [{ method: method.name, amount: 25, paidAt: '2026-11-22 09:30' }],
    });
    expect(printed.lines).toEqual([
      expect.objectContaining({
        code: product.sku,
        name: product.name,
        quantity: 3,
        unitPrice: 20,
        amount: 60,
      }),
    ]);

    await p.m.outbox.drain();
    expect(p.returns.service.detail(made.id).sendState).toBe('sent');
    expect(p.printing.returnPurchaseOrder(made.id).draft).toBe(false);
  });

  it('an unknown quotation or return is not found', () => {
    expect(() => p.printing.quotation(999_999)).toThrow();
    expect(() => p.printing.returnPurchaseOrder(999_999)).toThrow();
  });
});
