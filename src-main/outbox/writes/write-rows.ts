// The four shapes of a v4 write (WRITES.md) as row types and the builders the resource modules use
// (finance-rows.ts, …). A row names its endpoint and declares its read-back; the drainer's kinds are
// built from rows by shape (write-kinds.ts). Builders take typed functions and erase the types in the
// row they return: bodies, arguments and snapshots come back from the database as JSON and are
// checked against the endpoint there, so the kinds only ever hold `unknown` anyway.
import type { z } from 'zod';
import type { EndpointName, Endpoints } from '../../../src-shared/api/endpoints/index.js';
import type { CallArgs } from '../../backoffice/call-types.js';
import type { BackofficeCaller } from '../../backoffice/index.js';
import type { DeltaVerdict } from './write-shapes.js';

/** The creates that take `uniquenumber` (a repeat answers 900 and creates nothing). */
export type KeyedCreateEndpoint = {
  [N in EndpointName]: Endpoints[N] extends { readonly idempotent: true } ? N : never;
}[EndpointName];

/** Creates without a key: a JSON body, an answer with `detail.id`. */
export type KeylessCreateEndpoint =
  'AddReturnPurchaseOrder' | 'AddProduct' | 'AddBundle' | 'AddContact' | 'AddWarehouse';

/** The writes on one record (its id, or its number where the endpoint allows it). */
export type RecordWriteEndpoint = {
  [N in EndpointName]: Endpoints[N] extends { readonly method: 'POST'; readonly parent: 'id' | 'idOrNumber' }
    ? N
    : never;
}[EndpointName];

export type CreateBody<N extends KeyedCreateEndpoint | KeylessCreateEndpoint> = z.output<
  Endpoints[N]['body']
>;

/**
 * A file to upload, already copied into the store's data folder by the service that queued it (never
 * the person's original, which may move). The drainer opens it at send time without reading it whole.
 */
export interface StoredUpload {
  readonly path: string;
  /** The name the back office stores (the app makes it unique per record, so a read-back can find it). */
  readonly fileName: string;
  /** MIME type. */
  readonly type: string;
}

type WithoutParent<A> = Omit<A, 'id' | 'number' | 'file'>;

/**
 * What endpoint N takes besides its record's id or number: its query, body and headers as the client
 * types them, and for an upload the stored file instead of bytes.
 */
export type ChangeArgs<N extends RecordWriteEndpoint> = WithoutParent<CallArgs<N>> &
  (Endpoints[N] extends { readonly upload: true } ? { readonly file: StoredUpload } : unknown);

/** How a write names its record to a read-back: by id, or (endpoints taking id or number) either. */
export type RecordRef = { readonly id: number } | { readonly number: string };
export type RefOf<N extends RecordWriteEndpoint> = Endpoints[N] extends { readonly parent: 'id' }
  ? { readonly id: number }
  : RecordRef;

/** What a keyless create's read-back found for the body it sent. */
export type CreatedReadBack =
  /** No such record: the create did not land; it is sent again. */
  | { readonly found: 'none' }
  /** The record, with the figures sent: applied. */
  | { readonly found: 'same'; readonly id: number }
  /** A record with the app's unique field but other figures: a person decides. `held` in words. */
  | { readonly found: 'different'; readonly id: number; readonly held: string };

interface RowBase<E extends EndpointName> {
  readonly endpoint: E;
  /** What the record is called in descriptions and reasons ("contact", "quotation"). */
  readonly record: string;
}

export interface KeyedCreateRow<N extends KeyedCreateEndpoint = KeyedCreateEndpoint> extends RowBase<N> {
  readonly shape: 'keyedCreate';
  /**
   * The server id of the record created with this key, read back (after a 900 answer, which carries no
   * id) only when a dependent write needs it. `since`: when the row was queued (epoch ms).
   */
  readonly findByKey: (
    client: BackofficeCaller,
    uniqueNumber: string,
    since: number,
  ) => Promise<number | undefined>;
  /** The English wording of the row in the Outbox, from the body checked against the endpoint. */
  readonly describe: (body: unknown) => string;
}

export interface KeylessCreateRow<
  N extends KeylessCreateEndpoint = KeylessCreateEndpoint,
> extends RowBase<N> {
  readonly shape: 'keylessCreate';
  /** Looks on the back office for the record this body creates, by the field the app made unique. */
  readonly findCreated: (client: BackofficeCaller, body: unknown) => Promise<CreatedReadBack>;
  readonly describe: (body: unknown) => string;
}

