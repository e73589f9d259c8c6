// Building blocks for the v4 interface as data: how each spec type looks on the wire.
// Query values arrive as text and are parsed to typed values; body fields are JSON; response fields are
// read leniently (production sends numbers where the spec says String, and nulls) so a client never
// crashes on a harmless variation, while a structurally wrong answer still fails validation.
import { z } from 'zod';

export const DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
export const DATETIME_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):[0-5]\d$/;

/** True when a yyyy-MM-dd text names a real calendar day (rejects 2026-02-30). */
export function isRealDate(text: string): boolean {
  const [year, month, day] = text.slice(0, 10).split('-').map(Number);
  if (year === undefined || month === undefined || day === undefined) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const dateText = z
  .string()
  .regex(DATE_PATTERN, { error: 'must be a date yyyy-MM-dd' })
  .refine(isRealDate, { error: 'must be a real calendar date' });
const datetimeText = z
  .string()
  .regex(DATETIME_PATTERN, { error: 'must be a date and time yyyy-MM-dd HH:mm' })
  .refine(isRealDate, { error: 'must be a real calendar date' });

/** Query parameters: text on the wire, typed after parsing. */
export const query = {
  int: () =>
    z
      .string()
      .trim()
      .regex(/^-?\d+$/, { error: 'must be a whole number' })
      .transform(Number)
      .pipe(z.number().int().safe()),
  double: () =>
    z
      .string()
      .trim()
      .regex(/^-?(\d+\.?\d*|\.\d+)$/, { error: 'must be a number' })
      .transform(Number)
      .pipe(z.number().finite()),
  string: () => z.string(),
  date: () => dateText,
  datetime: () => datetimeText,
} as const;

/** JSON body fields as the spec types them. */
export const body = {
  int: () => z.number({ error: 'must be a whole number' }).int({ error: 'must be a whole number' }),
  double: () => z.number({ error: 'must be a number' }).finite({ error: 'must be a finite number' }),
  string: () => z.string({ error: 'must be text' }),
  date: () => dateText,
  datetime: () => datetimeText,
  boolean: () => z.boolean({ error: 'must be true or false' }),
  stringArray: () => z.array(z.string({ error: 'must be text' }), { error: 'must be a list of text' }),
} as const;

/**
 * Response fields, lenient where production is: null is read as absent, a number where the spec says
 * String is read as its text. Every field but a record's id is optional for the reader.
 */
export const field = {
  int: () => z.number().int().nullish().transform(orUndefined),
  double: () =>
    z
      .union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)])
      .nullish()
      .transform((value) => (value === null || value === undefined ? undefined : Number(value))),
  string: () =>
    z
      .union([z.string(), z.number()])
      .nullish()
      .transform((value) => (value === null || value === undefined ? undefined : String(value))),
  boolean: () => z.boolean().nullish().transform(orUndefined),
  stringArray: () =>
    z
      .array(z.string())
      .nullish()
      .transform((value) => value ?? undefined),
  /** A record's own id: always present. */
  id: () => z.number().int(),
} as const;

function orUndefined<T>(value: T | null | undefined): T | undefined {
  return value ?? undefined;
}

/** An optional array of records in a response (null or absent read as absent). */
export function recordArray<T extends z.ZodType>(item: T) {
  return z
    .array(item)
    .nullish()
    .transform((value) => value ?? undefined);
}
