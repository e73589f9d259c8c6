// A product's other codes on this PC (features/products/product-codes.svelte.ts) against a fake bridge:
// listed for the product, added (a pack's units sent) and removed through main, a refusal shown in
// main's words, and a codes file read then the list read again; the units a person types, parsed.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  parseUnits,
  ProductCodes,
  type CodeAlias,
} from '../../src-renderer/features/products/product-codes.svelte.js';
import { FakeBridge, ok, refused } from './support/fake-bridge.js';

vi.mock('../../src-renderer/lib/api.js', () => import('./support/no-page-bridge.js'));

function alias(code: string, units: number): CodeAlias {
  return { code, productId: 7, sku: 'SKU-7', name: 'Rice', units, createdAt: 1 };
}

let bridge: FakeBridge;

beforeEach(() => {
  bridge = new FakeBridge().answer('catalogue.aliases', ok([alias('OLD-1', 1)]));
});

describe('ProductCodes', () => {
  it("lists the product's codes, adds a pack and removes a code", async () => {
    const codes = new ProductCodes(7, bridge);
    await codes.load();
    expect(bridge.argsOf('catalogue.aliases')).toEqual([{ productId: 7 }]);
    bridge.answer('catalogue.addAlias', ok(alias('18850000000017', 24)));
    bridge.answer('catalogue.removeAlias', ok({ removed: true }));

    expect(await codes.add('18850000000017', 24)).toBe(true);
    expect(bridge.argsOf('catalogue.addAlias')).toEqual([
      { productId: 7, code: '18850000000017', units: 24 },
    ]);
    expect(codes.codes.map((code) => [code.code, code.units])).toEqual([
      ['OLD-1', 1],
      ['18850000000017', 24],
    ]);

    expect(await codes.remove('OLD-1')).toBe(true);
    expect(bridge.argsOf('catalogue.removeAlias')).toEqual([{ code: 'OLD-1' }]);
    expect(codes.codes.map((code) => code.code)).toEqual(['18850000000017']);
  });

  it("shows main's refusal and keeps the list", async () => {
    const codes = new ProductCodes(7, bridge);
    await codes.load();
    bridge.answer(
      'catalogue.addAlias',
      refused('conflict', 'A product already has that barcode.', 'code-is-a-barcode'),
    );
    expect(await codes.add('885', 1)).toBe(false);
    expect(codes.error).toBe('A product already has that barcode.');
    expect(codes.codes.map((code) => code.code)).toEqual(['OLD-1']);
  });

  it('reads a codes file and lists the codes again; a bad file is refused in words', async () => {
    const codes = new ProductCodes(7, bridge);
    bridge.answer(
      'catalogue.importAliases',
      refused('invalid-arguments', 'This is not a codes file.'),
      ok({ added: 1, updated: 0, unchanged: 2, skipped: [] }),
    );
    expect(await codes.importFile('nonsense')).toBeNull();
    expect(codes.error).toBe('This is not a codes file.');
    expect(await codes.importFile('{"file":1}')).toEqual({ added: 1, updated: 0, unchanged: 2, skipped: [] });
    expect(codes.error).toBeNull();
    expect(bridge.argsOf('catalogue.aliases')).toHaveLength(1);
  });
});

describe('parseUnits', () => {
  it('takes whole numbers from 1 to 100,000 only', () => {
    expect(parseUnits(' 24 ')).toBe(24);
    expect(parseUnits('1')).toBe(1);
    expect(parseUnits('0')).toBeNull();
    expect(parseUnits('2.5')).toBeNull();
    expect(parseUnits('100001')).toBeNull();
    expect(parseUnits('abc')).toBeNull();
  });
});
