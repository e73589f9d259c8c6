// Saved contacts matching what is typed in a form's contact field (`money.contacts`), read one search
// at a time as the typing goes on. Only the answer for the text typed now is ever shown: Enter must not
// pick from a list the typing has left.
import type { CallValue, StockroomBridge } from '../../src-shared/ipc/index.js';
import { coalesced } from './coalesced.js';

export type SavedContact = CallValue<'money.contacts'>[number];

export class ContactSuggestions {
  #found = $state<SavedContact[]>([]);
  /** The text (trimmed) `#found` answers. */
  #foundFor = $state('');
  readonly #api: StockroomBridge;
  readonly #typed: () => string;
  readonly #picked: () => boolean;

  /** `typed`: the field's text now; `picked`: a saved contact is chosen (nothing to suggest then). */
  constructor(api: StockroomBridge, typed: () => string, picked: () => boolean) {
    this.#api = api;
    this.#typed = typed;
    this.#picked = picked;
  }

  get list(): readonly SavedContact[] {
    return this.#foundFor === this.#typed().trim() ? this.#found : [];
  }

  /** Searches for the text typed now (once more after a search on its way). */
  request(): Promise<void> {
    return this.#finder.request();
  }

  /** The search of what is typed now has answered. */
  settled(): Promise<void> {
    return this.#finder.settled();
  }

  clear(): void {
    this.#found = [];
  }

  readonly #finder = coalesced(async () => {
    const text = this.#typed().trim();
    if (text === '' || this.#picked()) {
      this.#found = [];
      return;
    }
    const result = await this.#api.call('money.contacts', { text, limit: 8 });
    this.#found = result.ok && !this.#picked() ? result.value : [];
    this.#foundFor = text;
  });
}
