// How reads retry: bounded attempts with full-jitter backoff (a random wait in [0, cap)), so PCs that
// failed together do not come back together. Writes are never retried here; the outbox decides. A read
// a person waits on gets one attempt while the back office is known unreachable (the client's
// failingFastWhile, decision 0016).
import type { FailureKind } from './failure.js';

export interface RetryPolicy {
  /** Attempts in all, the first included (1 = no retry). */
  readonly attempts: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  /** A number in [0, 1); injectable so tests are deterministic. */
  readonly random: () => number;
  readonly sleep: (ms: number) => Promise<void>;
}

export const defaultRetryPolicy: RetryPolicy = {
  attempts: 3,
  baseDelayMs: 250,
  maxDelayMs: 4_000,
  random: Math.random,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * Only failures that may heal by themselves are worth another request: a quota, auth or validation
 * failure would spend the store's budget to learn the same thing again.
 */
export function isRetryableRead(kind: FailureKind): boolean {
  return kind === 'notSent' || kind === 'unclear';
}

/** The wait before retry number `retry` (1 for the first retry): full jitter over an exponential cap. */
export function backoffDelay(policy: RetryPolicy, retry: number): number {
  const cap = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, retry - 1));
  return Math.floor(policy.random() * cap);
}
