// What return purchase orders and quotations share besides money: their currency, the id-or-number rule
// and the answer of a write that changed nothing. docs/sandbox/states.md has the reasons. (The creator,
// days and tags they share with finance records are in ../shared.)
import type { ParentRef } from '../../core/handler.js';
import { invalidId } from '../../core/sandbox-error.js';

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

/** The text of a write that changed nothing because the document is already where it was asked to be. */
export function unchanged(reason: string): { description: string } {
  return { description: `Success (nothing changed: ${reason})` };
}
