// The settings page's form state, kept outside the page so unsaved edits survive leaving the page and
// coming back (nothing typed is lost). Saving sends the changed fields through settings.save; main
// validates them, and its issues are put next to the fields they name.
import { PC_NAME_REFUSAL_REASONS, type PcNameRefusalReason } from '../../../src-shared/domain/live-join.js';
import type { RefusalReason } from '../../../src-shared/ipc/index.js';
import { refusalSaid, type MainRefusal, type Said } from '../../lib/refusal-words.js';
import { settings } from '../../lib/settings.svelte.js';
import {
  FIELD_ORDER,
  changedFields,
  changesFrom,
  fieldOfIssue,
  scannerForTest,
  viewOf,
  type FieldName,
  type SettingsEdits,
  type SettingsForm,
} from './settings-draft.js';

/** Main's reason for refusing this PC's name (src-main/services/pc-name.ts): the page has words for each. */
function isPcNameReason(reason: RefusalReason | undefined): reason is PcNameRefusalReason {
  return PC_NAME_REFUSAL_REASONS.some((known) => known === reason);
}

/** Why a field was not saved: not a whole number (checked here), main's reason or main's own words. */
export type FieldProblem =
  | { readonly kind: 'not-a-number' }
  | { readonly kind: 'pc-name'; readonly reason: PcNameRefusalReason }
  | { readonly kind: 'refused'; readonly message: string };

class SettingsFormState {
  #edits = $state.raw<SettingsEdits>({});
  #problems = $state.raw<Partial<Record<FieldName, FieldProblem>>>({});
  #failure = $state<MainRefusal | null>(null);
  #notice = $state<'saved' | 'reverted' | null>(null);
  #saving = $state(false);

  /** The fields changed and not saved yet. */
  get edits(): SettingsEdits {
    return this.#edits;
  }

  /** Why a field was not saved, by field. */
  get problems(): Partial<Record<FieldName, FieldProblem>> {
    return this.#problems;
  }

  /** A refusal that names no field (e.g. the link to main is down). */
  /** Why the settings were not saved, in the page's words (main's text behind Details). */
  get failure(): Said | null {
    return this.#failure === null ? null : refusalSaid(this.#failure);
  }

  get notice(): 'saved' | 'reverted' | null {
    return this.#notice;
  }

  get saving(): boolean {
    return this.#saving;
  }

  readonly view: SettingsForm = $derived(viewOf(settings.value, this.#edits));
  readonly changed: readonly FieldName[] = $derived(changedFields(settings.value, this.#edits));
  readonly testScanner = $derived(scannerForTest(settings.value, this.#edits));
  readonly problemFields: readonly FieldName[] = $derived(
    FIELD_ORDER.filter((field) => field in this.#problems),
  );

  edit<F extends FieldName>(field: F, value: SettingsForm[F]): void {
    this.#edits = { ...this.#edits, [field]: value };
    this.#notice = null;
    if (field in this.#problems) {
      const rest = { ...this.#problems };
      delete rest[field];
      this.#problems = rest;
    }
  }

  revert(): void {
    this.#edits = {};
    this.#problems = {};
    this.#failure = null;
    this.#notice = 'reverted';
  }

  /** Saves the changed fields; the first field with a problem (for the focus), or null. */
  async save(): Promise<FieldName | null> {
    if (this.#saving) return null;
    const { changes, notNumbers } = changesFrom(settings.value, this.#edits);
    this.#failure = null;
    if (notNumbers.length > 0) {
      this.#problems = Object.fromEntries(notNumbers.map((field) => [field, { kind: 'not-a-number' }]));
      this.#notice = null;
      return notNumbers[0] ?? null;
    }
    if (Object.keys(changes).length === 0) return null;
    this.#saving = true;
    const error = await settings.save(changes);
    this.#saving = false;
    if (error === null) {
      // Keep only edits made while saving that still differ from what is now saved.
      const stillChanged = changedFields(settings.value, this.#edits);
      this.#edits = Object.fromEntries(stillChanged.map((field) => [field, this.#edits[field]]));
      this.#problems = {};
      this.#notice = 'saved';
      return null;
    }
    const problems: Partial<Record<FieldName, FieldProblem>> = {};
    for (const issue of error.issues ?? []) {
      const field = fieldOfIssue(issue);
      if (field === null || problems[field] !== undefined) continue;
      problems[field] =
        field === 'pcName' && isPcNameReason(error.reason)
          ? { kind: 'pc-name', reason: error.reason }
          : { kind: 'refused', message: issue.message };
    }
    this.#problems = problems;
    this.#notice = null;
    if (Object.keys(problems).length === 0) this.#failure = error;
    return FIELD_ORDER.find((field) => field in problems) ?? null;
  }
}

export const settingsForm = new SettingsFormState();
