// Which service a call reaches by default, and which calls must say otherwise. A call `area.verb`
// forwards to the method `verb` of the store's service for `area` (STORE_AREAS) with the parsed arguments
// as its one argument when that method takes them (or nothing) and answers the call's value; the
// compiler works out which calls do (ForwardedCall). Every other call needs an override
// (call-overrides.ts), and an override for a call that forwards is a compile error.
import type { CallName, CallValue, ParsedCallArgs } from '../../src-shared/ipc/index.js';
import type { CallHandlers } from './api-core.js';
import type { ActiveStore } from './api-services.js';

/** The store service each call area forwards to (the call area is the word the page uses). */
export const STORE_AREAS = {
  catalogue: (store: ActiveStore) => store.catalogue,
  counting: (store: ActiveStore) => store.counting,
  live: (store: ActiveStore) => store.live,
  money: (store: ActiveStore) => store.money,
  documents: (store: ActiveStore) => store.documents,
  returns: (store: ActiveStore) => store.returns.service,
  outbox: (store: ActiveStore) => store.outbox,
  contacts: (store: ActiveStore) => store.contacts,
  print: (store: ActiveStore) => store.printing,
  stockMoves: (store: ActiveStore) => store.stockMoves,
  files: (store: ActiveStore) => store.files,
  bundles: (store: ActiveStore) => store.bundles,
  serials: (store: ActiveStore) => store.serials,
  cycle: (store: ActiveStore) => store.cycle,
  shelves: (store: ActiveStore) => store.counting.shelves,
} as const;

export type StoreAreas = { readonly [A in keyof typeof STORE_AREAS]: ReturnType<(typeof STORE_AREAS)[A]> };

type AreaOf<N extends string> = N extends `${infer A}.${string}` ? A : never;
type VerbOf<N extends string> = N extends `${string}.${infer V}` ? V : never;

/** A parameter list that takes the parsed arguments as its one argument, or takes none. */
type TakesArgs<P extends readonly unknown[], A> = P extends readonly [] ? true : [A] extends P ? true : false;

/** Whether method M can serve call N as it is. */
type Serves<M, N extends CallName> = M extends (...args: infer P) => infer R
  ? TakesArgs<P, ParsedCallArgs<N>> extends true
    ? [R] extends [CallValue<N> | Promise<CallValue<N>>]
      ? true
      : false
    : false
  : false;

type ServiceMethod<Areas, N extends CallName> =
  AreaOf<N> extends keyof Areas
    ? VerbOf<N> extends keyof Areas[AreaOf<N>]
      ? Areas[AreaOf<N>][VerbOf<N>]
      : undefined
    : undefined;

/** The calls that reach their area service's method of the same name with no code of their own. */
export type ForwardedCallOf<Areas> = {
  [N in CallName]: Serves<ServiceMethod<Areas, N>, N> extends true ? N : never;
}[CallName];

/** The calls the open store's services serve as they are. */
export type ForwardedCall = ForwardedCallOf<StoreAreas>;

/** Every call that differs from the default, and only those: written out in call-overrides.ts. */
export type CallOverridesOf<Areas> = Pick<CallHandlers, Exclude<CallName, ForwardedCallOf<Areas>>>;
export type CallOverrides = CallOverridesOf<StoreAreas>;
