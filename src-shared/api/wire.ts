// Building blocks for the v4 interface as data: how each spec type looks on the wire.
// Query values arrive as text and are parsed to typed values; body fields are JSON; response fields are
// read leniently (production sends numbers where the spec says String, and nulls) so a client never
// crashes on a harmless variation, while a structurally wrong answer still fails validation.
import { z } from 'zod';
import { parseThaiDate, parseThaiDateTime } from '../time/index.js';

// Format first (for a message that names the expected pattern), then a real calendar day or time:
// one validator, src-shared/time, decides what a date is.
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const DATETIME_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;

const dateText = z
  .string()
  .regex(DATE_PATTERN, { error: 'must be a date yyyy-MM-dd' })
  .refine((text) => parseThaiDate(text) !== undefined, { error: 'must be a real calendar date' });
const datetimeText = z
  .string()
  .regex(DATETIME_PATTERN, { error: 'must be a date and time yyyy-MM-dd HH:mm' })
  .refine((text) => parseThaiDateTime(text) !== undefined, { error: 'must be a real date and time' });

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
