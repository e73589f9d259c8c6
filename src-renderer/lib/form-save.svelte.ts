// The save side of a form: refused fields (main's preview's, or the save's own once a save was tried),
// whether a save runs, and why it failed when no field is to blame. Shared by the forms that differ only
// in what they send (money records and payments, quotations, returns).
import type { IpcIssue, IpcResult } from '../../src-shared/ipc/index.js';
import { issuesByPath, refusedFigures, type TypedField } from './form-input.js';
import { refusalSaid, type MainRefusal, type Said } from './refusal-words.js';

export class FormSave {
  #previewIssues = $state<ReadonlyMap<string, IpcIssue>>(new Map());
  #saveIssues = $state<ReadonlyMap<string, IpcIssue>>(new Map());
  #attempted = $state(false);
  #saving = $state(false);
  #saveError = $state<MainRefusal | null>(null);

  /** Refused fields by path, once a save was tried: the save's own, else the preview's. */
  get issues(): ReadonlyMap<string, IpcIssue> {
    if (!this.#attempted) return new Map();
    return this.#saveIssues.size > 0 ? this.#saveIssues : this.#previewIssues;
  }

  get saving(): boolean {
    return this.#saving;
  }

  /** Why the last save failed when no field is to blame, in the page's words (main's behind Details). */
  get saveError(): Said | null {
    return this.#saveError === null ? null : refusalSaid(this.#saveError);
  }

  /** The preview's refusals (none when it was accepted). */
  previewed(issues: readonly IpcIssue[] | undefined): void {
    this.#previewIssues = issuesByPath(issues);
  }

  /** A field changed: the last save's refusals no longer describe it. */
  edited(): void {
    this.#saveIssues = new Map();
  }

  /** A fresh form: nothing tried, nothing refused by a save. */
  reset(): void {
    this.#attempted = false;
    this.#saveIssues = new Map();
    this.#saveError = null;
  }

  /**
   * Runs one save (none while one runs): its value, or null when refused (the fields or saveError say
   * why). A typed figure the rule refuses stops it here, before main is asked: nothing is queued.
   */
  async run<T>(call: () => Promise<IpcResult<T>>, figures: readonly TypedField[] = []): Promise<T | null> {
    if (this.#saving) return null;
    this.#attempted = true;
    this.#saveError = null;
    const refused = refusedFigures(figures);
    if (refused.length > 0) {
      // The preview's refusals of the other fields stay named too, so one try shows every problem.
      this.#saveIssues = new Map([...this.#previewIssues, ...issuesByPath(refused)]);
      return null;
    }
    this.#saving = true;
    try {
      const result = await call();
      if (result.ok) return result.value;
      this.#saveIssues = issuesByPath(result.error.issues);
      this.#saveError = this.#saveIssues.size > 0 ? null : result.error;
      return null;
    } finally {
      this.#saving = false;
    }
  }
}
