// A count's lines twice over: as main last answered them ("confirmed"), and as the page shows them —
// those with the scans still on their way added (optimistic-scans.ts). Main stays the source of truth:
// every answer goes into the confirmed lines, and the shown ones are worked out again from them.
import type { CountLine } from '../../../src-shared/ipc/index.js';
import { OptimisticScans, type CodeLookup, type PendingScan } from './optimistic-scans.js';
import { sameLines } from './same-line.js';

export class CountLines {
  /**
   * Replaced, never changed in place ($state.raw): a scan swaps one line, and a deep proxy over hundreds
   * of lines made every filter of the page pay a proxy trap per line per scan.
   */
  #shown = $state.raw<CountLine[]>([]);
  #confirmed: CountLine[] = [];
  readonly #optimistic = new OptimisticScans();

  /** The lines the page shows, newest first. */
  get shown(): readonly CountLine[] {
    return this.#shown;
  }

  /** The lines as main last answered them. */
  get confirmed(): readonly CountLine[] {
    return this.#confirmed;
  }

  /** `lineId` as the page shows it. */
  find(lineId: number): CountLine | undefined {
    return this.#shown.find((line) => line.lineId === lineId);
  }

  /**
   * A scan of `code` shown at once when main's earlier answers or the code index say where it lands
   * (optimistic-scans.ts); null when it must wait for main's answer.
   */
  begin(code: string, quantity: number, index: CodeLookup): PendingScan | null {
    const pending = this.#optimistic.begin(code, quantity, this.#confirmed, index);
    if (pending !== null) this.#shown = this.#optimistic.shown(this.#confirmed);
    return pending;
  }

  /** Main counted a scan of `code` on `line` (`pending`: the scan was shown before, else null). */
  counted(pending: PendingScan | null, code: string, line: CountLine): void {
    if (pending !== null) this.#optimistic.settle(pending, line);
    this.#optimistic.learn(code, line);
    this.put(line);
  }

  /** A scan shown before main's answer that main did not count: its units come off the line again. */
  takeBack(pending: PendingScan): void {
    this.#optimistic.settle(pending);
    this.#shown = this.#optimistic.shown(this.#confirmed);
  }

  /**
   * Main's answer for one line. A changed line goes to the front (counted last); 'inPlace' only
   * updates it (nothing was counted).
   */
  put(line: CountLine, where: 'front' | 'inPlace' = 'front'): void {
    const lines = this.#confirmed;
    const index = lines.findIndex((existing) => existing.lineId === line.lineId);
    if (where === 'inPlace' && index !== -1) {
      const next = lines.slice();
      next[index] = line;
      this.confirm(next);
      return;
    }
    const others = index === -1 ? lines : lines.filter((existing) => existing !== lines[index]);
    this.confirm([line, ...others]);
  }

  /** Main's lines as it answered them; the page shows them with the scans on their way added. */
  confirm(lines: CountLine[]): void {
    this.#confirmed = lines;
    const shown = this.#optimistic.shown(lines);
    if (!sameLines(shown, this.#shown)) this.#shown = shown;
  }
}
