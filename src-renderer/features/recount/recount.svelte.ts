// The blind recount of one session's marked lines (issue 13), on its own screen so another person can
// take over the PC: only the products are shown (no first count, no expected figure). A scan of a
// marked product's barcode or SKU adds 1 to its recount; a typed figure makes the recount that figure.
// Every figure is recorded under the recounter's name, which the review shows beside the first count.
import type {
  CallValue,
  IpcError,
  ReasonOfCalls,
  SessionViewValue,
  StockroomBridge,
} from '../../../src-shared/ipc/index.js';
import { api } from '../../lib/api.js';
import { refusalSaid, type Said } from '../../lib/refusal-words.js';
import { COUNT_RULE } from '../../../src-shared/domain/typed-number.js';
import { readQuantity } from '../counting/quantity-text.js';
import { rct, type RecountKey } from './recount-strings.js';

export type RecountLine = CallValue<'counting.recountLines'>[number];

/** Why a scan or a typed figure was not recorded, kept as data so the words follow a language switch. */
export type RecountProblem =
  | { readonly kind: 'noRecounter' }
  | { readonly kind: 'notOnList'; readonly code: string }
  | { readonly kind: 'badFigure'; readonly text: string }
  /** Main refused: said in the screen's words for its reason (refusalSaid), main's text behind Details. */
  | { readonly kind: 'refused'; readonly refusal: IpcError<RecountReason> };

/** Every reason the recount screen's calls can refuse with. */
export type RecountReason = ReasonOfCalls<
  'counting.session' | 'counting.recountLines' | 'counting.recordRecount'
>;

/** Each of them in the screen's words: a reason added to one of these calls needs its words here. */
const REFUSED: Readonly<Record<RecountReason, RecountKey>> = {
  'invalid-input': 'refusedInvalidInput',
  'line-not-found': 'refusedLineNotFound',
  'session-closed': 'refusedSessionClosed',
  'session-handed-over': 'refusedHandedOver',
  'session-not-found': 'refusedSessionNotFound',
};

/** A refusal of the recount's calls in the page's language (a refusal with no reason: by its code). */
export function recountRefusalSaid(refusal: IpcError<RecountReason>): Said {
  return refusalSaid(refusal, refusal.reason === undefined ? undefined : rct(REFUSED[refusal.reason]));
}

/** What was recorded last (the screen says it). */
export interface RecountRecorded {
  readonly line: RecountLine;
  readonly mode: 'set' | 'add';
}

/** The figure typed (0 allowed: a recount may find none), read whatever the keyboard layout; else null. */
export function readRecountFigure(text: string): number | null {
  const read = readQuantity(text, COUNT_RULE);
  return read.ok ? read.quantity : null;
}

export class RecountSession {
  readonly sessionId: string;
  readonly #api: StockroomBridge;
  #session = $state.raw<SessionViewValue | null>(null);
  #lines = $state.raw<readonly RecountLine[]>([]);
  #loaded = $state(false);
  #recounter = $state('');
  #problem = $state.raw<RecountProblem | null>(null);
  #recorded = $state.raw<RecountRecorded | null>(null);
  #busy = $state(false);

  /** `bridge`: the way to main (the page's own unless a test gives another). */
  constructor(sessionId: string, bridge: StockroomBridge = api) {
    this.sessionId = sessionId;
    this.#api = bridge;
  }

  get session(): SessionViewValue | null {
    return this.#session;
  }

  /** The marked lines, as the recounter may see them. */
  get lines(): readonly RecountLine[] {
    return this.#lines;
  }

  get loaded(): boolean {
    return this.#loaded;
  }

  /** Who recounts (required before anything is recorded: the review names them). */
  get recounter(): string {
    return this.#recounter;
  }

  set recounter(name: string) {
    this.#recounter = name;
    if (this.#problem?.kind === 'noRecounter' && name.trim() !== '') this.#problem = null;
  }

  get problem(): RecountProblem | null {
    return this.#problem;
  }

  get recorded(): RecountRecorded | null {
    return this.#recorded;
  }

  get busy(): boolean {
    return this.#busy;
  }

  /** Lines nobody recounted yet. */
  get pending(): number {
    return this.#lines.filter((line) => line.recounted === null).length;
  }

  async load(): Promise<void> {
    const [session, lines] = await Promise.all([
      this.#api.call('counting.session', { sessionId: this.sessionId }),
      this.#api.call('counting.recountLines', { sessionId: this.sessionId }),
    ]);
    if (session.ok) this.#session = session.value;
    else this.#problem = { kind: 'refused', refusal: session.error };
    if (lines.ok) this.#lines = lines.value;
    else this.#problem = { kind: 'refused', refusal: lines.error };
    this.#loaded = true;
  }

  /** A scan (or a typed code): adds 1 to the recount of the marked product with this barcode or SKU. */
  scan(code: string): Promise<boolean> {
    const wanted = code.trim();
    const line = this.#lines.find((candidate) => candidate.barcode === wanted || candidate.sku === wanted);
    if (line === undefined) {
      this.#problem = { kind: 'notOnList', code: wanted };
      this.#recorded = null;
      return Promise.resolve(false);
    }
    return this.#record(line.lineId, 1, 'add');
  }

  /** Makes the line's recount the typed figure. */
  setFigure(lineId: number, text: string): Promise<boolean> {
    const figure = readRecountFigure(text);
    if (figure === null) {
      this.#problem = { kind: 'badFigure', text };
      this.#recorded = null;
      return Promise.resolve(false);
    }
    return this.#record(lineId, figure, 'set');
  }

  async #record(lineId: number, quantity: number, mode: 'set' | 'add'): Promise<boolean> {
    const counter = this.#recounter.trim();
    if (counter === '') {
      this.#problem = { kind: 'noRecounter' };
      this.#recorded = null;
      return false;
    }
    this.#busy = true;
    const result = await this.#api.call('counting.recordRecount', {
      sessionId: this.sessionId,
      lineId,
      counter,
      quantity,
      mode,
    });
    this.#busy = false;
    if (!result.ok) {
      this.#problem = { kind: 'refused', refusal: result.error };
      this.#recorded = null;
      return false;
    }
    const line = result.value;
    this.#lines = this.#lines.map((candidate) => (candidate.lineId === line.lineId ? line : candidate));
    this.#problem = null;
    this.#recorded = { line, mode };
    return true;
  }
}
