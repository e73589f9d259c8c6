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
import {
  changeWords,
  kindWords,
  productWords,
  reasonWords,
} from '../../src-renderer/features/outbox/outbox-words.js';
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

describe('reasonWords for writes of the table', () => {
  const parked = (reasonCode: string) => ({
    reasonCode,
    reasonText: 'main’s English details',
    warehouseCode: null,
    value: null,
    countedAgainst: null,
  });

  it('says what each write reason means in the page’s language, never a generic refusal', () => {
    const codes = [
      'UNCERTAIN_DELTA_WRITE',
      'UNCERTAIN_CREATE',
      'CHANGED_MEANWHILE',
      'CREATE_DISCARDED',
      'CREATE_NOT_FOUND',
      'UPLOAD_MISSING',
    ];
    for (const language of ['en', 'th'] as const) {
      locale.set(language);
      const refused = reasonWords(parked('SOMETHING_ELSE'));
      const words = codes.map((code) => reasonWords(parked(code)));
      expect(new Set(words).size).toBe(codes.length);
      for (const text of words) expect(text).not.toBe(refused);
    }
    locale.set('th');
    expect(reasonWords(parked('CHANGED_MEANWHILE'))).toContain('หลังร้าน');
  });
});

describe('kindWords', () => {
  it('names every kind the outbox sends, in both languages', async () => {
    // Main's table, loaded at run time: its types belong to the Node project, not the page's.
    const table = '../../src-main/outbox/writes/write-table.js';
    const { WRITE_KINDS } = (await import(/* @vite-ignore */ table)) as { WRITE_KINDS: readonly string[] };
    const kinds = [
      ...WRITE_KINDS,
      'stockCount',
      'stockChange',
      'productBarcode',
      'addSerialNo',
      'deleteSerialNo',
    ];
    for (const language of ['en', 'th'] as const) {
      locale.set(language);
      const other = kindWords('no such kind');
      for (const kind of kinds) expect(kindWords(kind), kind).not.toBe(other.replace('no such kind', kind));
    }
  });
});
