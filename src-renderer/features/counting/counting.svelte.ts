// One count session on screen: its lines (products and unknown codes), the last scan's outcome for the
// big display, and the current line the keypad and +/− act on. Lines are kept in the order last
// counted, newest first: a line changed moves to the front. Scans are sent one after another in the
// order they were read, so a fast burst is never reordered or dropped. Each outcome plays its cue
// (lib/sounds.ts): ok, unknown, error, or warning for a code scanned twice within the repeat window.
// A scan of a code main already counted on a line here, or one the session's code index names, is
// shown at once, on its Enter, and reconciled with main's answer (optimistic-scans.ts); a refusal
// takes it back with a clear error.
// The page reads the state through getters and changes it only through the methods.
import type {
  CallValue,
  CountLine,
  IpcError,
  IpcResult,
  SessionViewValue,
  StockroomBridge,
} from '../../../src-shared/ipc/index.js';
import { hasShelfPrefix } from '../../../src-shared/barcode/index.js';
import { api } from '../../lib/api.js';
import { playCue } from '../../lib/sounds.js';
import { CodeIndex } from './code-index.js';
import { OptimisticScans, type PendingScan } from './optimistic-scans.js';
import { sameLine, sameLines } from './same-line.js';
import type { ScanOutcome } from './scan-outcome.js';

export { outcomeKind, type OutcomeKind, type ScanOutcome } from './scan-outcome.js';

export interface ScanOptions {
  /** Units this scan adds (the quantity prompt's answer); 1 by default. */
  quantity?: number;
  repeated?: boolean;
}

/**
 * An unknown code's units moved to a product: the product line, the code to offer as its barcode, and
 * the barcode that giving it would replace for the whole store (null when the product has none).
 */
export interface Resolution {
  line: CountLine;
  barcodeToAssign: string | null;
  replacesBarcode: string | null;
}

export class CountingSession {
  readonly sessionId: string;
  readonly #api: StockroomBridge;
  #session = $state<SessionViewValue | null>(null);
  /**
   * Replaced, never changed in place ($state.raw): a scan swaps one line, and a deep proxy over hundreds
   * of lines made every filter below pay a proxy trap per line per scan.
   */
  #lines = $state.raw<CountLine[]>([]);
  /** The lines as main last answered them; `#lines` is these with the scans on their way added. */
  #confirmed: CountLine[] = [];
  readonly #optimistic = new OptimisticScans();
  /** The codes the page may show a scan of before main answers (read in the background). */
  readonly #index = new CodeIndex();
  /** Scans are numbered as read; the big display and the current line follow the latest one shown. */
  #scansRead = 0;
  #shownScan = 0;
  #last = $state<ScanOutcome | null>(null);
  #currentLineId = $state<number | null>(null);
  #notice = $state<string | null>(null);
  #error = $state<string | null>(null);
  #nothingToUndo = $state(false);
  /** The shelf this PC's scans are on (main keeps it in the scan log: a restart reads it back). */
  #shelf = $state<CallValue<'counting.currentShelf'>>(null);
  /** The last shelf label or empty shelf main refused (the page says why in its words). */
  #shelfProblem = $state.raw<{ code: string; error: IpcError } | null>(null);

  #queue: Promise<void> = Promise.resolve();

  /** `bridge`: the way to main (the page's own unless a test gives another). */
  constructor(sessionId: string, bridge: StockroomBridge = api) {
    this.sessionId = sessionId;
    this.#api = bridge;
  }

  get session(): SessionViewValue | null {
    return this.#session;
  }

  get lines(): readonly CountLine[] {
    return this.#lines;
  }

  get last(): ScanOutcome | null {
    return this.#last;
  }

  get currentLineId(): number | null {
    return this.#currentLineId;
  }

  /** The line an undo changed, named for the notice; null once something else happened. */
  get notice(): string | null {
    return this.#notice;
  }

  get error(): string | null {
    return this.#error;
  }

  get nothingToUndo(): boolean {
    return this.#nothingToUndo;
  }

  get shelf(): CallValue<'counting.currentShelf'> {
    return this.#shelf;
  }

  get shelfProblem(): { code: string; error: IpcError } | null {
    return this.#shelfProblem;
  }

