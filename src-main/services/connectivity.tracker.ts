// Online, offline or paused, as the status bar says it: derived from how the back office answered the
// last request (any request: sync or outbox) and from the outbox's pause. Only changes are pushed.
import type { Connectivity } from '../../src-shared/ipc/index.js';
import type { FailureKind, RequestEvent } from '../backoffice/index.js';

type Reason = NonNullable<Connectivity['reason']>;

const REASONS = {
  'no-profile': 'No store is open.',
  unreachable: 'The back office cannot be reached: Stockroom works offline and sends the changes later.',
  'server-error': 'The back office is not answering properly: Stockroom keeps the changes and tries again.',
  credentials: 'The back office refused the API key or secret: sending is paused until the profile is fixed.',
  quota: "The store's daily request limit is used up: sending waits for tomorrow.",
  'outbox-paused': 'Sending is paused until a person looks at the outbox.',
} satisfies Record<Reason['code'], string>;

function reason(code: Reason['code'], message?: string): Reason {
  return { code, message: message ?? REASONS[code] };
}

const BY_OUTCOME: Record<FailureKind | 'ok', Pick<Connectivity, 'state' | 'reason'>> = {
  ok: { state: 'online', reason: null },
  permanent: { state: 'online', reason: null },
  duplicate: { state: 'online', reason: null },
  notSent: { state: 'offline', reason: reason('unreachable') },
  unclear: { state: 'offline', reason: reason('server-error') },
  malformed: { state: 'offline', reason: reason('server-error') },
  auth: { state: 'paused', reason: reason('credentials') },
  quota: { state: 'paused', reason: reason('quota') },
};

export const NO_PROFILE_CONNECTIVITY = (at: number): Connectivity => ({
  state: 'offline',
  reason: reason('no-profile'),
  since: at,
});

export class ConnectivityTracker {
  #current: Connectivity;
  #outboxPause: Reason | undefined;
  readonly #now: () => number;
  readonly #publish: (value: Connectivity) => void;

  constructor(options: { now: () => number; publish: (value: Connectivity) => void }) {
    this.#now = options.now;
    this.#publish = options.publish;
    this.#current = { state: 'unknown', reason: null, since: this.#now() };
  }

  current(): Connectivity {
    return this.#current;
  }

  /**
   * Whether the back office's last answer (to any request: sync, outbox or page) was no answer: refused,
   * reset, timed out, or a 5xx. Reads a page waits on then try once; the next answer changes it.
   */
  backOfficeUnreachable(): boolean {
    return this.#current.state === 'offline' && this.#current.reason?.code !== 'no-profile';
  }

  /** A store opened (nothing known about it yet) or none is open. */
  reset(hasStore: boolean): void {
    this.#outboxPause = undefined;
    if (hasStore) this.#change('unknown', null);
    else this.#change('offline', reason('no-profile'));
  }

  /** Every request the client made (the client's onRequest). */
  onRequest(event: Pick<RequestEvent, 'outcome'>): void {
    // While the outbox is paused, a successful read does not make the app "online" for writes.
    const next = BY_OUTCOME[event.outcome];
    if (this.#outboxPause !== undefined && next.state === 'online') return;
    this.#change(next.state, next.reason);
  }

  /** The outbox paused the queue (auth or configuration refused). */
  onOutboxPaused(text: string): void {
    // "Invalid API" is the key or secret; anything else ("Access Denied." to a warehouse) is for a person.
    this.#outboxPause = /invalid api/i.test(text)
      ? reason('credentials')
      : reason('outbox-paused', `Sending is paused: the back office said "${text.slice(0, 200)}".`);
    this.#change('paused', this.#outboxPause);
  }

  onOutboxResumed(): void {
    this.#outboxPause = undefined;
    this.#change('unknown', null);
  }

  #change(state: Connectivity['state'], next: Reason | null): void {
    if (this.#current.state === state && this.#current.reason?.code === next?.code) return;
    this.#current = { state, reason: next, since: this.#now() };
    this.#publish(this.#current);
  }
}
