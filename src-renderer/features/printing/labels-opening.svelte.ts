// What a labels button opens (LabelsButton.svelte): the items its page gathered, for the label
// dialog, or why they could not be gathered — main's refusal, said in the page's words
// (lib/refusal-words) rather than an empty dialog.
import { refusalSaid, type MainRefusal, type Said } from '../../lib/refusal-words.js';
import type { LabelGathering } from './label-items.js';
import type { LabelSource } from './label-job.svelte.js';

export class LabelsOpening {
  readonly #gather: () => Promise<LabelGathering>;
  #items = $state.raw<readonly LabelSource[]>([]);
  #refusal = $state.raw<MainRefusal | null>(null);

  constructor(gather: () => Promise<LabelGathering>) {
    this.#gather = gather;
  }

  /** The items gathered last (none when the gathering was refused). */
  get items(): readonly LabelSource[] {
    return this.#items;
  }

  /** Why the last gathering failed, in the page's language (read each time); null when it did not. */
  get refused(): Said | null {
    return this.#refusal === null ? null : refusalSaid(this.#refusal);
  }

  /** Gathers the page's items again (each opening reads what the page has now). */
  async gather(): Promise<void> {
    const gathered = await this.#gather();
    if ('refused' in gathered) {
      this.#items = [];
      this.#refusal = gathered.refused;
    } else {
      this.#items = gathered;
      this.#refusal = null;
    }
  }
}
