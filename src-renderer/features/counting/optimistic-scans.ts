// Scans shown before main answers them (bench/scan-to-screen: the round trip to main was most of a
// scan's time to screen on a busy PC). The page adds a scan at once, on its Enter, when it knows what
// main will answer:
// - a code main already counted on a product line in this page (its answer named the line, and the
//   units one scan of it adds: 1, or a pack's N) lands on that line again;
// - a code in the session's code index (code-index.ts: a barcode naming one product, or an alias or
//   pack kept on this PC) lands on that product's line, or on a new line the page shows with a
//   provisional (negative) id until main's answer gives the real one.
// Main stays the source of truth: the page keeps main's lines as main last answered them, and shows
// them with the scans still on their way added. Each answer replaces its line and takes its scan off
// the way; a refusal only takes the scan off (the figure goes back, a provisional line goes away).
// Scans reach main one after another in the order read (counting.svelte.ts queues them), so main's
// answer to one scan already holds every earlier one and none of the later ones: nothing is ever
// counted twice or lost on screen. An unknown code, a sku, a line not on the page or a fractional
// figure waits for main as before.
import type { CountLine, IndexedCode } from '../../../src-shared/ipc/index.js';

type ProductLine = Extract<CountLine, { kind: 'product' }>;

/**
 * A scan shown before main's answer: the line it adds to and how much. Kept by identity until main
 * answers it; a scan on a made-up line moves to main's line once main answered an earlier scan of it.
 */
export interface PendingScan {
  lineId: number;
  readonly units: number;
  /** The line the page made up for a product not counted yet (shown until main answers). */
  fresh: ProductLine | null;
}

interface KnownCode {
  readonly lineId: number;
  /** What one scan of the code adds (a pack code adds its units). */
  readonly units: number;
}

/** The page's code index, as far as it is loaded (code-index.ts). */
export interface CodeLookup {
  find(code: string): IndexedCode | undefined;
}

export class OptimisticScans {
  readonly #known = new Map<string, KnownCode>();
  /** Scans shown and not answered yet, oldest first. */
  #pending: PendingScan[] = [];
  #lastProvisionalId = 0;

  /**
   * A scan of `code` adding `quantity` scans' worth: shown at once when main counted the code before on
   * a product line still in `confirmed` (main's lines), or when the code index names its product; null
   * when it must wait for main's answer.
   */
  begin(
    code: string,
    quantity: number,
    confirmed: readonly CountLine[],
    index?: CodeLookup,
  ): PendingScan | null {
    const pending =
      this.#knownScan(code, quantity, confirmed) ?? this.#indexedScan(code, quantity, confirmed, index);
    if (pending !== null) this.#pending = [...this.#pending, pending];
    return pending;
  }

  #knownScan(code: string, quantity: number, confirmed: readonly CountLine[]): PendingScan | null {
    const known = this.#known.get(code);
    if (known === undefined) return null;
    const units = quantity * known.units;
    const line = confirmed.find((candidate) => candidate.lineId === known.lineId);
    // Whole units only: main rounds fractional figures its own way, and the page never guesses a figure.
    if (line?.kind !== 'product' || !Number.isInteger(units) || !Number.isInteger(line.counted)) return null;
    return { lineId: known.lineId, units, fresh: null };
  }

  #indexedScan(
    code: string,
    quantity: number,
    confirmed: readonly CountLine[],
    index: CodeLookup | undefined,
  ): PendingScan | null {
    const indexed = index?.find(code);
    if (indexed === undefined) return null;
    const units = quantity * indexed.units;
    if (!Number.isInteger(units)) return null;
    const productId = indexed.product.id;
    const line = confirmed.find(
      (candidate) => candidate.kind === 'product' && candidate.product.id === productId,
    );
    if (line !== undefined) {
      return Number.isInteger(line.counted) ? { lineId: line.lineId, units, fresh: null } : null;
    }
    // Scanned again before main answered the first scan: the same made-up line.
    const earlier = this.#pending.find((scan) => scan.fresh?.product.id === productId);
    if (earlier !== undefined) return { lineId: earlier.lineId, units, fresh: earlier.fresh };
    this.#lastProvisionalId -= 1;
    const fresh: ProductLine = {
      kind: 'product',
      lineId: this.#lastProvisionalId,
      sessionId: '',
      product: indexed.product,
      counted: 0,
      scans: 0,
      isCounted: false,
      countedAgainst: indexed.expected,
      expected: indexed.expected,
      inScope: true,
      pack: indexed.packCode === null ? null : { code: indexed.packCode, units: indexed.units },
    };
    return { lineId: fresh.lineId, units, fresh };
  }

  /**
   * Main answered (`answer`) or refused `scan`: it no longer adds to what is shown. Scans still on
   * their way to the same made-up line move to main's line when main counted that product.
   */
  settle(scan: PendingScan, answer?: CountLine): void {
    const moveTo =
      scan.fresh !== null && answer?.kind === 'product' && answer.product.id === scan.fresh.product.id
        ? answer.lineId
        : null;
    this.#pending = this.#pending.filter((pending) => pending !== scan);
    if (moveTo === null) return;
    for (const pending of this.#pending) {
      if (pending.lineId !== scan.lineId) continue;
      pending.lineId = moveTo;
      pending.fresh = null;
    }
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
    const added = new Map<number, { units: number; scans: number; fresh: ProductLine | null }>();
    // Newest scan first, so the Map's order is the order the lines go to the front in.
    for (const { lineId, units, fresh } of [...this.#pending].reverse()) {
      const sum = added.get(lineId) ?? { units: 0, scans: 0, fresh };
      added.set(lineId, { units: sum.units + units, scans: sum.scans + 1, fresh: sum.fresh ?? fresh });
    }
    const front: CountLine[] = [];
    for (const [lineId, sum] of added) {
      const line = confirmed.find((candidate) => candidate.lineId === lineId) ?? sum.fresh;
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
