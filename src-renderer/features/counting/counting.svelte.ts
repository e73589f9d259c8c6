// One count session on screen: its lines (products and unknown codes), the last scan's outcome for the
// big display, and the current line the keypad and +/− act on. Scans are sent one after another in the
// order they were read, so a fast burst is never reordered or dropped.
import type { CountLine, SessionViewValue } from '../../../src-shared/ipc/index.js';
import { api } from '../../lib/api.js';

export type ScanOutcome =
  | { status: 'ok'; line: CountLine }
  | { status: 'unknown'; line: CountLine }
  | { status: 'error'; code: string; message: string };

export class CountingSession {
  readonly sessionId: string;
  session = $state<SessionViewValue | null>(null);
  lines = $state<CountLine[]>([]);
  last = $state<ScanOutcome | null>(null);
  currentLineId = $state<number | null>(null);
  notice = $state<string | null>(null);
  error = $state<string | null>(null);
  nothingToUndo = $state(false);

  #queue: Promise<void> = Promise.resolve();

  constructor(sessionId: string) {
    this.sessionId = sessionId;
  }

  get productLines(): CountLine[] {
    return this.lines.filter((line) => line.kind === 'product');
  }

  get unknownLines(): CountLine[] {
    // Open codes still holding units (an undone unknown scan leaves its line at 0).
    return this.lines.filter((line) => line.kind === 'unknown' && line.state === 'open' && line.counted > 0);
  }

  get currentLine(): CountLine | null {
    return this.lines.find((line) => line.lineId === this.currentLineId) ?? null;
  }

  async load(): Promise<void> {
    const [session, lines] = await Promise.all([
      api.call('counting.session', { sessionId: this.sessionId }),
      api.call('counting.lines', { sessionId: this.sessionId }),
    ]);
    if (session.ok) this.session = session.value;
    else this.error = session.error.message;
    if (lines.ok) this.lines = lines.value;
    else this.error = lines.error.message;
  }

  /** Queues one scan (or typed code); resolves when it has been counted or refused. */
  scan(code: string): Promise<void> {
    const run = async (): Promise<void> => {
      const result = await api.call('counting.scan', { sessionId: this.sessionId, code });
      if (!result.ok) {
        this.last = { status: 'error', code, message: result.error.message };
        return;
      }
      const line = result.value;
      this.#put(line);
      this.currentLineId = line.lineId;
      this.last = { status: line.kind === 'product' ? 'ok' : 'unknown', line };
      this.notice = null;
    };
    this.#queue = this.#queue.then(run, run);
    return this.#queue;
  }

  /** +1 / −1 (or any step) on a line; the line never goes below 0. */
  adjust(lineId: number, quantity: number): Promise<void> {
    return this.#edit(() =>
      api.call('counting.adjustQuantity', { sessionId: this.sessionId, lineId, quantity }),
    );
  }

  setQuantity(lineId: number, quantity: number): Promise<void> {
    return this.#edit(() =>
      api.call('counting.setQuantity', { sessionId: this.sessionId, lineId, quantity }),
    );
  }

  undoLast(): Promise<void> {
    const run = async (): Promise<void> => {
      const result = await api.call('counting.undoLast', { sessionId: this.sessionId });
      if (!result.ok) {
        // 'conflict' is "nothing left to undo": a notice, not an error.
        if (result.error.code === 'conflict') this.notice = null;
        else this.error = result.error.message;
        this.nothingToUndo = result.error.code === 'conflict';
        return;
      }
      this.#put(result.value.line);
      this.currentLineId = result.value.line.lineId;
      if (
        this.last !== null &&
        this.last.status !== 'error' &&
        this.last.line.lineId === result.value.line.lineId
      ) {
        this.last = { ...this.last, line: result.value.line };
      }
      this.notice = describe(result.value.line);
      this.nothingToUndo = false;
    };
    this.#queue = this.#queue.then(run, run);
    return this.#queue;
  }

  #edit(call: () => ReturnType<typeof api.call<'counting.setQuantity'>>): Promise<void> {
    const run = async (): Promise<void> => {
      const result = await call();
      if (!result.ok) {
        this.error = result.error.message;
        return;
      }
      this.error = null;
      this.#put(result.value);
      this.currentLineId = result.value.lineId;
      if (
        this.last !== null &&
        this.last.status !== 'error' &&
        this.last.line.lineId === result.value.lineId
      ) {
        this.last = { ...this.last, line: result.value };
      }
    };
    this.#queue = this.#queue.then(run, run);
    return this.#queue;
  }

  #put(line: CountLine): void {
    const index = this.lines.findIndex((existing) => existing.lineId === line.lineId);
    if (index === -1) this.lines.push(line);
    else this.lines[index] = line;
  }
}

/** A short name for a line: the product's name or the unknown code. */
export function describe(line: CountLine): string {
  return line.kind === 'product' ? line.product.name : line.code;
}
