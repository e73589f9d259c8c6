// A stand-in for the page's bridge to main (src-renderer/lib/api.ts), for the state classes' unit tests:
// it records every call with its arguments, answers each call name from what the test told it (in
// order, the last answer repeating), lets a test hold an answer back (`held`) to see what happens
// while a call is on its way, and delivers events to the listeners a class registered.
//
//   const bridge = new FakeBridge().answer('counting.lines', ok([])).answer('counting.scan', ok(line));
//   const counting = new CountingSession('session-1', bridge);
//   expect(bridge.argsOf('counting.scan')).toEqual([{ sessionId: 'session-1', code: '885…' }]);
import {
  ipcFail,
  ipcOk,
  type CallArgs,
  type CallName,
  type CallReason,
  type CallValue,
  type EventName,
  type EventPayload,
  type RefusalReason,
  type IpcErrorCode,
  type IpcResult,
  type StockroomBridge,
} from '../../../src-shared/ipc/index.js';

export const ok = ipcOk;

/**
 * A refusal as main words it: a code, a message, and the service's reason when it gives one. Its type
 * carries the reason, so answering a call with a reason the call's contract does not list is a type
 * error (main would never send it: the IPC edge takes it off).
 */
export function refused<R extends RefusalReason = never>(
  code: IpcErrorCode,
  message: string,
  reason?: R,
): IpcResult<never, R> {
  return ipcFail(code, message, reason === undefined ? {} : { reason });
}

/** What call N may answer: its value, or a refusal with one of its own reasons (CallReason) or none. */
export type Reply<N extends CallName> = IpcResult<CallValue<N>, CallReason<N>>;
/** An answer: the result itself, or worked out from the call's arguments (may be a held promise). */
export type Answer<N extends CallName> = Reply<N> | ((args: CallArgs<N>) => Reply<N> | Promise<Reply<N>>);

export interface RecordedCall {
  readonly name: CallName;
  readonly args: unknown;
}

/** An answer the test lets go of when it wants: `release(result)`. */
export interface Held<T> {
  readonly promise: Promise<T>;
  release(value: T): void;
}

export function held<T>(): Held<T> {
  let release!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (release = resolve));
  return { promise, release };
}

/** Lets every promise already settled run its callbacks (a task later). */
export function settled(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export class FakeBridge implements StockroomBridge {
  /** Every call made, in order. */
  readonly calls: RecordedCall[] = [];
  readonly #answers = new Map<CallName, unknown[]>();
  readonly #listeners = new Map<EventName, Set<(payload: never) => void>>();

  /** Answers the next calls of `name` with these, in order; the last one answers every call after. */
  answer<N extends CallName>(name: N, ...answers: Answer<N>[]): this {
    this.#answers.set(name, [...(this.#answers.get(name) ?? []), ...answers]);
    return this;
  }

  call<N extends CallName>(name: N, args: CallArgs<N>): Promise<IpcResult<CallValue<N>, CallReason<N>>> {
    this.calls.push({ name, args });
    const queue = this.#answers.get(name) ?? [];
    const next = (queue.length > 1 ? queue.shift() : queue[0]) as Answer<N> | undefined;
    // A call the test did not expect fails it, rather than being answered with something made up.
    if (next === undefined) return Promise.reject(new Error(`FakeBridge: no answer for ${name}`));
    return Promise.resolve(typeof next === 'function' ? next(args) : next) as Promise<
      IpcResult<CallValue<N>, CallReason<N>>
    >;
  }

  on<E extends EventName>(name: E, listener: (payload: EventPayload<E>) => void): () => void {
    const set = this.#listeners.get(name) ?? new Set();
    this.#listeners.set(name, set);
    set.add(listener as (payload: never) => void);
    return () => set.delete(listener as (payload: never) => void);
  }

  /** Sends an event to every listener of `name`, as main would. */
  emit<E extends EventName>(name: E, payload: EventPayload<E>): void {
    for (const listener of [...(this.#listeners.get(name) ?? [])]) {
      (listener as (payload: EventPayload<E>) => void)(payload);
    }
  }

  /** The arguments of each call of `name`, in order. */
  argsOf<N extends CallName>(name: N): CallArgs<N>[] {
    return this.calls.filter((call) => call.name === name).map((call) => call.args as CallArgs<N>);
  }

  /** The names of the calls made, in order. */
  names(): CallName[] {
    return this.calls.map((call) => call.name);
  }
}
