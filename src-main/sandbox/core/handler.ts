// The handler interface: one synchronous function per endpoint of the table, typed from its row.
// The server does everything generic (auth, quota, faults, parent id/number, header lists, query and
// body validation, envelopes, transactions); a handler only reads `context` and returns data, or throws a
// SandboxError (see sandbox-error.ts). Handlers of POST endpoints run inside one db.transaction.
import type { Database } from 'better-sqlite3';
import type { z } from 'zod';
import type { EndpointDef, HeaderListKind, ResponseShape } from '../../../src-shared/api/define.js';
import type { EndpointName, Endpoints } from '../../../src-shared/api/endpoints/index.js';

export type { Database } from 'better-sqlite3';
export {
  SandboxError,
  accessDenied,
  duplicate,
  invalidId,
  notEnoughInventory,
  validation,
} from './sandbox-error.js';

/** The store a request is made for (every table is keyed by store_id = store.id). */
export interface SandboxStore {
  readonly id: number;
  readonly name: string;
}

/** The parent record named in the query, already checked against the row's `parent` rule. */
export interface ParentRef {
  readonly id?: number;
  readonly number?: string;
}

/** The multipart part named `file` of an upload row. */
export interface UploadedFile {
  readonly fileName: string;
  readonly mimeType: string;
  readonly data: Buffer;
}

/** What every handler and the seeder get: the store, its database and the clock (epoch ms). */
export interface StoreContext {
  readonly store: SandboxStore;
  readonly db: Database;
  readonly now: () => number;
}

type ListOfKind<K extends HeaderListKind> = K extends 'int' ? readonly number[] : readonly string[];

/** Parsed comma-separated list headers of a row; a header that was not sent is absent. */
export type HeaderListsOf<E extends EndpointDef> = {
  readonly [K in keyof E['headerLists'] as string extends K ? never : K]?: ListOfKind<E['headerLists'][K]>;
};

type BodyOf<E extends EndpointDef> = E['body'] extends z.ZodType ? z.output<E['body']> : undefined;

export interface HandlerContext<N extends EndpointName> extends StoreContext {
  readonly endpoint: Endpoints[N];
  /** The row's query (without id/number), parsed: ints are numbers, dates are checked text. */
  readonly query: z.output<Endpoints[N]['query']>;
  readonly parent: ParentRef;
  readonly headerLists: HeaderListsOf<Endpoints[N]>;
  readonly body: BodyOf<Endpoints[N]>;
  /** Present exactly for `upload` rows. */
  readonly file: Endpoints[N] extends { readonly upload: true } ? UploadedFile : undefined;
}

/**
 * A type without `[key: string]` index signatures, at every depth (the records are loose objects), so
 * plain row interfaces fit and a misspelt field in an object literal is a type error.
 */
type KnownFields<T> = T extends readonly (infer Item)[]
  ? readonly KnownFields<Item>[]
  : T extends object
    ? { [K in keyof T as string extends K ? never : K]: KnownFields<T[K]> }
    : T;

/** A record as a handler returns it: the known fields of the input side of the row's record schema. */
type RecordOf<S> = S extends z.ZodType ? KnownFields<z.input<S>> : never;

export interface ListResult<Item> {
  readonly list: readonly Item[];
  /** Total number of records matching the filter, over all pages. */
  readonly count: number;
  /** Only for rows whose response names totals (totalAmount, totalPaymentAmount). */
  readonly totals?: Readonly<Partial<Record<'totalAmount' | 'totalPaymentAmount', number>>>;
}

export interface WriteResult<Payload> {
  /** The created record's id (answered as detail.id on `created` rows). */
  readonly id?: number;
  /** Extra data under the row's payload key (`detail` for stock lists, `data` for serials). */
  readonly payload?: Payload;
  /** resDesc; "Success" when absent. */
  readonly description?: string;
}

type PayloadOf<R> = R extends { readonly payload: { readonly schema: infer S } } ? RecordOf<S> : never;

export type ResultOfShape<R extends ResponseShape> = R extends { readonly kind: 'list' }
  ? ListResult<RecordOf<R['item']>>
  : R extends { readonly kind: 'detail' }
    ? RecordOf<R['record']>
    : R extends { readonly kind: 'write' }
      ? WriteResult<PayloadOf<R>>
      : R extends { readonly kind: 'fileList' }
        ? readonly RecordOf<R['item']>[]
        : R extends { readonly kind: 'fileDetail' }
          ? RecordOf<R['record']>
          : never;

export type HandlerResult<N extends EndpointName> = ResultOfShape<Endpoints[N]['response']>;

export type Handler<N extends EndpointName> = (context: HandlerContext<N>) => HandlerResult<N>;

/** Every endpoint's handler. Resource modules export `handlers = {...} satisfies Partial<Handlers>`. */
export type Handlers = { readonly [N in EndpointName]: Handler<N> };

/**
 * What `resources/<name>/index.ts` exports: its handlers and its tables (`CREATE TABLE IF NOT EXISTS`,
 * every table keyed by store_id), which the core runs at every start.
 */
export interface ResourceModule {
  readonly handlers: Partial<Handlers>;
  readonly schemaSql: string;
}
