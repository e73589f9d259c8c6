import { describe, expect, it } from 'vitest';
import { normaliseScannedCode } from '../../../src-shared/barcode/index.js';

describe('normaliseScannedCode', () => {
  it('removes the control characters scanners add around and inside a code', () => {
    expect(normaliseScannedCode('\u0002ABC-123\u0003\r\n')).toBe('ABC-123');
    expect(normaliseScannedCode('885\u001d1234')).toBe('8851234');
    expect(normaliseScannedCode('\u007fX1\u0000')).toBe('X1');
  });

  it('trims surrounding whitespace and keeps the case and the text inside', () => {
    expect(normaliseScannedCode('  sku-a1\t')).toBe('sku-a1');
    expect(normaliseScannedCode('AbC dEf')).toBe('AbC dEf');
    expect(normaliseScannedCode('\u00a0สินค้า-01 ')).toBe('สินค้า-01');
    expect(normaliseScannedCode('\r\n')).toBe('');
  });
});
