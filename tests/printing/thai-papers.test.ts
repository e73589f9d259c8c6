// Thai papers from the local copy (issue 25): a quotation prints its validity date (its date plus the
// store's days), its total in Thai words, and — only once the store set a PromptPay id — a PromptPay QR
// payload for its total per EMVCo (merchant-presented, tag 29 with the PromptPay AID and the id, TH,
// THB 764, the amount, a CRC-16/CCITT-FALSE that this test computes itself). A bad PromptPay id is
// refused and the settings stay as they were; a stored row that no longer fits falls back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callContract } from '../../src-shared/ipc/index.js';
import { returnPurchaseOrderPrintable } from '../../src-shared/printing/index.js';
import { thaiTaxIdIsValid } from '../../src-main/printing/index.js';
import { startPrintingFixture, type PrintingFixture } from './support/printing-fixture.js';
import { expectPromptPayPayload } from './support/promptpay-payload.js';

describe('Thai papers', () => {
  let p: PrintingFixture;
  beforeAll(async () => {
    p = await startPrintingFixture();
  });
  afterAll(() => p.m.close());

  function makeQuotation(date: string): number {
    const [first] = p.products;
    if (first === undefined) throw new Error('a product');
    return p.documents.create(
      callContract['documents.createQuotation'].args.parse({
        number: p.documents.proposeNumber().number,
        date,
        customer: { name: 'ร้านสมชาย' },
        lines: [{ productId: first.id, sku: first.sku, name: first.name, quantity: 3, unitPrice: 470.8 }],
        vatType: 'noVat',
      }),
    ).id;
  }

  it('prints the validity date and the total in words; no PromptPay until it is set', () => {
    expect(p.printing.paperSettings()).toEqual({ promptPayId: null, quotationValidDays: 30 });
    const printed = p.printing.quotation(makeQuotation('2026-11-21'));
    expect(callContract['print.quotation'].result.parse(printed)).toEqual(printed);
    expect(printed.total).toBe(1412.4);
    expect(printed.validUntil).toBe('2026-12-21');
    expect(printed.amountInWords).toBe('หนึ่งพันสี่ร้อยสิบสองบาทสี่สิบสตางค์');
    expect(printed.promptPay).toBeUndefined();
  });

  it('adds a PromptPay QR for the total once the store set its id, and the validity it set', () => {
    expect(p.printing.savePaperSettings({ promptPayId: '0812345678', quotationValidDays: 7 })).toEqual({
      promptPayId: '0812345678',
      quotationValidDays: 7,
    });
    const printed = p.printing.quotation(makeQuotation('2026-12-28'));
    expect(printed.validUntil).toBe('2027-01-04');
    expect(printed.promptPay?.amount).toBe(1412.4);
    expectPromptPayPayload(printed.promptPay?.payload ?? '', '0812345678', 1412.4);
    expect(printed.promptPay?.qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);

    p.printing.savePaperSettings({ promptPayId: '0105561234560' });
    expect(thaiTaxIdIsValid('0105561234560')).toBe(true);
    expectPromptPayPayload(
      p.printing.quotation(makeQuotation('2026-12-01')).promptPay?.payload ?? '',
      '0105561234560',
      1412.4,
    );
  });

  it('refuses a PromptPay id that is not one, keeping the settings', () => {
    const before = p.printing.paperSettings();
    for (const bad of ['081-234-5678', '812345678', '1812345678', '0105561234561', '12345678901234']) {
      expect(() => p.printing.savePaperSettings({ promptPayId: bad })).toThrow(
        expect.objectContaining({ code: 'invalid-arguments', reason: 'prompt-pay-id' }),
      );
    }
    expect(p.printing.paperSettings()).toEqual(before);
    p.printing.savePaperSettings({ promptPayId: null });
    expect(p.printing.quotation(makeQuotation('2026-12-01')).promptPay).toBeUndefined();
  });

  it('falls back field by field when the stored row no longer fits', () => {
    p.m.fx.db
      .prepare('UPDATE paper_settings SET settings_json = ?')
      .run(JSON.stringify({ promptPayId: '12', quotationValidDays: 14 }));
    expect(p.printing.paperSettings()).toEqual({ promptPayId: null, quotationValidDays: 14 });
  });

  it('words the total of a return purchase order too', () => {
    const printed = returnPurchaseOrderPrintable(
      { amount: 1281.27 },
      { seller: p.merchant.seller('Profile name'), draft: false },
    );
    expect(printed.amountInWords).toBe('หนึ่งพันสองร้อยแปดสิบเอ็ดบาทยี่สิบเจ็ดสตางค์');
    // A figure that cannot be worded exactly is printed without words, never rounded to fit.
    expect(
      returnPurchaseOrderPrintable({ amount: 1.005 }, { seller: p.merchant.seller(''), draft: false })
        .amountInWords,
    ).toBeUndefined();
  });
});
