// The shape of one row of the endpoint table. Everything about an endpoint lives in its row.
import { z } from 'zod';
import { body as bodyField, query as queryField } from './wire.js';

/** Kinds of comma-separated list headers (productidlist, skulist, ...). */
export type HeaderListKind = 'int' | 'string';

/**
 * How the record an operation acts on is named in the query:
 * - 'id': `id` required (missing → "Invalid ID.");
 * - 'idOrNumber': conventions rule 7, `number` required when `id` is 0 or absent;
 * - 'none': no parent record.
 */
export type ParentKey = 'id' | 'idOrNumber' | 'none';

/** What a successful answer looks like, which also tells readers which envelope to expect. */
export type ResponseShape =
  | { readonly kind: 'list'; readonly item: z.ZodType; readonly totals: readonly ListTotal[] }
  | { readonly kind: 'detail'; readonly record: z.ZodType; readonly mayBeListed?: boolean }
  | { readonly kind: 'write'; readonly created: boolean; readonly payload?: WritePayload }
  | { readonly kind: 'fileList'; readonly item: z.ZodType }
  | { readonly kind: 'fileDetail'; readonly record: z.ZodType; readonly mayBeListed?: boolean };

// `mayBeListed` on a detail: the spec leaves open whether the record sits flat at the root or as
// `{res, list: [record], count}`, so both are read. Details observed in production are flat (the
// notes): only the rows whose spec is open say so, and a record with its own `list` of lines (a
// return purchase order) is never taken for a wrapper.

export type ListTotal = 'totalAmount' | 'totalPaymentAmount';

/** Extra data a write returns besides resCode/resDesc: under `detail` (stock lists) or `data` (serials). */
export interface WritePayload {
  readonly key: 'detail' | 'data';
  readonly schema: z.ZodType;
}

export interface EndpointDef {
  readonly name: string;
  readonly group: string;
  readonly method: 'GET' | 'POST';
  /** Exactly as the spec spells it; the server matches it case-insensitively. */
  readonly path: `/v4/${string}`;
  readonly summary: string;
  readonly parent: ParentKey;
  /** Query parameters other than the parent's id/number (those follow from `parent`). */
  readonly query: z.ZodObject;
  readonly headerLists: Readonly<Record<string, HeaderListKind>>;
  /** JSON body schema, or null for none. */
  readonly body: z.ZodType | null;
  /** Multipart upload with one part named `file`. */
  readonly upload: boolean;
  /** `uniquenumber` in the query makes the create idempotent (code 900 on a repeat). */
  readonly idempotent: boolean;
  readonly response: ResponseShape;
}

type EndpointInput = Pick<EndpointDef, 'name' | 'method' | 'path' | 'summary' | 'response'> &
  Partial<Omit<EndpointDef, 'name' | 'method' | 'path' | 'summary' | 'response' | 'group'>>;

/** Declares one endpoint with the defaults every row shares; `group` comes from the path. */
export function endpoint<const T extends EndpointInput>(
  input: T,
): EndpointDef & Omit<T, 'query' | 'body'> & Pick<ResolvedParts<T>, 'query' | 'body'> {
  const group = input.path.split('/')[2] ?? '';
  return {
    parent: 'none',
    headerLists: {},
    upload: false,
    idempotent: false,
    ...input,
    query: input.query ?? z.object({}),
    body: input.body ?? null,
    group,
  } as EndpointDef & Omit<T, 'query' | 'body'> & Pick<ResolvedParts<T>, 'query' | 'body'>;
}

interface ResolvedParts<T extends EndpointInput> {
  query: T['query'] extends z.ZodObject ? T['query'] : z.ZodObject<Record<string, never>>;
  body: T['body'] extends z.ZodType ? T['body'] : null;
}

/** page and limit (maximum 500; the server clamps larger values). */
export const paging = {
  page: queryField.int().optional(),
  limit: queryField.int().optional(),
};

/** An Int field restricted to listed values, with an error naming them. */
export function intEnum<const V extends readonly number[]>(values: V) {
  const allowed = values.join(', ');
  return bodyField
    .int()
    .refine((value): value is V[number] => values.includes(value), { error: `must be one of ${allowed}` });
}

/** A query Int restricted to listed values. */
export function queryIntEnum<const V extends readonly number[]>(values: V) {
  const allowed = values.join(', ');
  return queryField
    .int()
    .refine((value): value is V[number] => values.includes(value), { error: `must be one of ${allowed}` });
}

/** A String restricted to listed values. */
export function textEnum<const V extends readonly [string, ...string[]]>(values: V) {
  return z.enum(values, { error: `must be one of ${values.join(', ')}` });
}

/** Adds "one of idKey/textKey is required" (the id-or-number rule inside bodies). */
export function requireIdOrKey(idKey: string, textKey: string) {
  return (item: Record<string, unknown>, context: z.RefinementCtx) => {
    const idValue = item[idKey];
    const textValue = item[textKey];
    const hasId = typeof idValue === 'number' && idValue !== 0;
    const hasText = typeof textValue === 'string' && textValue.trim() !== '';
    if (!hasId && !hasText) {
      context.addIssue({
        code: 'custom',
        path: [textKey],
        message: `is required when ${idKey} is 0 or absent`,
      });
    }
  };
}

/** Adds "paymentmethod is required when paymentamount is given" (creation with a payment). */
export function requirePaymentMethodWithAmount(item: Record<string, unknown>, context: z.RefinementCtx) {
  const amount = item['paymentamount'];
  const method = item['paymentmethod'];
  if (typeof amount === 'number' && amount !== 0 && (typeof method !== 'string' || method.trim() === '')) {
    context.addIssue({
      code: 'custom',
      path: ['paymentmethod'],
      message: 'is required when paymentamount is given',
    });
  }
}
