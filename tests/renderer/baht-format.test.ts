// Every page shows a baht figure the same way: the money pages (lib/format-baht) and the count review
// and cycle pages (lib/count-format) had two formatters, one writing "-฿" and the other "−฿".
import './support/page-globals.js';
import { beforeEach, describe, expect, it } from 'vitest';
import * as countFormat from '../../src-renderer/lib/count-format.js';
import * as moneyFormat from '../../src-renderer/lib/format-baht.js';
import { locale } from '../../src-renderer/lib/i18n.svelte.js';

beforeEach(() => locale.set('en'));

describe('baht figures', () => {
  it.each([0, 1250, -150.5, -1234567.89, 0.01])(
    '%d reads the same on every page, in both languages',
    (value) => {
      for (const language of ['en', 'th'] as const) {
        locale.set(language);
        expect(countFormat.formatBaht(value)).toBe(moneyFormat.formatBaht(value));
      }
    },
  );

  it('a negative figure carries a real minus sign, not a hyphen', () => {
    expect(countFormat.formatBaht(-150.5)).toBe('\u2212฿150.50');
    expect(countFormat.formatSignedBaht(-150.5)).toBe('\u2212฿150.50');
    expect(countFormat.formatSignedBaht(12)).toBe('+฿12.00');
  });
});
