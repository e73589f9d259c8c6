// Why a settings field was not saved, in the page's language: shown right under the field by both the
// scanner fields and this PC's name.
import { PC_NAME_MAX_LENGTH, type PcNameRefusalReason } from '../../../src-shared/domain/live-join.js';
import type { FieldName } from './settings-draft.js';
import { settingsForm, type FieldProblem } from './settings-form.svelte.js';
import { st, type SettingsKey } from './settings-strings.js';

const PC_NAME_WORDS: Record<PcNameRefusalReason, SettingsKey> = {
  'pc-name-empty': 'pcNameEmpty',
  'pc-name-too-long': 'pcNameTooLong',
  'pc-name-control-character': 'pcNameControl',
  'pc-name-spaces-around': 'pcNameSpaces',
};

export function fieldProblemText(problem: FieldProblem): string {
  switch (problem.kind) {
    case 'not-a-number':
      return st('wholeNumber');
    case 'pc-name':
      return st(PC_NAME_WORDS[problem.reason], { max: PC_NAME_MAX_LENGTH });
    case 'refused':
      return st('refused', { message: problem.message });
  }
}

/** The ids of what FieldNotes shows under `field`, for its input's aria-describedby. */
export function fieldDescribedBy(field: FieldName): string {
  const ids = [`hint-${field}`];
  if (settingsForm.changed.includes(field)) ids.push(`changed-${field}`);
  if (settingsForm.problems[field] !== undefined) ids.push(`problem-${field}`);
  return ids.join(' ');
}
