// A member's reads of the host's joined lines (decision 0013, protocol 4): each `view` request has a
// number, is answered by the host's `view` with the same number, and is given up after 5 s or when
// the link it went on goes (LiveHostUnreachable), so a read never waits forever.
import type { HostMessage } from './live-protocol.js';

/** How long a page of the joined lines may take from the host before the read is given up. */
const VIEW_WAIT_MS = 5_000;

/** The host's joined lines could not be read: it is not connected now, or did not answer in time. */
export class LiveHostUnreachable extends Error {
  constructor() {
    super('The host of the live count cannot be reached now');
  }
}

/** A page of the host's joined lines, as its `view` answer carries it. */
export type JoinedPage = Omit<Extract<HostMessage, { t: 'view' }>, 't' | 'request'>;

interface PendingView {
  readonly resolve: (page: JoinedPage) => void;
  readonly reject: (error: Error) => void;
  readonly timer: NodeJS.Timeout;
}

export class ViewRequests {
  readonly #pending = new Map<number, PendingView>();
  #next = 1;

  /** Sends a request for the page from `offset` with `send`, and waits for its answer. */
  ask(
    offset: number,
    send: (message: { t: 'view'; request: number; offset: number }) => void,
  ): Promise<JoinedPage> {
    const request = this.#next;
    this.#next += 1;
    return new Promise<JoinedPage>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(request);
        reject(new LiveHostUnreachable());
      }, VIEW_WAIT_MS);
      this.#pending.set(request, { resolve, reject, timer });
      send({ t: 'view', request, offset });
    });
  }

  /** The host's answer: its read resolves (one given up already is let go). */
  answered(message: Extract<HostMessage, { t: 'view' }>): void {
    const view = this.#pending.get(message.request);
    if (view === undefined) return;
    this.#pending.delete(message.request);
    clearTimeout(view.timer);
    const { t: _t, request: _request, ...page } = message;
    view.resolve(page);
  }

  /** Reads still waiting are given up (the link they went on is gone). */
  abandon(): void {
    for (const view of this.#pending.values()) {
      clearTimeout(view.timer);
      view.reject(new LiveHostUnreachable());
    }
    this.#pending.clear();
  }
}
