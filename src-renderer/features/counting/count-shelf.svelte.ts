// The shelf this PC's scans of a count are on: a shelf label's scan enters it, "the shelf is empty"
// confirms it holds nothing. Main keeps the shelf in the scan log, so a restart reads it back. Both
// go through the count's call queue (call-queue.ts): a label scanned between two scans puts exactly
// the later one on the new shelf.
import type { CallValue, IpcError, StockroomBridge } from '../../../src-shared/ipc/index.js';
import { playCue } from '../../lib/sounds.js';
import type { CallQueue } from './call-queue.js';

/** The last shelf label or empty shelf main refused (the page says why in its words). */
export interface ShelfProblem {
  code: string;
  error: IpcError;
}

export class CountShelf {
  readonly #sessionId: string;
  readonly #api: StockroomBridge;
  readonly #queue: CallQueue;
  /** Shows a refused label on the big display (and sounds it). */
  readonly #refuse: (code: string, message: string) => void;
  #current = $state<CallValue<'counting.currentShelf'>>(null);
  #problem = $state.raw<ShelfProblem | null>(null);

  constructor(
    sessionId: string,
    bridge: StockroomBridge,
    queue: CallQueue,
    refuse: (code: string, message: string) => void,
  ) {
    this.#sessionId = sessionId;
    this.#api = bridge;
    this.#queue = queue;
    this.#refuse = refuse;
  }

  get current(): CallValue<'counting.currentShelf'> {
    return this.#current;
  }

  get problem(): ShelfProblem | null {
    return this.#problem;
  }

  /** The shelf this PC was on (a restart keeps it); nothing waits for it, and a failure leaves none. */
  load(): void {
    void this.#api
      .call('counting.currentShelf', { sessionId: this.#sessionId })
      .then((shelf) => {
        if (shelf.ok) this.#current = shelf.value;
      })
      .catch(() => undefined);
  }

  /** A shelf label: the following scans are on that shelf. */
  enter(code: string): Promise<void> {
    return this.#queue.run(async () => {
      const result = await this.#api.call('counting.enterShelf', { sessionId: this.#sessionId, code });
      if (!result.ok) {
        this.#problem = { code, error: result.error };
        this.#refuse(code, result.error.message);
        return;
      }
      this.#problem = null;
      this.#current = result.value;
      playCue('ok');
    });
  }

  /**
   * The person looked: the current shelf holds nothing. Main refuses while units are counted on it
   * (nothing is taken away); the refusal shows on the big display.
   */
  confirmEmpty(): Promise<void> {
    const shelf = this.#current;
    if (shelf === null) return Promise.resolve();
    return this.#queue.run(async () => {
      const result = await this.#api.call('counting.confirmShelfEmpty', {
        sessionId: this.#sessionId,
        code: shelf.code,
      });
      this.#problem = result.ok ? null : { code: shelf.code, error: result.error };
      if (result.ok) this.#current = result.value;
      else this.#refuse(shelf.code, result.error.message);
    });
  }
}
