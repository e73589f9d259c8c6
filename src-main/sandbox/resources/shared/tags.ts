// Tags of documents, incomes and expenses as a body or a query sends them.
import { validation } from '../../core/sandbox-error.js';

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
