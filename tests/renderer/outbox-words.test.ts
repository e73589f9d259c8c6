// The Outbox's words for a row: the product it is about and what it changes. A barcode change names the
// product (its catalogue name with the SKU) and the code given to it; a stock line its figure.
import { describe, expect, it, vi } from 'vitest';

// The page's language lives in lib/i18n, which remembers it in localStorage and on <html lang>: the
// little of both it touches, in Node.
vi.hoisted(() => {
  const stored = new Map<string, string>();
  Object.assign(globalThis, {
    localStorage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
    },
    document: { documentElement: { lang: '' } },
  });
});
import { changeWords, productWords } from '../../src-renderer/features/outbox/outbox-words.js';
import { locale } from '../../src-renderer/lib/i18n.svelte.js';

const NO_NAMES: ReadonlyMap<number, string> = new Map();

describe('productWords', () => {
  it("names a listed row's product by the row's own name and SKU", () => {
    expect(productWords({ productId: 7, sku: 'SKU-7', productName: 'Jasmine rice 5 kg' }, NO_NAMES)).toBe(
      'Jasmine rice 5 kg (SKU-7)',
    );
    expect(productWords({ productId: 7, sku: null, productName: 'Jasmine rice 5 kg' }, NO_NAMES)).toBe(
      'Jasmine rice 5 kg',
    );
  });

  it('falls back to the names looked up, then the SKU, then the id', () => {
    const names = new Map([[7, 'Fish sauce']]);
    expect(productWords({ productId: 7, sku: 'SKU-7', productName: null }, names)).toBe('Fish sauce (SKU-7)');
    expect(productWords({ productId: 8, sku: 'SKU-8', productName: null }, names)).toBe('SKU-8');
    locale.set('en');
    expect(productWords({ productId: 9, sku: null }, names)).toBe('product #9');
  });
});

describe('changeWords', () => {
  it('shows the code of a barcode change, in the page language', () => {
    locale.set('en');
    expect(changeWords({ change: null, value: null, barcode: '8857814815045' })).toBe(
      'barcode 8857814815045',
    );
    locale.set('th');
    expect(changeWords({ change: null, value: null, barcode: '8857814815045' })).toBe('บาร์โค้ด 8857814815045');
    locale.set('en');
  });

  it('shows a stock figure, and nothing for a row with neither', () => {
    locale.set('en');
    expect(changeWords({ change: 'count', value: 12, barcode: null })).toBe('counted 12');
    expect(changeWords({ change: null, value: null, barcode: null })).toBe('');
  });
});
