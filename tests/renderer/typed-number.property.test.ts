// The one rule for numbers a person types (src-shared/domain/typed-number.ts): what the page displays
// reads back as the same figure in both languages; every string the page refuses is refused by main's
// schemas too, at the same field, and every one it accepts main accepts as the same value; and the
// page's words name the rule and its bound in English and Thai.
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';

// The page's language lives in lib/i18n, which remembers it in localStorage and on <html lang>.
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
  ADJUSTMENT_RULE,
  COUNT_RULE,
  MAX_TYPED_BAHT,
  MAX_TYPED_QUANTITY,
  MONEY_RULE,
  PAYMENT_RULE,
  QUANTITY_RULE,
  readTypedNumber,
  type NumberRule,
} from '../../src-shared/domain/typed-number.js';
import { callContract, type CallName } from '../../src-shared/ipc/contract.js';
import { formatBaht } from '../../src-renderer/lib/format-baht.js';
import { refusedFigures } from '../../src-renderer/lib/form-input.js';
import { formatNumber, locale } from '../../src-renderer/lib/i18n.svelte.js';
import { typedNumberProblem } from '../../src-renderer/lib/typed-number-words.js';

const LANGUAGES = ['en', 'th'] as const;

/** One figure field of a call: the call, its arguments around the figure, the figure's path, its rule. */
interface FigureField {
  readonly call: CallName;
  readonly args: (figure: unknown) => unknown;
  readonly path: string;
  readonly rule: NumberRule;
}

const FIELDS: readonly FigureField[] = [
  {
    call: 'money.create',
    args: (figure) => ({ kind: 'income', lines: [{ name: 'Boxes', totalPrice: figure }] }),
    path: 'lines.0.totalPrice',
    rule: MONEY_RULE,
  },
  {
    call: 'money.recordPayment',
    args: (figure) => ({ recordId: 1, methodId: 1, amount: figure }),
    path: 'amount',
    rule: PAYMENT_RULE,
  },
  {
    call: 'money.createTransfer',
    args: (figure) => ({ fromMethodId: 1, toMethodId: 2, amount: figure }),
    path: 'amount',
    rule: PAYMENT_RULE,
  },
  {
    call: 'returns.recordPayment',
    args: (figure) => ({ id: 1, methodId: 1, amount: figure }),
    path: 'amount',
    rule: PAYMENT_RULE,
  },
  {
    call: 'documents.previewLines',
    args: (figure) => ({ lines: [{ sku: 'A-1', name: 'Carton', quantity: figure, unitPrice: 1 }] }),
    path: 'lines.0.quantity',
    rule: QUANTITY_RULE,
  },
  {
    call: 'documents.previewLines',
    args: (figure) => ({ lines: [{ sku: 'A-1', name: 'Carton', quantity: 1, unitPrice: figure }] }),
    path: 'lines.0.unitPrice',
    rule: MONEY_RULE,
  },
  {
    call: 'counting.setQuantity',
    args: (figure) => ({ sessionId: 's-1', lineId: 1, quantity: figure }),
    path: 'quantity',
    rule: COUNT_RULE,
  },
  {
    call: 'counting.adjustQuantity',
    args: (figure) => ({ sessionId: 's-1', lineId: 1, quantity: figure }),
    path: 'quantity',
    rule: ADJUSTMENT_RULE,
  },
  {
    call: 'stockMoves.transfer',
    args: (figure) => ({
      fromWarehouseCode: 'W1',
      toWarehouseCode: 'W2',
      lines: [{ productId: 1, quantity: figure }],
    }),
    path: 'lines.0.quantity',
    rule: QUANTITY_RULE,
  },
];

/** main's reading of the figure: refused at its path, or the value its handler would receive. */
function mainReads(
  field: FigureField,
  figure: unknown,
): { refused: true } | { refused: false; value: unknown } {
  const parsed = callContract[field.call].args.safeParse(field.args(figure));
  if (parsed.success) {
    let value: unknown = parsed.data;
    for (const part of field.path.split('.')) value = (value as Record<string, unknown>)[part];
    return { refused: false, value };
  }
  const here = parsed.error.issues.some((issue) => issue.path.join('.') === field.path);
  if (here) return { refused: true };
  throw new Error(`${field.call} refused something other than ${field.path}: ${parsed.error.message}`);
}

/** Texts a person might type: digits of both scripts, grouping, points, exponents, signs, spaces, ฿. */
const typedText = fc
  .array(fc.constantFrom(...'0123456789๐๑๒๓๔๕๖๗๘๙', ',', '.', 'e', 'E', '-', '−', '+', ' ', '฿', 'a'), {
    maxLength: 16,
  })
  .map((characters) => characters.join(''));

/** Figures as the page writes them, and near misses of them. */
const writtenFigure = fc
  .tuple(fc.integer({ min: 0, max: 99_999_999_999 }), fc.constantFrom(0, 1, 2, 3), fc.boolean())
  .map(([scaled, decimals, grouped]) => {
    const text = new Intl.NumberFormat('en-GB', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      useGrouping: grouped,
    }).format(scaled / 100);
    return text;
  });

