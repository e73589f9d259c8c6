import { describe, expect, it } from 'vitest';
import { paymentStatus } from '../../../src-shared/money/index.js';

describe('paymentStatus', () => {
  it('is Pending while nothing is paid on a positive amount', () => {
    expect(paymentStatus(100, 0)).toBe('Pending');
    expect(paymentStatus(100, -5)).toBe('Pending');
  });

  it('is Paid within half a satang of the amount', () => {
    expect(paymentStatus(100, 100)).toBe('Paid');
    expect(paymentStatus(100, 99.995)).toBe('Paid');
    expect(paymentStatus(100, 100.004)).toBe('Paid');
    expect(paymentStatus(0.3, 0.1 + 0.2)).toBe('Paid');
    expect(paymentStatus(0, 0)).toBe('Paid');
  });

  it('is Partial Payment below the amount and Excess Payment above it', () => {
    expect(paymentStatus(100, 50)).toBe('Partial Payment');
    expect(paymentStatus(100, 99.99)).toBe('Partial Payment');
    expect(paymentStatus(100, 100.01)).toBe('Excess Payment');
    expect(paymentStatus(0, 10)).toBe('Excess Payment');
  });
});
