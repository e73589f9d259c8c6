// One count session on screen: its lines (products and unknown codes), the last scan's outcome for the
// big display, and the current line the keypad and +/− act on. Lines are kept in the order last
// counted, newest first: a line changed moves to the front. Scans are sent one after another in the
// order they were read, so a fast burst is never reordered or dropped. Each outcome plays its cue
// (lib/sounds.ts): ok, unknown, error, or warning for a code scanned twice within the repeat window.
// A scan of a code main already counted on a line here, or one the session's code index names, is
// shown at once, on its Enter, and reconciled with main's answer (optimistic-scans.ts); a refusal
// takes it back with a clear error. The lines themselves are kept in count-lines.svelte.ts, the
// shelf the scans are on in count-shelf.svelte.ts; every call to main waits its turn (call-queue.ts).
// The page reads the state through getters and changes it only through the methods.
import type {
  CallValue,
  CountLine,
  IpcResult,
  SessionViewValue,
  StockroomBridge,
} from '../../../src-shared/ipc/index.js';
import { hasShelfPrefix } from '../../../src-shared/barcode/index.js';
import { api } from '../../lib/api.js';
import { playCue } from '../../lib/sounds.js';
import { CallQueue } from './call-queue.js';
import { CodeIndex } from './code-index.js';
import { CountLines } from './count-lines.svelte.js';
import { CountShelf, type ShelfProblem } from './count-shelf.svelte.js';
import type { PendingScan } from './optimistic-scans.js';
import { sameLine } from './same-line.js';
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
  /** Main's lines and the lines shown (those with the scans on their way added). */
  readonly #lines = new CountLines();
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
  readonly #queue = new CallQueue();
  /** The shelf this PC's scans are on. */
  readonly #shelf: CountShelf;

  /** `bridge`: the way to main (the page's own unless a test gives another). */
  constructor(sessionId: string, bridge: StockroomBridge = api) {
    this.sessionId = sessionId;
    this.#api = bridge;
    this.#shelf = new CountShelf(sessionId, bridge, this.#queue, (code, message) =>
      this.refuse(code, message),
    );
  }

  get session(): SessionViewValue | null {
    return this.#session;
  }

  get lines(): readonly CountLine[] {
    return this.#lines.shown;
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

  /** The shelf this PC's scans are on (main keeps it in the scan log: a restart reads it back). */
  get shelf(): CallValue<'counting.currentShelf'> {
    return this.#shelf.current;
  }

  get shelfProblem(): ShelfProblem | null {
    return this.#shelf.problem;
  }

  /** The current shelf holds nothing (count-shelf.svelte.ts); a refusal shows on the big display. */
  confirmShelfEmpty(): Promise<void> {
    return this.#shelf.confirmEmpty();
  }

  /** Worked out once per change of the lines, however many places on the page read them. */
  readonly productLines: CountLine[] = $derived(this.#lines.shown.filter((line) => line.kind === 'product'));

  /** Open codes still holding units (an undone unknown scan leaves its line at 0). */
  readonly unknownLines: CountLine[] = $derived(
    this.#lines.shown.filter((line) => line.kind === 'unknown' && line.state === 'open' && line.counted > 0),
  );

  readonly currentLine: CountLine | null = $derived(
    this.#lines.shown.find((line) => line.lineId === this.#currentLineId) ?? null,
  );

  /** Makes a line the current one (what the keypad and +/− act on) without counting anything. */
  selectLine(lineId: number): void {
    if (this.#lines.find(lineId) !== undefined) this.#currentLineId = lineId;
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
    this.#shelf.load();
    const [session, lines] = await Promise.all([
      this.#api.call('counting.session', { sessionId: this.sessionId }),
      this.#readLines(),
    ]);
    if (session.ok) this.#session = session.value;
    else this.#error = session.error.message;
    if (lines.ok) this.#lines.confirm(lines.value);
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
    if (hasShelfPrefix(code)) return this.#shelf.enter(code);
    const scanNumber = ++this.#scansRead;
    const repeated = options.repeated ?? false;
    const pending = this.#lines.begin(code, options.quantity ?? 1, this.#index);
    if (pending !== null) this.#showScanned(scanNumber, pending.lineId, repeated, false);
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
      this.#lines.counted(pending, code, line);
      // Main's answer replaces a figure shown early (the same unless the code now means another line).
      // The cue waits for it: an OK beep must never come before a refusal's buzz.
      this.#showScanned(scanNumber, line.lineId, repeated, true);
    };
    return this.#queue.run(run);
  }

  /**
   * The big display and the current line show scan `scanNumber` on `lineId` (as `#lines` has it),
   * unless a later scan is shown already; `sound`: its cue plays (once per scan, even then).
   */
  #showScanned(scanNumber: number, lineId: number, repeated: boolean, sound: boolean): void {
    const line = this.#lines.find(lineId);
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
    this.#lines.takeBack(pending);
    const line = this.#lines.find(pending.lineId);
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
      if (lines.ok) {
        this.#lines.confirm(lines.value);
        this.#followLast();
      } else this.#error = lines.error.message;
    };
    void this.#queue.run(run);
  }

  /**
   * The big display follows its line as main now has it: a live member's scans add to a line this PC
   * scanned last, and the display would otherwise keep the figure of this PC's own scan.
   */
  #followLast(): void {
    const last = this.#last;
    if (last === null || last.status === 'error') return;
    const line = this.#lines.find(last.line.lineId);
    if (line !== undefined && !sameLine(last.line, line)) this.#last = { ...last, line };
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
      const unknown = this.#lines.confirmed.find((existing) => existing.lineId === lineId);
      if (unknown?.kind === 'unknown')
        this.#lines.put({ ...unknown, state: 'resolved', resolvedProductId: productId }, 'inPlace');
      this.#lines.put(line);
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
      this.#lines.put(line, 'inPlace');
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
    return this.#queue.run(run);
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
    return this.#queue.run(run).then(() => outcome);
  }

  /** A line main changed by an edit or an undo: put first, made current, and followed by the big display. */
  #changed(line: CountLine): void {
    this.#lines.put(line);
    this.#currentLineId = line.lineId;
    const last = this.#last;
    if (last !== null && last.status !== 'error' && last.line.lineId === line.lineId) {
      this.#last = { ...last, line: this.#shownLine(line) };
    }
  }

  /** `line` as the page shows it (scans on their way to it added). */
  #shownLine(line: CountLine): CountLine {
    return this.#lines.find(line.lineId) ?? line;
  }
}

/** A short name for a line: the product's name or the unknown code. */
export function describe(line: CountLine): string {
  return line.kind === 'product' ? line.product.name : line.code;
}
