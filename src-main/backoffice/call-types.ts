// The arguments and answer of each endpoint, derived from its row of the shared table (never written
// twice). A wrong endpoint name, a missing required query field or body field is a type error.
import type { z } from 'zod';
import type { ParentKey } from '../../src-shared/api/define.js';
import type { EndpointName, Endpoints } from '../../src-shared/api/endpoints/index.js';

type Row<N extends EndpointName> = Endpoints[N];
type Empty = Record<never, never>;
type Output<S> = S extends z.ZodType ? z.output<S> : never;

/**
 * The parent record by the row's rule. Rows that do not state a rule keep the wide `ParentKey` type from
 * EndpointDef, which is how "none" is recognised.
 */
type ParentArgs<P> = ParentKey extends P
  ? Empty
  : P extends 'id'
    ? { readonly id: number }
    : P extends 'idOrNumber'
      ? { readonly id: number; readonly number?: string } | { readonly id?: number; readonly number: string }
      : Empty;

/** Drops the `Record<string, unknown>` the row type inherits from EndpointDef, so a misspelt key errors. */
type KnownKeys<T> = { [K in keyof T as string extends K ? never : K]: T[K] };

type QueryArgs<Q> = keyof Q extends never
  ? { readonly query?: Record<string, never> }
  : Empty extends Q
    ? { readonly query?: Q }
    : { readonly query: Q };

type HeaderListValue<K> = K extends 'int' ? number : string;

/** The row's comma-separated list headers, as arrays (the index signature of EndpointDef dropped). */
export type HeaderListArgs<N extends EndpointName> = {
  readonly [K in keyof Row<N>['headerLists'] as string extends K ? never : K]?: readonly HeaderListValue<
    Row<N>['headerLists'][K]
  >[];
};

type HeaderArgs<H> = keyof H extends never ? Empty : { readonly headers?: H };

type BodyArgs<B> = B extends z.ZodType ? { readonly body: z.output<B> } : Empty;

/** The part named `file` of an upload. */
export interface UploadFile {
  readonly fileName: string;
  readonly data: Uint8Array | Blob;
  /** MIME type; application/octet-stream when absent. */
  readonly type?: string;
}

type UploadArgs<R> = R extends { readonly upload: true } ? { readonly file: UploadFile } : Empty;

export type CallArgs<N extends EndpointName> = ParentArgs<Row<N>['parent']> &
  QueryArgs<KnownKeys<z.output<Row<N>['query']>>> &
  HeaderArgs<HeaderListArgs<N>> &
  BodyArgs<Row<N>['body']> &
  UploadArgs<Row<N>>;

/** The rest parameters of `call`: the argument object may be left out when nothing in it is required. */
export type CallArgsTuple<N extends EndpointName> =
  Empty extends CallArgs<N> ? [args?: CallArgs<N>] : [args: CallArgs<N>];

/** `{res:{resCode,resDesc}}` as read (resCode normalised to text). */
export interface ResultStatusBody {
  readonly resCode: string;
  readonly resDesc?: string | null;
  readonly [field: string]: unknown;
}

export type ListAnswer<R> = R extends { readonly item: infer Item; readonly totals: infer Totals }
  ? {
      readonly res: ResultStatusBody;
      readonly list: Output<Item>[];
      readonly count: number;
      readonly [field: string]: unknown;
    } & {
      readonly [K in Totals extends readonly (infer T)[] ? T & string : never]?: number;
    }
  : never;

type CreatedPart<R> = R extends { readonly created: true }
  ? { readonly detail?: { readonly id: number } }
  : Empty;

type PayloadPart<R> = R extends { readonly payload: { readonly key: infer K; readonly schema: infer S } }
  ? { readonly [P in K & string]?: Output<S> }
  : Empty;

export type WriteAnswer<R> = {
  readonly resCode: string;
  readonly resDesc?: string | null;
  readonly [field: string]: unknown;
} & CreatedPart<R> &
  PayloadPart<R>;

type AnswerOfShape<R> = R extends { readonly kind: 'list' }
  ? ListAnswer<R>
  : R extends { readonly kind: 'detail' | 'fileDetail'; readonly record: infer S }
    ? Output<S>
    : R extends { readonly kind: 'write' }
      ? WriteAnswer<R>
      : R extends { readonly kind: 'fileList'; readonly item: infer Item }
        ? Output<Item>[]
        : never;

/**
 * What a successful call resolves to: the list envelope, the record (a res/list-wrapped detail is
 * unwrapped), the write envelope, or the file array (a res/list-wrapped file list is unwrapped).
 */
export type CallResult<N extends EndpointName> = AnswerOfShape<Row<N>['response']>;
