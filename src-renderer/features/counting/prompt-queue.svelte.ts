// Quantity-prompt mode: each scan waits here for the person to say how many. The first waiting scan
// has the prompt; scans that arrive meanwhile queue behind it in order, each to get its own prompt,
// so a burst (or a scanner's double read) is never dropped and never counted at a guessed quantity.
// Escape cancels only the scan on screen, and says so: in prompt mode nothing is counted without an
// answer, so a wrong item scanned by mistake can be let go without an undo.

export interface PendingScan {
  /** Tells equal codes apart (the prompt is redrawn fresh for each scan). */
  readonly id: number;
  readonly code: string;
  readonly repeated: boolean;
}

export class PromptQueue {
  #pending = $state.raw<PendingScan[]>([]);
  #cancelledCode = $state<string | null>(null);
  #nextId = 1;

  /** The scan on screen first, then the ones waiting behind it. */
  get pending(): readonly PendingScan[] {
    return this.#pending;
  }

  /** The code whose scan was cancelled last, for the notice; null once another scan is counted. */
  get cancelledCode(): string | null {
    return this.#cancelledCode;
  }

  get current(): PendingScan | null {
    return this.#pending[0] ?? null;
  }

  /** Scans behind the one on screen. */
  get waiting(): number {
    return Math.max(0, this.#pending.length - 1);
  }

  add(code: string, repeated: boolean): void {
    this.#pending = [...this.#pending, { id: this.#nextId++, code, repeated }];
  }

  /** Takes the scan on screen off the queue (to be counted); null when there is none. */
  take(): PendingScan | null {
    const [first, ...rest] = this.#pending;
    if (first === undefined) return null;
    this.#pending = rest;
    this.#cancelledCode = null;
    return first;
  }

  cancel(): void {
    const taken = this.take();
    if (taken !== null) this.#cancelledCode = taken.code;
  }
}
