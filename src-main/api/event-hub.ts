// The fan-out of main's events to every transport listening (the window's IPC, web host sockets).
// Payloads are parsed with the event contract before they leave, like call results: only the schema's
// fields go out. A broken listener is logged and never stops the others or the service that emitted.
import { eventContract, type EventName, type EventPayload } from '../../src-shared/ipc/index.js';
import { silentLogger, type Logger } from '../logging/index.js';
import type { ApiEventListener, ApiEventSource } from './api-core.js';

export class EventHub implements ApiEventSource {
  readonly #listeners = new Set<ApiEventListener>();
  readonly #logger: Logger;
  readonly #last = new Map<EventName, unknown>();

  constructor(logger: Logger = silentLogger) {
    this.#logger = logger;
  }

  subscribe(listener: ApiEventListener): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  emit<E extends EventName>(name: E, payload: EventPayload<E>): void {
    const checked = eventContract[name].safeParse(payload);
    if (!checked.success) {
      this.#logger.error('An event outside its contract was dropped', {
        event: name,
        issues: checked.error.issues.slice(0, 5).map((issue) => `${issue.path.join('.')}: ${issue.message}`),
      });
      return;
    }
    this.#last.set(name, checked.data);
    for (const listener of [...this.#listeners]) {
      try {
        listener(name, checked.data);
      } catch (error) {
        this.#logger.error('An event listener failed', { event: name, error });
      }
    }
  }

  /** The last payload sent of an event (tests, and a late subscriber's first picture). */
  last<E extends EventName>(name: E): EventPayload<E> | undefined {
    return this.#last.get(name) as EventPayload<E> | undefined;
  }
}
