// While the back office cannot be reached, one cheap read on a short fixed interval tells when it is
// back, so queued writes go within seconds instead of at their next backoff step (up to 5 minutes
// away). Separate from the writes' backoff: a probe that fails costs nothing on the server (it never
// arrived), and the first one that arrives ends the probing and wakes the drainer.
import { isBackofficeFailure, type BackofficeClient } from '../backoffice/index.js';

/** How often an offline outbox asks whether the back office is back (default). */
export const DEFAULT_PROBE_MS = 3_000;

/** Failures that mean the back office answered, so it is reachable (the drainer then meets them itself). */
const ANSWERED: ReadonlySet<string> = new Set(['permanent', 'duplicate', 'auth', 'quota']);

/** One read with a single attempt: the probe's own interval is its retry. */
export async function backOfficeAnswers(client: BackofficeClient): Promise<boolean> {
  try {
    await client.failingFastWhile(() => true).call('GetWarehouses', { query: { limit: 1 } });
    return true;
  } catch (error) {
    return isBackofficeFailure(error) && ANSWERED.has(error.kind);
  }
}

export interface ReachabilityProbeOptions {
  readonly intervalMs: number;
  readonly probe: () => Promise<boolean>;
  /** Called once per offline spell, on the first probe that reached the back office. */
  readonly onReachable: () => void;
  readonly onError: (error: unknown) => void;
}

export class ReachabilityProbe {
  readonly #o: ReachabilityProbeOptions;
  #timer: NodeJS.Timeout | undefined;
  #probing = false;
  /** How many probes this spell has made (the tests and the bench read the schedule through it). */
  attempts = 0;

  constructor(options: ReachabilityProbeOptions) {
    this.#o = options;
  }

  get active(): boolean {
    return this.#timer !== undefined;
  }

  /** Starts probing (no-op while already probing). */
  start(): void {
    if (this.#timer !== undefined) return;
    this.attempts = 0;
    this.#timer = setInterval(() => void this.#tick(), this.#o.intervalMs);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  async #tick(): Promise<void> {
    if (this.#probing) return;
    this.#probing = true;
    try {
      this.attempts += 1;
      if (!(await this.#o.probe()) || this.#timer === undefined) return;
      this.stop();
      this.#o.onReachable();
    } catch (error) {
      this.#o.onError(error);
    } finally {
      this.#probing = false;
    }
  }
}
