// What return purchase orders and quotations share besides money: who the sandbox says created them,
// the id-or-number rule, dates of documents and tag texts. docs/sandbox/states.md has the reasons.
import type { ParentRef } from '../../handler.js';
import { invalidId, validation } from '../../sandbox-error.js';
import { formatThaiDate, parseThaiDate } from '../../thai-time.js';

/**
 * The user every API write is recorded as. The v4 headers name a store, not a person, so production
 * shows the API connection's user; the sandbox has one per store.
 */
export const API_USER = { id: 1, username: 'api', displayName: 'API' } as const;

/** The only currency the demo store trades in. */
export const CURRENCY = 'THB';

/** Which kind of document a shared table row belongs to. */
export type DocumentKind = 'returnPurchaseOrder' | 'quotation';

/**
 * Resolves the id-or-number rule (the core has checked that one is given): a non-zero id wins; else the
 * number, and because numbers are not unique in real stores, the newest record (highest id) with it.
 */
export function resolveParent(
  parent: ParentRef,
  label: string,
  byId: (id: number) => number | undefined,
  newestByNumber: (number: string) => number | undefined,
): number {
  if (parent.id !== undefined && parent.id !== 0) {
    const found = byId(parent.id);
    if (found === undefined) throw invalidId(`${label} id ${parent.id} was not found`);
    return found;
  }
  const number = parent.number?.trim() ?? '';
  if (number === '') throw invalidId('number is required when id is 0 or absent');
  const found = newestByNumber(number);
  if (found === undefined) throw invalidId(`${label} number ${number} was not found`);
  return found;
}

/** Epoch ms of Thai midnight starting the day of `instant`. */
export function thaiToday(instant: number): number {
  return parseThaiDate(formatThaiDate(instant)) ?? instant;
}

/** A yyyy-MM-dd (already checked by the row's schema) as Thai midnight, or today when absent. */
export function documentDay(text: string | undefined, now: number): number {
  if (text === undefined) return thaiToday(now);
  return parseThaiDate(text) ?? thaiToday(now);
}

/** The longest tag the sandbox keeps; production's limit is not documented. */
export const MAX_TAG_LENGTH = 100;

/** A tag as stored: trimmed, not empty, not absurdly long. */
export function readTag(text: string, field = 'tag'): string {
  const tag = text.trim();
  if (tag === '') throw validation(field, 'is required');
  if ([...tag].length > MAX_TAG_LENGTH)
    throw validation(field, `must be at most ${MAX_TAG_LENGTH} characters`);
  return tag;
}

/** A body's tag array: each tag checked, repeats dropped, order kept. */
export function readTags(tags: readonly string[] | undefined): string[] {
  const seen = new Set<string>();
  for (const [index, text] of (tags ?? []).entries()) seen.add(readTag(text, `tag[${index}]`));
  return [...seen];
}

/** The text of a write that changed nothing because the document is already where it was asked to be. */
export function unchanged(reason: string): { description: string } {
  return { description: `Success (nothing changed: ${reason})` };
}
