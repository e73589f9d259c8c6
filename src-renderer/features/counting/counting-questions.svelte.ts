// The two questions the counting page asks before data is lost: removing an unknown code and
// discarding the session. One open at a time; a refusal keeps the question open with its message.
import type { CountLine } from '../../../src-shared/ipc/index.js';
import type { CountingSession } from './counting.svelte.js';

export class CountingQuestions {
  /** The unknown code asked about for removal (the question is open while not null). */
  removing = $state.raw<CountLine | null>(null);
  askingDiscard = $state(false);
  busy = $state(false);
  /** The code last removed, for the page's notice. */
  removedNotice = $state<string | null>(null);

  /** `counting` is read on each call (the page's session follows its sessionId); `done` returns to scanning. */
  constructor(
    private readonly counting: () => CountingSession,
    private readonly done: () => void,
  ) {}

  get open(): boolean {
    return this.removing !== null || this.askingDiscard;
  }

  /** Asks whether to remove an unknown code; false when there is nothing to ask (closed, not unknown). */
  askRemove(line: CountLine): boolean {
    const counting = this.counting();
    if (counting.session?.state !== 'open' || line.kind !== 'unknown') return false;
    counting.clearError();
    this.removedNotice = null;
    this.removing = line;
    return true;
  }

  /**
   * Alt+X: asks about the first unknown code, the one Alt+U finds a product for — without it a
   * keyboard-only person Tabs through the whole counting page to its Remove button. True when it asked.
   */
  askRemoveFirst(): boolean {
    const first = this.counting().unknownLines[0];
    return first !== undefined && this.askRemove(first);
  }

  askDiscard(): void {
    this.counting().clearError();
    this.askingDiscard = true;
  }

  async removeCode(): Promise<void> {
    const line = this.removing;
    if (line === null || line.kind !== 'unknown' || this.busy) return;
    this.busy = true;
    const removed = await this.counting().removeUnknownCode(line.lineId);
    this.busy = false;
    if (!removed) return;
    this.removing = null;
    this.removedNotice = line.code;
    this.done();
  }

  async discardSession(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    const discarded = await this.counting().discard();
    this.busy = false;
    if (!discarded) return;
    this.askingDiscard = false;
    this.done();
  }

  cancel(): void {
    this.removing = null;
    this.askingDiscard = false;
    this.counting().clearError();
    this.done();
  }
}
