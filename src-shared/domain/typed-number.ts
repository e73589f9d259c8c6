// The one rule for a number a person types (money, prices, payments, quantities), used by every form and
// again by main's schemas before anything is queued: what was typed is what the books hold, or it is
// refused with a reason and the bound it broke — never rounded, clamped or reinterpreted.
//
// Accepted: digits (Latin or Thai ๐–๙), one decimal point, grouping commas as the page writes them
// (1,412.40), surrounding spaces, and for money a leading ฿ (the page shows "฿1,412.40"). Refused:
// exponents (1e3), more decimals than the rule allows (zeros past them change nothing and pass),
// misplaced commas (1,2,3), a sign where the field has none, 0 where it must be more, and values past
// the rule's bound. Kept free of zod: the renderer imports it (see limits.ts).

export interface NumberRule {
  /** Decimals a person may type: 2 for money (satang), 0 for quantities. */
  readonly decimals: number;
  /** False: 0 is refused (a payment, a line's quantity). */
  readonly zeroAllowed: boolean;
  /** True: a leading minus is part of the figure (an adjustment). */
  readonly negativeAllowed: boolean;
  /** The largest value, inclusive (its negative is the smallest when negatives are allowed). */
  readonly max: number;
  /** True: a leading ฿ is read past (money). */
  readonly currency: boolean;
}

/**
 * Quantities are whole units: the catalogue knows a product's unit only as free text (v4 `unittext`)
 * and the store cannot mark a unit as taking decimals, so no quantity typed here has any.
 */
export const QUANTITY_DECIMALS = 0;
/** The largest money figure a person may type, in baht. */
export const MAX_TYPED_BAHT = 999_999_999.99;
/** The largest quantity a person may type at once. */
export const MAX_TYPED_QUANTITY = 1_000_000;

/** Amounts that may be 0: line totals, prices, costs, shipping, filters. */
export const MONEY_RULE: NumberRule = {
  decimals: 2,
  zeroAllowed: true,
  negativeAllowed: false,
  max: MAX_TYPED_BAHT,
  currency: true,
};
/** Payments and transfers: more than 0. */
export const PAYMENT_RULE: NumberRule = { ...MONEY_RULE, zeroAllowed: false };
/** A quantity that adds or moves something: a whole number above 0. */
export const QUANTITY_RULE: NumberRule = {
  decimals: QUANTITY_DECIMALS,
  zeroAllowed: false,
  negativeAllowed: false,
  max: MAX_TYPED_QUANTITY,
  currency: false,
};
/** A count a line is set to (F6): a whole number, 0 allowed. */
export const COUNT_RULE: NumberRule = { ...QUANTITY_RULE, zeroAllowed: true };
/** An adjustment (+/−): a whole number other than 0, either sign. */
export const ADJUSTMENT_RULE: NumberRule = { ...QUANTITY_RULE, negativeAllowed: true };

