// What the big display shows of the last scan (counting.svelte.ts sets it, LastScan.svelte shows it).
import type { CountLine } from '../../../src-shared/ipc/index.js';

/** `repeated`: the same code as the scan just before, within the repeat window (counted all the same). */
export type ScanOutcome =
  | { status: 'ok'; line: CountLine; repeated: boolean }
  | { status: 'unknown'; line: CountLine; repeated: boolean }
  | {
      status: 'error';
      code: string;
      message: string;
      /** The line a scan shown early was taken back from, as it is now (the page says so). */
      takenBackFrom?: CountLine;
    };

/** How the big display shows an outcome: a counted repeat looks like a warning, not a plain OK. */
export type OutcomeKind = 'ok' | 'unknown' | 'warning' | 'error';

export function outcomeKind(outcome: ScanOutcome): OutcomeKind {
  if (outcome.status === 'ok' && outcome.repeated) return 'warning';
  return outcome.status;
}
