// A PromptPay payload checked field by field (issue 25): EMVCo merchant-presented mode, dynamic (it
// carries an amount), tag 29 with the PromptPay AID and the id (a phone as 0066…, a tax id as itself),
// TH, THB 764, the amount with two decimals, and tag 63's CRC-16/CCITT-FALSE computed here.
import { expect } from 'vitest';

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF), as EMVCo's tag 63 carries it. */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'ascii')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** An EMVCo payload's top-level fields (id → value), in order. */
export function emvFields(payload: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (let at = 0; at < payload.length;) {
    const id = payload.slice(at, at + 2);
    const length = Number(payload.slice(at + 2, at + 4));
    fields.set(id, payload.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return fields;
}

export function expectPromptPayPayload(payload: string, id: string, amount: number): void {
  const fields = emvFields(payload);
  expect(fields.get('00')).toBe('01');
  expect(fields.get('01')).toBe('12'); // dynamic: it carries an amount
  const merchant = emvFields(fields.get('29') ?? '');
  expect(merchant.get('00')).toBe('A000000677010111');
  expect(merchant.get(id.length === 13 ? '02' : '01')).toBe(id.length === 13 ? id : `0066${id.slice(1)}`);
  expect(fields.get('58')).toBe('TH');
  expect(fields.get('53')).toBe('764');
  expect(fields.get('54')).toBe(amount.toFixed(2));
  expect(payload.slice(-8, -4)).toBe('6304');
  expect(fields.get('63')).toBe(crc16(payload.slice(0, -4)));
}
