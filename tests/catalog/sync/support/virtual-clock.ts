// A clock for simulating days of scheduling in seconds: sleeping moves the time forward at once. The
// sandbox, the client's budget and the scheduler share it, so Thai days turn over for all of them.
import type { SchedulerClock } from '../../../../src-main/catalog/sync/index.js';

export class VirtualClock implements SchedulerClock {
  #time: number;

  constructor(start: number) {
    this.#time = start;
  }

  readonly now = (): number => this.#time;

  async sleep(ms: number, signal: AbortSignal): Promise<void> {
    if (signal.aborted) return;
    this.#time += Math.max(0, ms);
    // Yield, so other work queued meanwhile gets its turn as it would during a real wait.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }

  advance(ms: number): void {
    this.#time += ms;
  }
}