/** What absolute changes and deltas share: a record (by id, number or the create it waits for). */
interface RecordWriteBase<N extends RecordWriteEndpoint> extends RowBase<N> {
  /** The creates (write kinds) whose records this write may wait for; [] when it never waits. */
  readonly after: readonly string[];
  /** What the record holds now, as JSON-safe data (read before sending and after an unclear failure). */
  readonly readBack: (client: BackofficeCaller, ref: RecordRef) => Promise<unknown>;
  /** A snapshot in words, for the reason a person reads. */
  readonly show: (snapshot: unknown) => string;
  /** The English wording of the row in the Outbox; `record` names the record ("contact #12"). */
  readonly describe: (args: unknown, record: string) => string;
}

export interface AbsoluteChangeRow<
  N extends RecordWriteEndpoint = RecordWriteEndpoint,
> extends RecordWriteBase<N> {
  readonly shape: 'absoluteChange';
  /** Whether the record already shows what this write sets. */
  readonly reached: (snapshot: unknown, args: unknown) => boolean;
}

export interface DeltaRow<N extends RecordWriteEndpoint = RecordWriteEndpoint> extends RecordWriteBase<N> {
  readonly shape: 'delta';
  /** Before vs. after for the write: certain (applied, not applied) or a person decides. */
  readonly judge: (before: unknown, after: unknown, args: unknown) => DeltaVerdict;
}

export type RecordWriteRow = AbsoluteChangeRow | DeltaRow;
export type WriteRow = KeyedCreateRow | KeylessCreateRow | RecordWriteRow;

interface RecordWriteSpec<N extends RecordWriteEndpoint, S> {
  readonly endpoint: N;
  readonly record: string;
  readonly after: readonly string[];
  readonly readBack: (client: BackofficeCaller, ref: RefOf<N>) => Promise<S>;
  readonly show: (snapshot: S) => string;
  readonly describe: (args: ChangeArgs<N>, record: string) => string;
}

interface CreateSpec<N extends KeyedCreateEndpoint | KeylessCreateEndpoint> {
  readonly endpoint: N;
  readonly record: string;
  readonly describe: (body: CreateBody<N>) => string;
}

export function keyedCreate<N extends KeyedCreateEndpoint>(
  spec: CreateSpec<N> & Pick<KeyedCreateRow<N>, 'findByKey'>,
): KeyedCreateRow<N> {
  return {
    shape: 'keyedCreate',
    endpoint: spec.endpoint,
    record: spec.record,
    findByKey: spec.findByKey,
    describe: (body) => spec.describe(body as CreateBody<N>),
  };
}

export function keylessCreate<N extends KeylessCreateEndpoint>(
  spec: CreateSpec<N> & {
    readonly findCreated: (client: BackofficeCaller, body: CreateBody<N>) => Promise<CreatedReadBack>;
  },
): KeylessCreateRow<N> {
  return {
    shape: 'keylessCreate',
    endpoint: spec.endpoint,
    record: spec.record,
    findCreated: (client, body) => spec.findCreated(client, body as CreateBody<N>),
    describe: (body) => spec.describe(body as CreateBody<N>),
  };
}

/**
 * A write that sets fields or a state: resending it is safe unless the record moved meanwhile. `S`
 * is the part of the record the write sets; `reached` says whether a snapshot already shows it.
 */
export function absoluteChange<N extends RecordWriteEndpoint, S>(
  spec: RecordWriteSpec<N, S> & { readonly reached: (snapshot: S, args: ChangeArgs<N>) => boolean },
): AbsoluteChangeRow<N> {
  return {
    shape: 'absoluteChange',
    ...erased(spec),
    reached: (snapshot, args) => spec.reached(snapshot as S, args as ChangeArgs<N>),
  };
}

/** A write that adds (a payment, a file): never resent without comparing the record before and after. */
export function delta<N extends RecordWriteEndpoint, S>(
  spec: RecordWriteSpec<N, S> & {
    readonly judge: (before: S, after: S, args: ChangeArgs<N>) => DeltaVerdict;
  },
): DeltaRow<N> {
  return {
    shape: 'delta',
    ...erased(spec),
    judge: (before, after, args) => spec.judge(before as S, after as S, args as ChangeArgs<N>),
  };
}

/** The snapshot and the arguments come back from the database as JSON: typed here, once. */
function erased<N extends RecordWriteEndpoint, S>(spec: RecordWriteSpec<N, S>) {
  return {
    endpoint: spec.endpoint,
    record: spec.record,
    after: spec.after,
    // The outbox passes a number only to rows whose endpoint takes one (enqueue refuses it otherwise).
    readBack: (client: BackofficeCaller, ref: RecordRef) => spec.readBack(client, ref as RefOf<N>),
    show: (snapshot: unknown) => spec.show(snapshot as S),
    describe: (args: unknown, record: string) => spec.describe(args as ChangeArgs<N>, record),
  };
}
