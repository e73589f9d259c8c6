// What a person typed, made ready for the contract (no words here: the state classes use it under Node
// in their tests, where the page's language is not loaded): typed figures checked by the one rule of
// src-shared/domain/typed-number.ts, and refusals by field.
import {
  readTypedNumber,
  refusalMessage,
  type NumberRefusal,
  type NumberRule,
} from '../../src-shared/domain/typed-number.js';
import type { IpcIssue } from '../../src-shared/ipc/index.js';

/** A typed figure of a form: where it goes in the call's arguments, what was typed, and its rule. */
export interface TypedField {
  readonly path: string;
  readonly text: string;
  readonly rule: NumberRule;
}

/** A field the page refused itself: the text and the rule's reason, worded at render (so in either language). */
export interface FigureIssue extends IpcIssue {
  readonly figure: { readonly text: string; readonly refusal: NumberRefusal };
}

export function isFigureIssue(issue: IpcIssue): issue is FigureIssue {
  return 'figure' in issue;
}

/** The refusals of the typed figures, in order (none: every figure is accepted and may be sent as typed). */
export function refusedFigures(fields: readonly TypedField[]): FigureIssue[] {
  const refused: FigureIssue[] = [];
  for (const { path, text, rule } of fields) {
    const read = readTypedNumber(text, rule);
    if (!read.ok)
      refused.push({ path, message: refusalMessage(read.refusal), figure: { text, refusal: read.refusal } });
  }
  return refused;
}

/**
 * A typed figure for the call: its exact value when the rule accepts it, else the text as typed, which
 * main refuses by the same rule and names by its field (a preview of a half-typed form, for one).
 */
export function typedArg(text: string, rule: NumberRule): number | string {
  const read = readTypedNumber(text, rule);
  return read.ok ? read.value : text;
}

/** The first issue of each path. */
export function issuesByPath(issues: readonly IpcIssue[] | undefined): ReadonlyMap<string, IpcIssue> {
  const byPath = new Map<string, IpcIssue>();
  for (const issue of issues ?? []) if (!byPath.has(issue.path)) byPath.set(issue.path, issue);
  return byPath;
}

/**
 * A select's value as the id the page wrote into its option (never a person's typing): '' (nothing
 * chosen) is 0, which main refuses by its field.
 */
export function optionId(value: string): number {
  // eslint-disable-next-line no-restricted-syntax -- an option's id the page wrote, not a typed figure
  return value === '' ? 0 : Number(value);
}
