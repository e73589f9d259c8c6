// The code index's packed storage in the page (features/counting/packed-codes.ts): every code given in
// pages, as counting.codeIndex gives them (key order), comes back exactly as it went in, whatever its
// key's shape; a code not given is not found; keys out of order or given twice still resolve, the
// later one winning.
import { describe, expect, it } from 'vitest';
import type { IndexedCode } from '../../src-shared/ipc/index.js';
import { PackedCodes } from '../../src-renderer/features/counting/packed-codes.js';

function code(key: string, id: number, extra: Partial<IndexedCode> = {}): IndexedCode {
  return {
    key,
    units: 1,
    packCode: null,
    product: {
      id,
      sku: `SKU-${id}`,
      barcode: key,
      name: id % 2 === 0 ? `น้ำปลาแท้ ตราปลาหมึก ${id}` : `Fish sauce ${id}`,
      unittext: id % 3 === 0 ? 'ขวด' : '',
      purchaseprice: id * 1.25,
    },
    expected: id % 7 === 0 ? -2.5 : id * 3,
    ...extra,
  };
}

/** Main's order: plain string (byte) order of the keys. */
const inKeyOrder = (codes: IndexedCode[]) => [...codes].sort((a, b) => (a.key < b.key ? -1 : 1));

describe('packed code index', () => {
  it('gives back every code of every shape exactly as given, page by page', () => {
    const codes: IndexedCode[] = [];
    for (let id = 1; id <= 3000; id += 1) {
      const ean = String(8850000000000 + id * 7919);
      codes.push(code(ean, id));
    }
    codes.push(code('12345678', 5001), code('0012345', 5002), code('7', 5003));
    codes.push(code('99999999999999', 5004), code('1234567890123456789', 5005), code('ALIAS-01', 5006));
    codes.push(
      code('18850000000017', 5007, {
        units: 24,
        packCode: '18850000000017',
        product: { ...code('x', 5007).product, barcode: '8850000000010' },
      }),
    );
    const ordered = inKeyOrder(codes);
    const packed = new PackedCodes();
    for (let start = 0; start < ordered.length; start += 500) {
      packed.add(ordered.slice(start, start + 500));
      // Each page is found as soon as it is kept.
      for (const given of ordered.slice(0, start + 500)) {
        if (given.product.id % 97 === 0) expect(packed.find(given.key)).toEqual(given);
      }
    }
    expect(packed.size).toBe(codes.length);
    for (const given of codes) expect(packed.find(given.key)).toEqual(given);
    for (const absent of [
      '8850000007918',
      '12345679',
      '012345',
      '0007',
      '',
      'ALIAS-02',
      '1234567890123456788',
    ]) {
      expect(packed.find(absent)).toBeUndefined();
    }
  });

  it('finds keys that came out of order, and the later of a key given twice', () => {
    const packed = new PackedCodes();
    packed.add([code('5000000000005', 1), code('5000000000009', 2)]);
    packed.add([code('5000000000001', 3), code('5000000000009', 4), code('5000000000010', 5)]);
    expect(packed.find('5000000000005')?.product.id).toBe(1);
    expect(packed.find('5000000000001')?.product.id).toBe(3);
    expect(packed.find('5000000000009')?.product.id).toBe(4);
    expect(packed.find('5000000000010')?.product.id).toBe(5);
  });
});
