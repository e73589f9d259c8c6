import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  branchNoIssue,
  emailIssue,
  phoneIssue,
  taxIdCheckDigit,
  taxIdIssue,
} from '../../../src-shared/domain/party-checks.js';
import { contactFields } from '../../../src-shared/ipc/schemas/contacts.js';
import { moneyDraft } from '../../../src-shared/ipc/schemas/money.js';
import { returnDraft } from '../../../src-shared/ipc/schemas/returns.js';

/** Twelve digits and their check digit: a tax id that adds up. */
const validTaxId = fc
  .array(fc.integer({ min: 0, max: 9 }), { minLength: 12, maxLength: 12 })
  .map((digits) => digits.join(''))
  .map((first12) => `${first12}${taxIdCheckDigit(first12)}`);

describe('tax ids', () => {
  it('takes the published example and its grouped form, and empty', () => {
    // 1234567890121: the check digit of 123456789012 is 1 (sum 352, 352 mod 11 = 0, 11 - 0 → 1).
    expect(taxIdIssue('1234567890121')).toBeNull();
    expect(taxIdIssue('1-2345-67890-12-1')).toBeNull();
    expect(taxIdIssue(' 1 2345 67890 12 1 ')).toBeNull();
    expect(taxIdIssue('')).toBeNull();
  });

  it('refuses a wrong length, letters, Thai digits and doubled separators', () => {
    for (const typed of ['12345', '12345678901234', '123456789012A', '๑๒๓๔๕๖๗๘๙๐๑๒๑', '1--234567890121'])
      expect(taxIdIssue(typed)).toBe('taxIdDigits');
  });

  it('refuses every other last digit than the check digit', () => {
    fc.assert(
      fc.property(validTaxId, fc.integer({ min: 1, max: 9 }), (taxId, shift) => {
        expect(taxIdIssue(taxId)).toBeNull();
        const wrong = (Number(taxId[12]) + shift) % 10;
        expect(taxIdIssue(`${taxId.slice(0, 12)}${wrong}`)).toBe('taxIdCheckDigit');
      }),
    );
  });
});

describe('branch numbers, phones and e-mails', () => {
  it('takes five digits, 00000 for the head office', () => {
    expect(branchNoIssue('00000')).toBeNull();
    expect(branchNoIssue('00012')).toBeNull();
    for (const typed of ['0', '12', '000001', 'สาขา1', '0001a'])
      expect(branchNoIssue(typed)).toBe('branchNoDigits');
  });

  it('takes Thai landlines, mobiles, +66, extensions and several numbers', () => {
    for (const typed of [
      '02-123-4567',
      '081 234 5678',
      '+66 81 234 5678',
      '(02) 123-4567 ต่อ 12',
      '02 123 4567 ext. 9',
      '081-234-5678, 02-123-4567',
      '081-234-5678 / 089-999-0000',
    ])
      expect(phoneIssue(typed), typed).toBeNull();
  });

  it('refuses words, too few or too many digits and a + inside', () => {
    for (const typed of ['โทร 08x', '1234', '12345678901234567', '081+2345678', 'call me', '081-234-5678,'])
      expect(phoneIssue(typed), typed).toBe('phoneInvalid');
  });

  it('takes addresses and refuses what is not one', () => {
    for (const typed of ['a@example.co.th', 'first.last+tag@shop.example.com', 'ร้าน@ตัวอย่าง.ไทย'])
      expect(emailIssue(typed), typed).toBeNull();
    for (const typed of [
      'not-an-email',
      'a@b',
      'a b@example.com',
      'a@@example.com',
      '.a@example.com',
      'a..b@x.co',
      'a@-x.com',
    ])
      expect(emailIssue(typed), typed).toBe('emailInvalid');
  });
});

describe('main refuses what the page refuses', () => {
  const bad = { idNumber: '12345', phone: 'โทร 08x', email: 'not-an-email', branchNo: '1' };

  it('in a contact, naming each field', () => {
    const parsed = contactFields.safeParse({ code: 'C-001', name: 'Somchai', ...bad });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'branchNo',
      'email',
      'idNumber',
      'phone',
    ]);
    expect(
      contactFields.safeParse({ code: 'C-001', name: 'Somchai', idNumber: '1234567890121' }).success,
    ).toBe(true);
  });

  it("in an income's typed contact and a return's supplier", () => {
    const income = moneyDraft.safeParse({
      kind: 'income',
      contact: { name: 'Walk-in', ...bad },
      lines: [{ name: 'Rice', totalPrice: 10 }],
    });
    expect(income.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'contact.branchNo',
      'contact.email',
      'contact.idNumber',
      'contact.phone',
    ]);
    const order = returnDraft.safeParse({
      warehouseCode: 'WH1',
      supplier: { name: 'Supplier', phone: 'โทร 08x' },
      lines: [{ sku: 'A', name: 'A', quantity: 1, unitPrice: 1 }],
    });
    expect(order.error?.issues.some((issue) => issue.path.join('.') === 'supplier.phone')).toBe(true);
  });
});
