// Fault injection for client tests: latency (+ jitter), a fraction of requests failing (HTTP 500,
// resCode "500" in a 200 body, or a connection reset) before or after the write commits, from a seeded
// PRNG for repeatable runs, plus a deterministic schedule ("fail the next N requests to X with M").
import { seededFloats } from '../../src-shared/random.js';

export type FaultMode = 'http500' | 'res500' | 'reset';
/** `before`: nothing is processed; `after`: the handler ran (a write committed), the answer is lost. */
export type FaultTiming = 'before' | 'after';

export const FAULT_MODES: readonly FaultMode[] = ['http500', 'res500', 'reset'];

export interface Fault {
  readonly mode: FaultMode;
  readonly timing: FaultTiming;
}

export interface FaultSettings {
  /** Added to every request, in ms. */
  readonly latencyMs: number;
  /** Up to this many ms more, drawn from the PRNG. */
  readonly jitterMs: number;
  /** Fraction (0..1) of authenticated requests that fail with one of failModes. */
  readonly failRate: number;
  readonly failModes: readonly Fault[];
  /** PRNG seed; setting it restarts the sequence. */
  readonly seed: number;
}

export interface ScheduledFault {
  /** An endpoint name of the table (any case), or '*' for any endpoint. */
  readonly endpoint: string;
  readonly mode: FaultMode;
  /** Default 'before'. */
  readonly timing?: FaultTiming;
  /** How many requests to fail (default 1). */
  readonly count?: number;
}

export const DEFAULT_FAULTS: FaultSettings = {
  latencyMs: 0,
  jitterMs: 0,
  failRate: 0,
  failModes: FAULT_MODES.flatMap((mode) => [
    { mode, timing: 'before' as const },
    { mode, timing: 'after' as const },
  ]),
  seed: 1,
};

export class FaultInjector {
  private settings: FaultSettings = DEFAULT_FAULTS;
  private random = seededFloats(DEFAULT_FAULTS.seed);
  private schedule: { endpoint: string; fault: Fault; remaining: number }[] = [];

  constructor(settings: Partial<FaultSettings> = {}) {
    this.set(settings);
  }

  /** Changes some settings; the others keep their value. A given seed restarts the PRNG. */
  set(partial: Partial<FaultSettings>): void {
    const next = { ...this.settings, ...partial };
    validateSettings(next);
    this.settings = next;
    if (partial.seed !== undefined) this.random = seededFloats(partial.seed);
  }

  /** Fails the next `count` requests to `endpoint` (or '*') with this fault, ahead of the random ones. */
  add(scheduled: ScheduledFault): void {
    const count = scheduled.count ?? 1;
    if (!Number.isInteger(count) || count < 1) throw new Error('A scheduled fault needs a count ≥ 1');
    if (!isFaultMode(scheduled.mode)) throw new Error(`Unknown fault mode ${scheduled.mode}`);
    this.schedule.push({
      endpoint: scheduled.endpoint.toLowerCase(),
      fault: { mode: scheduled.mode, timing: scheduled.timing ?? 'before' },
      remaining: count,
    });
  }

  /** Back to no faults, no latency and an empty schedule. */
  clear(): void {
    this.settings = DEFAULT_FAULTS;
    this.random = seededFloats(DEFAULT_FAULTS.seed);
    this.schedule = [];
  }

  /** Milliseconds to hold this request. */
  delayMs(): number {
    const { latencyMs, jitterMs } = this.settings;
    return latencyMs + (jitterMs > 0 ? Math.floor(this.random() * (jitterMs + 1)) : 0);
  }

  /** The fault for this request to `endpoint`, if any: the schedule first, then the random rate. */
  pick(endpoint: string): Fault | undefined {
    const name = endpoint.toLowerCase();
    const entry = this.schedule.find((item) => item.endpoint === name || item.endpoint === '*');
    if (entry) {
      entry.remaining -= 1;
      if (entry.remaining <= 0) this.schedule.splice(this.schedule.indexOf(entry), 1);
      return entry.fault;
    }
    const { failRate, failModes } = this.settings;
    if (failRate <= 0 || failModes.length === 0 || this.random() >= failRate) return undefined;
    return failModes[Math.floor(this.random() * failModes.length)];
  }
}

export function isFaultMode(value: unknown): value is FaultMode {
  return FAULT_MODES.some((mode) => mode === value);
}

function validateSettings(settings: FaultSettings): void {
  const nonNegative = (value: number) => Number.isFinite(value) && value >= 0;
  if (!nonNegative(settings.latencyMs)) throw new Error('latencyMs must be a number ≥ 0');
  if (!nonNegative(settings.jitterMs)) throw new Error('jitterMs must be a number ≥ 0');
  if (!(settings.failRate >= 0 && settings.failRate <= 1))
    throw new Error('failRate must be between 0 and 1');
  if (!Number.isInteger(settings.seed)) throw new Error('The fault seed must be a whole number');
  for (const fault of settings.failModes) {
    if (!isFaultMode(fault.mode)) throw new Error(`Unknown fault mode ${fault.mode}`);
    if (fault.timing !== 'before' && fault.timing !== 'after') {
      throw new Error(`Unknown fault timing ${String(fault.timing)}`);
    }
  }
}

/**
 * Reads `--fail-modes` text: comma-separated `mode[:timing]`, e.g. `reset:after,res500`; a mode without
 * a timing means both. Throws a message naming the bad entry.
 */
export function parseFailModes(text: string): Fault[] {
  const faults: Fault[] = [];
  for (const entry of text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [mode, timing, extra] = entry.split(':');
    if (!isFaultMode(mode) || extra !== undefined) {
      throw new Error(
        `unknown fail mode "${entry}" (use ${FAULT_MODES.join(', ')}, optionally :before or :after)`,
      );
    }
    const faultMode = mode;
    if (timing === undefined)
      faults.push({ mode: faultMode, timing: 'before' }, { mode: faultMode, timing: 'after' });
    else if (timing === 'before' || timing === 'after') faults.push({ mode: faultMode, timing });
    else throw new Error(`unknown fault timing in "${entry}" (use before or after)`);
  }
  return faults;
}
