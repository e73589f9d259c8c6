import { describe, expect, it } from 'vitest';
import {
  matchExpression,
  searchTokens,
  searchWordsOf,
  tokenExpressions,
} from '../../../src-main/catalog/catalogue-search-text.js';

describe('search text', () => {
  it('indexes the word-boundary suffixes of Thai runs, and nothing for Latin or single words', () => {
    expect(searchWordsOf('น้ำปลาแท้ตราปลาหมึก 700 มล.')).toBe('แท้ตราปลาหมึก ตราปลาหมึก ปลาหมึก');
    expect(searchWordsOf('Coca-Cola Zero 325 ml')).toBe('');
    expect(searchWordsOf('สบู่ ก้อน')).toBe('');
    expect(searchWordsOf('ผ้าขนหนูคอตตอน สีขาว')).toBe('ขนหนูคอตตอน คอตตอน ขาว');
  });

  it('quotes every typed token as an FTS5 prefix string, so operators are text', () => {
    expect(matchExpression('SKU-0001 (M)')).toBe('"SKU-0001"* AND "(M)"*');
    expect(matchExpression('name:ถุง OR NEAR(a b) ^x')).toBe(
      '"name:ถุง"* AND "OR"* AND "NEAR(a"* AND "b)"* AND "^x"*',
    );
    expect(matchExpression('a"b')).toBe('"a"* AND "b"*');
  });

  it('drops tokens with nothing to search and control characters, and bounds the count and length', () => {
    expect(searchTokens(' * ( ) - " \u0002\r\n')).toEqual([]);
    expect(matchExpression('  ')).toBeUndefined();
    expect(searchTokens('a b c d e f g h i j')).toHaveLength(8);
    expect(searchTokens('x'.repeat(200))[0]).toHaveLength(64);
  });

  it('adds the phrase of segmented words for typed Thai only when asked', () => {
    expect(tokenExpressions('ปลาหมึกแห้ง', { splitThai: false })).toEqual(['"ปลาหมึกแห้ง"*']);
    expect(tokenExpressions('ปลาหมึกแห้ง', { splitThai: true })).toEqual(['("ปลาหมึกแห้ง"* OR "ปลาหมึก แห้ง"*)']);
    expect(tokenExpressions('coca', { splitThai: true })).toEqual(['"coca"*']);
  });
});
