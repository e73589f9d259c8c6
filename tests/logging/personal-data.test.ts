// Personal data in refusal texts bound for the log: e-mail addresses, Thai phone numbers and Thai tax
// ids are masked; barcodes (EAN-13 has 13 digits too) are kept unless their digits pass the tax-id
// check and nothing labels them (the choice is documented in src-main/logging/personal-data.ts).
import { describe, expect, it } from 'vitest';
import { createFailure } from '../../src-main/backoffice/failure.js';
import { createLogger, createRedactor } from '../../src-main/logging/index.js';
import {
  maskPersonalData,
  MASKED_EMAIL,
  MASKED_PHONE,
  MASKED_TAX_ID,
  passesThaiTaxIdCheck,
} from '../../src-main/logging/personal-data.js';

/** Passes the Thai tax-id check; not a valid EAN-13. */
const TAX_ID = '1101700203450';
/** A valid EAN-13 (Thai prefix 885) whose digits fail the tax-id check. */
const BARCODE = '8850999220000';
/** A valid EAN-13 whose digits also pass the tax-id check: only a label tells them apart. */
const BOTH = '8850000000041';

describe('passesThaiTaxIdCheck', () => {
  it('checks the 13th digit against the weighted sum of the first twelve', () => {
    expect(passesThaiTaxIdCheck(TAX_ID)).toBe(true);
    expect(passesThaiTaxIdCheck('1101700203451')).toBe(false);
    expect(passesThaiTaxIdCheck(BARCODE)).toBe(false);
    expect(passesThaiTaxIdCheck(BOTH)).toBe(true);
    expect(passesThaiTaxIdCheck('110170020345')).toBe(false);
  });
});

describe('maskPersonalData', () => {
  it('masks e-mail addresses', () => {
    expect(maskPersonalData('contactemail somchai.k+shop@mail.example.co.th already used')).toBe(
      `contactemail ${MASKED_EMAIL} already used`,
    );
  });

  it('masks Thai phone numbers written as people write them', () => {
    for (const phone of [
      '0812345678',
      '081-234-5678',
      '081 234 5678',
      '02-123-4567',
      '+66 81 234 5678',
      '+66812345678',
    ])
      expect(maskPersonalData(`Invalid contactphone ${phone}.`)).toBe(
        `Invalid contactphone ${MASKED_PHONE}.`,
      );
  });

  it('masks a 13-digit tax id by its check digit, run together or grouped as the ID card prints it', () => {
    expect(maskPersonalData(`Contact ${TAX_ID} exists`)).toBe(`Contact ${MASKED_TAX_ID} exists`);
    expect(maskPersonalData('id 1-1017-00203-45-0 exists')).toBe(`id ${MASKED_TAX_ID} exists`);
    expect(maskPersonalData('id 1 1017 00203 45 0 exists')).toBe(`id ${MASKED_TAX_ID} exists`);
  });

  it('masks 13 digits after a tax word whatever they are (a mistyped tax id is still one)', () => {
    expect(maskPersonalData(`contactidnumber ${BARCODE} is not valid`)).toBe(
      `contactidnumber ${MASKED_TAX_ID} is not valid`,
    );
    expect(maskPersonalData(`เลขประจำตัวผู้เสียภาษี ${BARCODE} ซ้ำ`)).toBe(`เลขประจำตัวผู้เสียภาษี ${MASKED_TAX_ID} ซ้ำ`);
  });

  it('keeps a barcode: digits that fail the tax-id check, or any 13 digits after a barcode word', () => {
    expect(maskPersonalData(`Product ${BARCODE} is not found`)).toBe(`Product ${BARCODE} is not found`);
    expect(maskPersonalData(`barcode ${BOTH} already used`)).toBe(`barcode ${BOTH} already used`);
    expect(maskPersonalData(`บาร์โค้ด ${BOTH} ซ้ำ`)).toBe(`บาร์โค้ด ${BOTH} ซ้ำ`);
    // Unlabelled and passing the check: masked, the safer mistake.
    expect(maskPersonalData(`Product ${BOTH} is not found`)).toBe(`Product ${MASKED_TAX_ID} is not found`);
  });

  it('lets the nearest label decide when a text has both', () => {
    expect(maskPersonalData(`tax id ${TAX_ID}, barcode ${BOTH}`)).toBe(
      `tax id ${MASKED_TAX_ID}, barcode ${BOTH}`,
    );
    expect(maskPersonalData(`barcode ${BOTH} of taxid ${BOTH}`)).toBe(
      `barcode ${BOTH} of taxid ${MASKED_TAX_ID}`,
    );
  });

  it('leaves figures, dates, skus, other digit runs and secrets markers alone', () => {
    const plain =
      'UpdateProductStockList: SKU-000001 in W0002 stock 1,250.00 at 2025-06-10 10:30 (uniquenumber ' +
      '20250610103000123, EAN-8 96385074, UPC 036000291452, id 4711) [redacted]@host';
    expect(maskPersonalData(plain)).toBe(plain);
  });

  it('masks each kind in one text', () => {
    expect(
      maskPersonalData(`Contact exists: taxid ${TAX_ID}, tel 089-999-0000, mail a@b.co (product ${BARCODE})`),
    ).toBe(
      `Contact exists: taxid ${MASKED_TAX_ID}, tel ${MASKED_PHONE}, mail ${MASKED_EMAIL} (product ${BARCODE})`,
    );
  });
});

describe('an error logged with a refusal text', () => {
  it('has the personal data masked in its message, stack and text (a sync failure, a stopped run)', () => {
    const lines: string[] = [];
    const logger = createLogger({
      sinks: [{ write: (line) => void lines.push(line) }],
      redactor: createRedactor(),
    });
    const refusal = `contactidnumber ${TAX_ID} is used by 081-234-5678 (a@b.co), product ${BARCODE}`;
    const error = createFailure('permanent', {
      endpoint: 'AddContact',
      code: '100',
      text: refusal,
      sent: true,
      write: true,
    });
    logger.warn('Sync job failed', { error });
    const [line = ''] = lines;
    for (const value of [TAX_ID, '081-234-5678', 'a@b.co']) expect(line).not.toContain(value);
    const logged = (JSON.parse(line) as { error: Record<string, string> }).error;
    const masked = `contactidnumber ${MASKED_TAX_ID} is used by ${MASKED_PHONE} (${MASKED_EMAIL}), product ${BARCODE}`;
    expect(logged['text']).toBe(masked);
    expect(logged['message']).toContain(masked);
    expect(logged['stack']).toContain(masked);
  });
});
