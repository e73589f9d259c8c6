// What the app hears from the outbox: counts by state, drain progress, pause/resume, applied stock.
import type { OpenCounts } from './drain.repository.js';

export interface OutboxEventMap {
  /** The open rows changed (after enqueues, batches and person actions). */
  readonly changed: OpenCounts & { readonly paused: boolean };
  /** Progress of the current run: rows settled of the rows due. */
  readonly progress: { readonly done: number; readonly total: number };
  /** The whole queue stopped until a person resumes it. */
  readonly paused: { readonly code: string; readonly text: string };
  readonly resumed: Record<string, never>;
  /** The server confirmed a stock figure (the catalogue may show it before the next pull). */
  readonly stockApplied: {
    readonly warehouseCode: string;
    readonly productId: number;
    readonly sku: string;
    readonly figure: number;
    readonly available: boolean;
  };
}

export type OutboxEventName = keyof OutboxEventMap;
type Listener<E extends OutboxEventName> = (payload: OutboxEventMap[E]) => void;

export class OutboxEvents {
  readonly #listeners = new Map<OutboxEventName, Set<(payload: never) => void>>();
  readonly #onListenerError: (error: unknown) => void;

  constructor(onListenerError: (error: unknown) => void = () => {}) {
    this.#onListenerError = onListenerError;
  }

  /** Returns the unsubscribe function. */
  on<E extends OutboxEventName>(event: E, listener: Listener<E>): () => void {
    let set = this.#listeners.get(event);
    if (!set) {
      set = new Set();
      this.#listeners.set(event, set);
    }
    set.add(listener);
    return () => set.delete(listener);
  }

  emit<E extends OutboxEventName>(event: E, payload: OutboxEventMap[E]): void {
    for (const listener of this.#listeners.get(event) ?? []) {
      try {
        (listener as Listener<E>)(payload);
      } catch (error) {
        // A broken display must not stop the drain.
        this.#onListenerError(error);
      }
    }
  }
}
