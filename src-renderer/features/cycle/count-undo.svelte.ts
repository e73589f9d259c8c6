// Undoing a committed count (cycle.reversal / cycle.reverseCount): the count's lines with both figures,
// the lines a person chose, and the undo queued through the outbox. Main decides what can be undone.
import type { CallValue, IpcError, ReasonOfCalls, StockroomBridge } from '../../../src-shared/ipc/index.js';
import { api } from '../../lib/api.js';
import { refusalSaid, type Said } from '../../lib/refusal-words.js';
import { cyt, type CycleKey } from './cycle-strings.js';

export type ReversalPlan = CallValue<'cycle.reversal'>;
export type ReversalLine = ReversalPlan['lines'][number];

/** Every reason the undo's calls can refuse with. */
export type UndoReason = ReasonOfCalls<'cycle.reversal' | 'cycle.reverseCount'>;

/** Each of them in the page's words: a reason added to one of these calls needs its words here. */
const REFUSED: Readonly<Record<UndoReason, CycleKey>> = {
  reversed: 'undoRefusedReversed',
  'later-count': 'undoRefusedLaterCount',
  'not-applied': 'undoRefusedNotApplied',
  'nothing-to-undo': 'undoNothing',
  'not-committed': 'undoRefusedNotCommitted',
  'not-counted': 'undoRefusedNotCounted',
  'session-not-found': 'undoRefusedSessionNotFound',
};

export class CountUndo {
  #plan = $state.raw<ReversalPlan | null>(null);
  #chosen = $state.raw<ReadonlySet<number>>(new Set());
  #error = $state.raw<IpcError<UndoReason> | null>(null);
  #busy = $state(false);
  #queued = $state<number | null>(null);
  readonly #api: StockroomBridge;
  readonly #sessionId: string;

  constructor(sessionId: string, bridge: StockroomBridge = api) {
    this.#sessionId = sessionId;
    this.#api = bridge;
  }

  get plan(): ReversalPlan | null {
    return this.#plan;
  }
  get busy(): boolean {
    return this.#busy;
  }
  /** Lines the last undo queued (null: none yet). */
  get queued(): number | null {
    return this.#queued;
  }
  get failure(): Said | null {
    const error = this.#error;
    if (error === null) return null;
    return refusalSaid(error, error.reason === undefined ? undefined : cyt(REFUSED[error.reason]));
  }
  get reversible(): ReversalLine[] {
    return this.#plan?.lines.filter((line) => line.state === 'reversible') ?? [];
  }
  isChosen(productId: number): boolean {
    return this.#chosen.has(productId);
  }
  /** The chosen lines, else (nothing chosen) every line that can be undone. */
  linesToUndo(whole: boolean): ReversalLine[] {
    return whole ? this.reversible : this.reversible.filter((line) => this.#chosen.has(line.productId));
  }

  toggle(productId: number): void {
    const next = new Set(this.#chosen);
    if (!next.delete(productId)) next.add(productId);
    this.#chosen = next;
  }

  async load(): Promise<void> {
    const result = await this.#api.call('cycle.reversal', { sessionId: this.#sessionId });
    if (result.ok) {
      this.#plan = result.value;
      this.#error = null;
    } else this.#error = result.error;
  }

  /** Queues the undo of the chosen lines (or the whole count); true when main queued it. */
  async undo(whole: boolean): Promise<boolean> {
    if (this.#busy) return false;
    const lines = this.linesToUndo(whole);
    this.#busy = true;
    try {
      const result = await this.#api.call('cycle.reverseCount', {
        sessionId: this.#sessionId,
        ...(whole ? {} : { productIds: lines.map((line) => line.productId) }),
      });
      if (!result.ok) {
        this.#error = result.error;
        return false;
      }
      this.#plan = result.value;
      this.#chosen = new Set();
      this.#error = null;
      this.#queued = lines.length;
      return true;
    } finally {
      this.#busy = false;
    }
  }
}