  /**
   * The person looked: the current shelf holds nothing. Main refuses while units are counted on it
   * (nothing is taken away); the refusal shows on the big display.
   */
  confirmShelfEmpty(): Promise<void> {
    const shelf = this.#shelf;
    if (shelf === null) return Promise.resolve();
    const run = async (): Promise<void> => {
      const result = await this.#api.call('counting.confirmShelfEmpty', {
        sessionId: this.sessionId,
        code: shelf.code,
      });
      this.#shelfProblem = result.ok ? null : { code: shelf.code, error: result.error };
      if (result.ok) this.#shelf = result.value;
      else this.refuse(shelf.code, result.error.message);
    };
    this.#queue = this.#queue.then(run, run);
    return this.#queue;
  }

  /** A shelf label: the following scans are on that shelf (in the scan queue, so never reordered). */
  #enterShelf(code: string): Promise<void> {
    const run = async (): Promise<void> => {
      const result = await this.#api.call('counting.enterShelf', { sessionId: this.sessionId, code });
      if (!result.ok) {
        this.#shelfProblem = { code, error: result.error };
        this.refuse(code, result.error.message);
        return;
      }
      this.#shelfProblem = null;
      this.#shelf = result.value;
      playCue('ok');
    };
    this.#queue = this.#queue.then(run, run);
    return this.#queue;
  }

  /** Worked out once per change of the lines, however many places on the page read them. */
  readonly productLines: CountLine[] = $derived(this.#lines.filter((line) => line.kind === 'product'));

  /** Open codes still holding units (an undone unknown scan leaves its line at 0). */
  readonly unknownLines: CountLine[] = $derived(
    this.#lines.filter((line) => line.kind === 'unknown' && line.state === 'open' && line.counted > 0),
  );

  readonly currentLine: CountLine | null = $derived(
    this.#lines.find((line) => line.lineId === this.#currentLineId) ?? null,
  );

  /** Makes a line the current one (what the keypad and +/− act on) without counting anything. */
  selectLine(lineId: number): void {
    if (this.#lines.some((line) => line.lineId === lineId)) this.#currentLineId = lineId;
  }

  /** Shows a problem of the page's own (e.g. the scanner failed). */
  showError(message: string): void {
    this.#error = message;
  }

  clearError(): void {
    this.#error = null;
  }

  async load(): Promise<void> {
    // The shelf this PC was on (a restart keeps it); the count itself never waits for it.
    void this.#api
      .call('counting.currentShelf', { sessionId: this.sessionId })
      .then((shelf) => {
        if (shelf.ok) this.#shelf = shelf.value;
      })
      .catch(() => undefined);
    const [session, lines] = await Promise.all([
      this.#api.call('counting.session', { sessionId: this.sessionId }),
      this.#readLines(),
    ]);
    if (session.ok) this.#session = session.value;
    else this.#error = session.error.message;
    if (lines.ok) this.#confirm(lines.value);
    else this.#error = lines.error.message;
    // In the background: the first scans never wait for it.
    if (session.ok && session.value.state === 'open') void this.#index.load(this.#api, this.sessionId);
  }

  /** Another PC changed this count (a live member's scans arrived): read the session and lines again. */
  refresh(): void {
    this.#reloadLines();
    void this.#api.call('counting.session', { sessionId: this.sessionId }).then((session) => {
      if (session.ok) this.#session = session.value;
    });
  }

  /** The page is leaving: the code index stops loading. */
  dispose(): void {
    this.#index.stop();
  }

  /**
   * Queues one scan (or typed code); resolves when it has been counted or refused. A code main counted
   * on a line here before is shown on that line at once (synchronously: painted in the Enter's frame).
   */
  scan(code: string, options: ScanOptions = {}): Promise<void> {
    if (hasShelfPrefix(code)) return this.#enterShelf(code);
    const scanNumber = ++this.#scansRead;
    const repeated = options.repeated ?? false;
    const pending = this.#optimistic.begin(code, options.quantity ?? 1, this.#confirmed, this.#index);
    if (pending !== null) {
      this.#lines = this.#optimistic.shown(this.#confirmed);
      this.#showScanned(scanNumber, pending.lineId, repeated, false);
    }
    const run = async (): Promise<void> => {
      let result: IpcResult<CountLine>;
      try {
        result = await this.#api.call('counting.scan', {
          sessionId: this.sessionId,
          code,
          ...(options.quantity === undefined ? {} : { quantity: options.quantity }),
        });
      } catch (error) {
        // No answer at all: main may or may not have counted it. Its lines say which.
        if (pending !== null) this.#takeBack(pending, code, String(error), true);
        throw error;
      }
      if (!result.ok) {
        // 'internal' is an answer lost on the way (api.ts): counted or not, main's lines say.
        if (pending === null) this.refuse(code, result.error.message);
        else this.#takeBack(pending, code, result.error.message, result.error.code === 'internal');
        return;
      }
      const line = result.value;
      if (pending !== null) this.#optimistic.settle(pending, line);
      this.#optimistic.learn(code, line);
      this.#put(line);
      // Main's answer replaces a figure shown early (the same unless the code now means another line).
      // The cue waits for it: an OK beep must never come before a refusal's buzz.
      this.#showScanned(scanNumber, line.lineId, repeated, true);
    };
    this.#queue = this.#queue.then(run, run);
    return this.#queue;
  }

  /**
   * The big display and the current line show scan `scanNumber` on `lineId` (as `#lines` has it),
   * unless a later scan is shown already; `sound`: its cue plays (once per scan, even then).
   */
  #showScanned(scanNumber: number, lineId: number, repeated: boolean, sound: boolean): void {
    const line = this.#lines.find((candidate) => candidate.lineId === lineId);
    if (line === undefined) return;
    // Two beeps at once would blur: a repeat's warning is the one worth hearing.
    if (sound) playCue(repeated ? 'warning' : line.kind === 'product' ? 'ok' : 'unknown');
    if (scanNumber < this.#shownScan) return;
    this.#shownScan = scanNumber;
    this.#currentLineId = line.lineId;
    const status = line.kind === 'product' ? 'ok' : 'unknown';
    const last = this.#last;
    // Main confirming what is shown already changes nothing on screen (same-line.ts).
    if (last?.status !== status || last.repeated !== repeated || !sameLine(last.line, line)) {
      this.#last = { status, line, repeated };
    }
    this.#notice = null;
    this.#nothingToUndo = false;
  }

  /**
   * A scan shown before main's answer that main did not count: its units come off the line again, and
   * the big display says so. `unsure` (no answer came): main's lines are read again to show the truth.
   */
  #takeBack(pending: PendingScan, code: string, message: string, unsure: boolean): void {
    this.#optimistic.settle(pending);
    this.#lines = this.#optimistic.shown(this.#confirmed);
    const line = this.#lines.find((candidate) => candidate.lineId === pending.lineId);
    this.#last = { status: 'error', code, message, ...(line === undefined ? {} : { takenBackFrom: line }) };
    playCue('error');
    if (unsure) this.#reloadLines();
  }

  #readLines(): Promise<IpcResult<CountLine[]>> {
    return this.#api.call('counting.lines', { sessionId: this.sessionId, order: 'lastCounted' });
  }

  /** Reads main's lines again (queued after the calls already on their way). */
  #reloadLines(): void {
    const run = async (): Promise<void> => {
      const lines = await this.#readLines();
      if (lines.ok) this.#confirm(lines.value);
      else this.#error = lines.error.message;
    };
    this.#queue = this.#queue.then(run, run);
  }

  /** A scan that was not counted (refused by main, or the session is closed): shown and sounded. */
  refuse(code: string, message: string): void {
    this.#last = { status: 'error', code, message };
    playCue('error');
  }

  /** Moves an unknown code's units to a product; null when refused (the error is shown). */
  resolveUnknown(lineId: number, productId: number): Promise<Resolution | null> {
    const call = () =>
      this.#api.call('counting.resolveUnknown', { sessionId: this.sessionId, lineId, productId });
    return this.#answered(call, null, ({ line, barcodeToAssign, replacesBarcode }): Resolution => {
      const unknown = this.#confirmed.find((existing) => existing.lineId === lineId);
      if (unknown?.kind === 'unknown')
        this.#put({ ...unknown, state: 'resolved', resolvedProductId: productId }, 'inPlace');
      this.#put(line);
      this.#currentLineId = line.lineId;
      this.#last = { status: 'ok', line, repeated: false };
      return { line, barcodeToAssign, replacesBarcode };
    });
  }

  /**
   * Drops one unknown code still to resolve (its units are not counted; the line stays, discarded).
   * False when refused (the error is shown).
   */
  removeUnknownCode(lineId: number): Promise<boolean> {
    const call = () => this.#api.call('counting.removeUnknownCode', { sessionId: this.sessionId, lineId });
    return this.#answered(call, false, (line) => {
      this.#put(line, 'inPlace');
      if (this.#currentLineId === lineId) this.#currentLineId = null;
      return true;
    });
  }

  /** Abandons the session (nothing is sent); false when refused (the error is shown). */
  discard(): Promise<boolean> {
    const call = () => this.#api.call('counting.discard', { sessionId: this.sessionId });
    return this.#answered(call, false, (session) => {
      this.#session = session;
      return true;
    });
  }

  /** +1 / −1 (or any step) on a line; the line never goes below 0. */
  adjust(lineId: number, quantity: number): Promise<void> {
    return this.#edit(() =>
      this.#api.call('counting.adjustQuantity', { sessionId: this.sessionId, lineId, quantity }),
    );
  }

  setQuantity(lineId: number, quantity: number): Promise<void> {
    return this.#edit(() =>
      this.#api.call('counting.setQuantity', { sessionId: this.sessionId, lineId, quantity }),
    );
  }

  undoLast(): Promise<void> {
    const run = async (): Promise<void> => {
      const result = await this.#api.call('counting.undoLast', { sessionId: this.sessionId });
      if (!result.ok) {
        // 'conflict' is "nothing left to undo": a notice, not an error.
        if (result.error.code === 'conflict') this.#notice = null;
        else this.#error = result.error.message;
        this.#nothingToUndo = result.error.code === 'conflict';
        return;
      }
      this.#changed(result.value.line);
      this.#notice = describe(result.value.line);
      this.#nothingToUndo = false;
    };
    this.#queue = this.#queue.then(run, run);
    return this.#queue;
  }

  #edit(call: () => Promise<IpcResult<CountLine>>): Promise<void> {
    return this.#answered(call, undefined, (line) => this.#changed(line));
  }

  /**
   * Runs `call` after the calls already queued. Main's answer goes to `onAnswer`, whose value is
   * returned; a refusal is shown as the page's error and `refused` is returned.
   */
  #answered<T, R>(call: () => Promise<IpcResult<T>>, refused: R, onAnswer: (value: T) => R): Promise<R> {
    let outcome = refused;
    const run = async (): Promise<void> => {
      const result = await call();
      if (!result.ok) {
        this.#error = result.error.message;
        return;
      }
      this.#error = null;
      outcome = onAnswer(result.value);
    };
    this.#queue = this.#queue.then(run, run);
    return this.#queue.then(() => outcome);
  }

  /** A line main changed by an edit or an undo: put first, made current, and followed by the big display. */
  #changed(line: CountLine): void {
    this.#put(line);
    this.#currentLineId = line.lineId;
    const last = this.#last;
    if (last !== null && last.status !== 'error' && last.line.lineId === line.lineId) {
      this.#last = { ...last, line: this.#shownLine(line) };
    }
  }

  /** `line` as the page shows it (scans on their way to it added). */
  #shownLine(line: CountLine): CountLine {
    return this.#lines.find((candidate) => candidate.lineId === line.lineId) ?? line;
  }

  /**
   * Main's answer for one line. A changed line goes to the front (counted last); 'inPlace' only
   * updates it (nothing was counted).
   */
  #put(line: CountLine, where: 'front' | 'inPlace' = 'front'): void {
    const lines = this.#confirmed;
    const index = lines.findIndex((existing) => existing.lineId === line.lineId);
    if (where === 'inPlace' && index !== -1) {
      const next = lines.slice();
      next[index] = line;
      this.#confirm(next);
      return;
    }
    const others = index === -1 ? lines : lines.filter((existing) => existing !== lines[index]);
    this.#confirm([line, ...others]);
  }

  /** Main's lines as it answered them; the page shows them with the scans on their way added. */
  #confirm(lines: CountLine[]): void {
    this.#confirmed = lines;
    const shown = this.#optimistic.shown(lines);
    if (!sameLines(shown, this.#lines)) this.#lines = shown;
  }
}

/** A short name for a line: the product's name or the unknown code. */
export function describe(line: CountLine): string {
  return line.kind === 'product' ? line.product.name : line.code;
}
