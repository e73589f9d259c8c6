// Scans shown before main answers them. A code main already counted on a product line in this page
// (its answer named the line, and the units one scan of it adds: 1, or a pack's N) will land on that
// line again, so the page can add it at once, on the scan's Enter, instead of a WebSocket round trip
// later (bench/scan-to-screen: the round trip was most of a scan's time to screen on a busy PC). Main
// stays the source of truth: the page keeps main's lines as main last answered them, and shows them
// with the scans still on their way added. Each answer replaces its line and takes its scan off the
// way; a refusal only takes the scan off (the figure goes back). Scans reach main one after another in
// the order read (counting.svelte.ts queues them), so main's answer to one scan already holds every
// earlier one and none of the later ones: nothing is ever counted twice or lost on screen. A code not
// seen yet, an unknown code, a line not on the page or a fractional figure waits for main as before.
import type { CountLine } from '../../../src-shared/ipc/index.js';

/** A scan shown before main's answer: the line it adds to and how much. */
export interface PendingScan {
  readonly lineId: number;
  readonly units: number;
}

interface KnownCode {
  readonly lineId: number;
  /** What one scan of the code adds (a pack code adds its units). */
  readonly units: number;
}

export class OptimisticScans {
  readonly #known = new Map<string, KnownCode>();
  /** Scans shown and not answered yet, oldest first. */
  #pending: PendingScan[] = [];

  /**
   * A scan of `code` adding `quantity` scans' worth: shown at once when main counted the code before on
   * a product line still in `confirmed` (main's lines); null when it must wait for main's answer.
   */
  begin(code: string, quantity: number, confirmed: readonly CountLine[]): PendingScan | null {
    const known = this.#known.get(code);
    if (known === undefined) return null;
    const units = quantity * known.units;
    const line = confirmed.find((candidate) => candidate.lineId === known.lineId);
    // Whole units only: main rounds fractional figures its own way, and the page never guesses a figure.
    if (line?.kind !== 'product' || !Number.isInteger(units) || !Number.isInteger(line.counted)) return null;
    const pending: PendingScan = { lineId: known.lineId, units };
    this.#pending = [...this.#pending, pending];
    return pending;
  }

  /** Main answered or refused `scan`: it no longer adds to what is shown. */
  settle(scan: PendingScan): void {
    this.#pending = this.#pending.filter((pending) => pending !== scan);
  }

  /** Main counted `code` on `line`: later scans of it can be shown at once (product lines only). */
  learn(code: string, line: CountLine): void {
    if (line.kind === 'product') this.#known.set(code, { lineId: line.lineId, units: line.pack?.units ?? 1 });
    else this.#known.delete(code);
  }

  /**
   * What the page shows: main's lines (newest first), each with the scans on their way to it added and
   * moved to the front as main will move it (the latest scan's line first).
   */
  shown(confirmed: CountLine[]): CountLine[] {
    if (this.#pending.length === 0) return confirmed;
    const added = new Map<number, { units: number; scans: number }>();
    // Newest scan first, so the Map's order is the order the lines go to the front in.
    for (const { lineId, units } of [...this.#pending].reverse()) {
      const sum = added.get(lineId) ?? { units: 0, scans: 0 };
      added.set(lineId, { units: sum.units + units, scans: sum.scans + 1 });
    }
    const front: CountLine[] = [];
    for (const [lineId, sum] of added) {
      const line = confirmed.find((candidate) => candidate.lineId === lineId);
      if (line?.kind === 'product') {
        front.push({
          ...line,
          counted: line.counted + sum.units,
          scans: line.scans + sum.scans,
          isCounted: true,
        });
      }
    }
    const moved = new Set(front.map((line) => line.lineId));
    return [...front, ...confirmed.filter((line) => !moved.has(line.lineId))];
  }
}