export const REFUSAL_REASONS = [
  'empty',
  'not-a-number',
  'exponent',
  'grouping',
  'too-many-decimals',
  'negative',
  'sign',
  'zero',
  'too-large',
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

export interface NumberRefusal {
  readonly reason: RefusalReason;
  /** The rule broken: its decimals and bound name the limit in the message. */
  readonly rule: NumberRule;
}

export type TypedNumber =
  | {
      readonly ok: true;
      /** The figure (baht or units); exact to the rule's decimals. */
      readonly value: number;
      /** The figure × 10^decimals as a whole number (satang for money). */
      readonly scaled: number;
    }
  | { readonly ok: false; readonly refusal: NumberRefusal };

const THAI_ZERO = 0x0e50;
const MINUS_SIGNS = new Set(['-', '−']);
const PLAIN = /^(\d*)(?:\.(\d*))?$/;
const GROUPED = /^\d{1,3}(?:,\d{3})+$/;
const EXPONENT = /^[\d.,]*\d[eE][+\-−]?\d*$/;

function refuse(reason: RefusalReason, rule: NumberRule): TypedNumber {
  return { ok: false, refusal: { reason, rule } };
}

function latinDigits(text: string): string {
  let out = '';
  for (const character of text) {
    const point = character.codePointAt(0) ?? 0;
    out += point >= THAI_ZERO && point <= THAI_ZERO + 9 ? String(point - THAI_ZERO) : character;
  }
  return out;
}

/** A person's text as a figure under `rule`, or the reason it is refused. */
export function readTypedNumber(text: string, rule: NumberRule): TypedNumber {
  let rest = latinDigits(text).trim();
  let negative = false;
  const first = rest.charAt(0);
  if (MINUS_SIGNS.has(first) || first === '+') {
    if (first === '+' || !rule.negativeAllowed)
      return refuse(MINUS_SIGNS.has(first) ? 'negative' : 'sign', rule);
    negative = true;
    rest = rest.slice(1).trimStart();
  }
  if (rule.currency && rest.startsWith('฿')) rest = rest.slice(1).trimStart();
  if (rest === '') return refuse(negative ? 'not-a-number' : 'empty', rule);
  if (EXPONENT.test(rest)) return refuse('exponent', rule);
  const point = rest.indexOf('.');
  const whole = point === -1 ? rest : rest.slice(0, point);
  if (whole.includes(',')) {
    if (!GROUPED.test(whole) || rest.slice(whole.length).includes(',')) return refuse('grouping', rule);
  } else if (rest.includes(',')) return refuse('grouping', rule);
  const parts = PLAIN.exec(rest.replaceAll(',', ''));
  if (parts === null || rest === '.') return refuse('not-a-number', rule);
  const wholeDigits = (parts[1] ?? '').replace(/^0+(?=\d)/, '');
  const fraction = (parts[2] ?? '').replace(/0+$/, '');
  if (fraction.length > rule.decimals) return refuse('too-many-decimals', rule);
  const scale = 10 ** rule.decimals;
  // Past the bound by its digits alone: refused before the figure could lose precision as a double.
  if (wholeDigits.length > String(Math.trunc(rule.max)).length) return refuse('too-large', rule);
  const scaledMagnitude = Number((wholeDigits || '0') + fraction.padEnd(rule.decimals, '0'));
  if (scaledMagnitude > Math.round(rule.max * scale)) return refuse('too-large', rule);
  if (scaledMagnitude === 0 && !rule.zeroAllowed) return refuse('zero', rule);
  const scaled = negative ? -scaledMagnitude : scaledMagnitude;
  return { ok: true, value: scaled / scale || 0, scaled: scaled || 0 };
}

/**
 * A figure that arrived as a number (another caller of main, a stored draft) under the same rule: its
 * shortest decimal text is what it means, so 12.345 is refused as the text "12.345" is.
 */
export function checkTypedValue(value: number, rule: NumberRule): TypedNumber {
  if (typeof value !== 'number' || !Number.isFinite(value)) return refuse('not-a-number', rule);
  const text = String(value);
  if (/e/i.test(text)) return refuse(Math.abs(value) < 1 ? 'too-many-decimals' : 'too-large', rule);
  return readTypedNumber(text, rule);
}

/** A typed text or a number, under the rule (what main's schemas apply to either). */
export function readTypedFigure(input: string | number, rule: NumberRule): TypedNumber {
  return typeof input === 'number' ? checkTypedValue(input, rule) : readTypedNumber(input, rule);
}

/** The bound of a rule as the English message writes it ("999,999,999.99"). */
export function boundText(rule: NumberRule): string {
  return rule.max.toLocaleString('en-US', {
    minimumFractionDigits: rule.decimals,
    maximumFractionDigits: rule.decimals,
  });
}

/** main's English sentence for a refusal (the page words it in its own language from the reason). */
export function refusalMessage(refusal: NumberRefusal): string {
  const { rule } = refusal;
  switch (refusal.reason) {
    case 'empty':
      return 'is empty: type a number';
    case 'not-a-number':
      return 'is not a number';
    case 'exponent':
      return 'must be written out in digits, not as an exponent (1e3)';
    case 'grouping':
      return 'has commas out of place: group thousands as 1,412.40';
    case 'too-many-decimals':
      return rule.decimals === 0 ? 'must be a whole number' : `must have at most ${rule.decimals} decimals`;
    case 'negative':
      return 'must not be negative';
    case 'sign':
      return 'must be typed without a + sign';
    case 'zero':
      return 'must be more than 0';
    case 'too-large':
      return `must be at most ${boundText(rule)}`;
  }
}
