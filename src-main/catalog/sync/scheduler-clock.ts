// The scheduler's sense of time, injectable so a whole day of scheduling can be simulated in seconds
// (tests and the benchmark advance a virtual clock instead of waiting).
import { setTimeout as delay } from 'node:timers/promises';

export interface SchedulerClock {
  now(): number;
  /** Resolves after `ms`, or early (without throwing) once `signal` aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

export const systemClock: SchedulerClock = {
  now: () => Date.now(),
  sleep: async (ms, signal) => {
    if (signal.aborted) return;
    try {
      await delay(ms, undefined, { signal });
    } catch (error) {
      if (!signal.aborted) throw error;
    }
  },
};
