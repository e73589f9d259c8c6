// Count drift: stock moved on the server between the moment a line was counted and the moment the
// drainer commits it. The correct target is "counted + movements since counting"; the session's policy
// decides whether to trust that, the counted figure, or a person.
import { DRIFT_POLICIES, isOneOf, type DriftPolicy } from '../../../src-shared/domain/vocabulary.js';
import { roundQuantity } from './quantity.js';

export { DRIFT_POLICIES, type DriftPolicy } from '../../../src-shared/domain/vocabulary.js';

export function isDriftPolicy(value: unknown): value is DriftPolicy {
  return isOneOf(DRIFT_POLICIES, value);
}

export interface DriftFigures {
  /** What the counter found on the shelf. */
  readonly counted: number;
  /** The server stock the line was counted against (the expected figure at scan time). */
  readonly countedAgainst: number;
  /** The server stock read by the drainer just before sending. */
  readonly current: number;
}

export type DriftDecision =
  | { readonly kind: 'send'; readonly target: number; readonly drift: number }
  | { readonly kind: 'ask'; readonly reason: 'drift' | 'negativeTarget'; readonly drift: number };

/**
 * The absolute figure to send for one counted line, or "ask a person". Without drift every policy sends
 * the counted figure. With drift, keepDifference adds the movements since counting, keepCounted ignores
 * them, ask parks the line. A keepDifference target below zero (more sold than was counted) also asks:
 * the count or the sales are wrong, and only a person can tell which.
 */
export function resolveDrift(policy: DriftPolicy, figures: DriftFigures): DriftDecision {
  const drift = roundQuantity(figures.current - figures.countedAgainst);
  if (drift === 0) return { kind: 'send', target: roundQuantity(figures.counted), drift };
  switch (policy) {
    case 'keepCounted':
      return { kind: 'send', target: roundQuantity(figures.counted), drift };
    case 'ask':
      return { kind: 'ask', reason: 'drift', drift };
    case 'keepDifference': {
      const target = roundQuantity(figures.counted + drift);
      return target < 0 ? { kind: 'ask', reason: 'negativeTarget', drift } : { kind: 'send', target, drift };
    }
  }
}

/** The reason text a person sees on a parked count line. */
export function describeDrift(figures: DriftFigures, reason: 'drift' | 'negativeTarget'): string {
  const base =
    `counted ${figures.counted} against ${figures.countedAgainst}, ` +
    `the server now has ${figures.current}`;
  return reason === 'drift'
    ? `Stock moved since counting: ${base}. Choose keep difference, keep counted or edit the figure.`
    : `Stock moved since counting and keeping the difference would go below zero: ${base}.`;
}

/** Lines of one count session for one warehouse, sent under a drift policy: a count, or its undo. */
export interface CountLinesInput<Line> {
  readonly sessionId: string;
  readonly warehouseCode: string;
  readonly policy: DriftPolicy;
  readonly lines: ReadonlyArray<
    { readonly productId: number; readonly sku: string; readonly counted: number } & Line
  >;
}