describe('the rule of typed numbers', () => {
  it('reads the figures of the issue as the person meant, or refuses them with the rule broken', () => {
    const reason = (text: string, rule: NumberRule) => {
      const read = readTypedNumber(text, rule);
      return read.ok ? read.value : read.refusal.reason;
    };
    expect(reason('12.345', MONEY_RULE)).toBe('too-many-decimals');
    expect(reason('181.525', PAYMENT_RULE)).toBe('too-many-decimals');
    expect(reason('1e3', COUNT_RULE)).toBe('exponent');
    expect(reason('1e2', QUANTITY_RULE)).toBe('exponent');
    expect(reason('-5', COUNT_RULE)).toBe('negative');
    expect(reason('abc', COUNT_RULE)).toBe('not-a-number');
    expect(reason('1000000000000', PAYMENT_RULE)).toBe('too-large');
    expect(reason('๕๐๐๐', PAYMENT_RULE)).toBe(5000);
    expect(reason(' ฿1,412.40 ', PAYMENT_RULE)).toBe(1412.4);
    expect(reason('12.340', MONEY_RULE)).toBe(12.34);
    expect(reason('1,41', MONEY_RULE)).toBe('grouping');
    expect(reason('+5', MONEY_RULE)).toBe('sign');
    expect(reason('0', PAYMENT_RULE)).toBe('zero');
    expect(reason('2.5', QUANTITY_RULE)).toBe('too-many-decimals');
    expect(reason('-3', ADJUSTMENT_RULE)).toBe(-3);
    expect(reason('999,999,999.99', MONEY_RULE)).toBe(MAX_TYPED_BAHT);
    expect(reason('1,000,001', QUANTITY_RULE)).toBe('too-large');
  });

  it('words each refusal with its rule and bound, in English and in Thai', () => {
    const words = (language: 'en' | 'th', text: string, rule: NumberRule) => {
      locale.set(language);
      return typedNumberProblem(text, rule);
    };
    expect(words('en', '12.345', MONEY_RULE)).toBe(
      '“12.345” has more than 2 decimals: type at most 2, e.g. 12.34.',
    );
    expect(words('th', '12.345', MONEY_RULE)).toBe(
      '“12.345” มีทศนิยมเกิน 2 ตำแหน่ง: พิมพ์ไม่เกิน 2 ตำแหน่ง เช่น 12.34',
    );
    expect(words('en', '1e3', COUNT_RULE)).toBe(
      '“1e3” is written as an exponent: type the digits out, e.g. 1000.',
    );
    expect(words('th', '1e3', COUNT_RULE)).toBe('“1e3” เขียนแบบเลขยกกำลัง: พิมพ์ตัวเลขเต็ม เช่น 1000');
    expect(words('en', '1000000000000', PAYMENT_RULE)).toBe(
      '“1000000000000” is too large: at most 999,999,999.99.',
    );
    expect(words('th', '1000000000000', PAYMENT_RULE)).toBe('“1000000000000” มากเกินไป: ไม่เกิน 999,999,999.99');
    expect(words('en', '2.5', QUANTITY_RULE)).toBe(
      '“2.5” is not a whole number: quantities are whole units.',
    );
    expect(words('en', '๕๐๐๐', PAYMENT_RULE)).toBeNull();
    locale.set('en');
  });

  it('reads what the page displays back as the same figure, in both languages', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Math.round(MAX_TYPED_BAHT * 100) }),
        fc.integer({ min: 0, max: MAX_TYPED_QUANTITY }),
        fc.constantFrom(...LANGUAGES),
        (satang, units, language) => {
          locale.set(language);
          const baht = readTypedNumber(formatBaht(satang / 100), MONEY_RULE);
          expect(baht).toEqual({ ok: true, value: satang / 100, scaled: satang });
          const quantity = readTypedNumber(formatNumber(units), COUNT_RULE);
          expect(quantity).toEqual({ ok: true, value: units, scaled: units });
        },
      ),
      { numRuns: 2000 },
    );
    locale.set('en');
  });

  it('refuses at main every string the page refuses, and reads every other as the same value', () => {
    fc.assert(
      fc.property(fc.oneof(typedText, writtenFigure), fc.constantFrom(...FIELDS), (text, field) => {
        const page = refusedFigures([{ path: field.path, text, rule: field.rule }]);
        const main = mainReads(field, text);
        const read = readTypedNumber(text, field.rule);
        expect(main.refused).toBe(page.length > 0);
        if (!main.refused && read.ok) expect(main.value).toBe(read.value);
        // main's message is the rule's English sentence, the same the page's refusal carries.
        if (main.refused) {
          const parsed = callContract[field.call].args.safeParse(field.args(text));
          const message = parsed.error?.issues.find((issue) => issue.path.join('.') === field.path)?.message;
          expect(message).toBe(page[0]?.message);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('refuses at main the numbers another caller might send that the text would be refused for', () => {
    for (const field of FIELDS) {
      expect(mainReads(field, 12.345).refused, field.call).toBe(true);
      expect(mainReads(field, 1e12).refused, field.call).toBe(true);
      expect(mainReads(field, Number.NaN).refused, field.call).toBe(true);
      expect(mainReads(field, 1e-7).refused, field.call).toBe(true);
    }
    expect(mainReads(FIELDS[1] as FigureField, 181.52)).toEqual({ refused: false, value: 181.52 });
  });
});
