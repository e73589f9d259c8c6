// A refused typed number in the page's words: the rule it broke and the bound, next to the field.
import type { NumberRefusal, NumberRule } from '../../src-shared/domain/typed-number.js';
import { readTypedNumber } from '../../src-shared/domain/typed-number.js';
import type { IpcIssue } from '../../src-shared/ipc/index.js';
import { isFigureIssue } from './form-input.js';
import { locale } from './i18n.svelte.js';
import { numberWords } from './typed-number-strings.js';

/** The rule's bound as the page writes figures ("999,999,999.99"). */
function boundWords(rule: NumberRule): string {
  return new Intl.NumberFormat(locale.language === 'th' ? 'th-TH' : 'en-GB', {
    minimumFractionDigits: rule.decimals,
    maximumFractionDigits: rule.decimals,
  }).format(rule.max);
}

/** Why `text` was refused, in the page's language. */
export function refusalWords(text: string, refusal: NumberRefusal): string {
  const shown = text.trim();
  const { rule } = refusal;
  const values = { text: shown, bound: boundWords(rule), decimals: rule.decimals };
  switch (refusal.reason) {
    case 'empty':
      return numberWords('empty');
    case 'not-a-number':
      return numberWords('notANumber', values);
    case 'exponent':
      return numberWords('exponent', values);
    case 'grouping':
      return numberWords('grouping', values);
    case 'too-many-decimals':
      return numberWords(rule.decimals === 0 ? 'notWhole' : 'tooManyDecimals', values);
    case 'negative':
      return numberWords('negative', values);
    case 'sign':
      return numberWords('sign', values);
    case 'zero':
      return numberWords('zero');
    case 'too-large':
      return numberWords('tooLarge', values);
  }
}

/** The words for `text` under `rule`, or null when it is accepted. */
export function typedNumberProblem(text: string, rule: NumberRule): string | null {
  const read = readTypedNumber(text, rule);
  return read.ok ? null : refusalWords(text, read.refusal);
}

/** The words of a figure the page refused itself (form-input.ts), or null for another issue. */
export function figureIssueWords(issue: IpcIssue): string | null {
  return isFigureIssue(issue) ? refusalWords(issue.figure.text, issue.figure.refusal) : null;
}
