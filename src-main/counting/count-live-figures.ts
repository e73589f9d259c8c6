// A live count's figures on both sides (decisions 0013 and 0021). On a member: what one of its lines
// is now — its figure and its units per shelf — for the change the stream sends next. On the host: a
// member's change applied as that member's part (a product's through the file merge's bookkeeping, a
// code's through count-live-codes.ts), and its shelf visits recorded under the member's counter.
import { applyMemberCode, type MemberCodeChange } from './count-live-codes.js';
import type { CountMerge, SourceFigure } from './count-merge.js';
import { shelfPartsProblem, type FileShelfParts } from './count-merge-shelves.js';
import type { CountShelves } from './count-shelves.js';
import type { CountingContext } from './counting-context.js';
import { openSession } from './counting-context.js';
import { CountingError } from './counting-errors.js';
import type { CountLineView } from './counting-types.js';

/** A live member's unknown code and its figure there. */
export type MemberCodeFigure = MemberCodeChange & { readonly kind: 'unknown' };
/** A shelf a live member's counter entered or confirmed empty. */
export interface MemberShelfVisit {
  readonly kind: 'visit';
  readonly shelf: string;
  readonly visit: 'enter' | 'empty';
}
export type MemberFigure = SourceFigure | MemberCodeFigure | MemberShelfVisit;

/**
 * A member's change names a shelf the host does not have. Refused rather than counted on no shelf: the
 * host would lose where the units are, and a shelf list nobody visited would be wrong. The host keeps
 * the change and tries it again on every resend, so importing the shelves file lets the stream go on.
 */
export class MemberShelfMissingError extends CountingError {
  override name = 'MemberShelfMissingError';

  constructor(
    readonly shelf: string,
    warehouseCode: string,
  ) {
    super(
      'unknown-shelf',
      `${warehouseCode} has no shelf ${shelf} on this PC: import the shelves file here, and the member's counts go on`,
    );
  }
}

export class CountLiveFigures {
  readonly #context: CountingContext;
  readonly #merge: CountMerge;
  readonly #shelves: CountShelves;

  constructor(context: CountingContext, merge: CountMerge, shelves: CountShelves) {
    this.#context = context;
    this.#merge = merge;
    this.#shelves = shelves;
  }

  /**
   * A member's line as it is now: its figure (an unknown code's: 0 once resolved or removed) and its
   * units per shelf. Where a shelf's units would read below 0 (a later set moved units counted on
   * another shelf), the figure goes on no shelf, as a count file's does (count-merge-shelves.ts).
   */
  lineNow(lineId: number): { counted: number; shelves: FileShelfParts } | undefined {
    const line = this.#context.repository.line(lineId);
    if (line === undefined) return undefined;
    const counted = line.kind === 'unknown' && line.unknown_state !== 'open' ? 0 : line.counted;
    if (counted === 0) return { counted, shelves: [] };
    const parts = [...this.#shelves.partsOfLine(lineId)]
      .filter(([, units]) => units !== 0)
      .map(([shelf, units]) => ({ shelf, counted: units }))
      .sort((a, b) => (a.shelf ?? '').localeCompare(b.shelf ?? ''));
    const usable = parts.every((part) => part.counted > 0) && shelfPartsProblem(parts, counted) === undefined;
    return { counted, shelves: usable ? parts : [{ shelf: null, counted }] };
  }

  /**
   * Applies a member's changes to the host's open session, each as that member's part. The caller
   * holds the transaction (it records the member's sequence in the same one). Returns how many
   * changed something; refuses a shelf this PC does not have (MemberShelfMissingError).
   */
  apply(
    sessionId: string,
    source: { readonly sessionId: string; readonly label: string },
    figures: readonly MemberFigure[],
  ): number {
    const session = openSession(this.#context, sessionId);
    const counter = `(live: ${source.label})`.slice(0, 64);
    let changed = 0;
    for (const figure of figures) {
      for (const shelf of shelvesOf(figure)) {
        if (!this.#shelves.knows(session.warehouse_code, shelf))
          throw new MemberShelfMissingError(shelf, session.warehouse_code);
      }
      if (!('kind' in figure)) {
        if (this.#merge.applySourceFigure(session, source, counter, figure)) changed += 1;
      } else if (figure.kind === 'unknown') {
        if (applyMemberCode(this.#context, session, source, counter, figure)) changed += 1;
      } else {
        this.#shelves.recordMergedVisit(session.id, counter, figure.shelf, figure.visit);
        changed += 1;
      }
    }
    return changed;
  }
}

function shelvesOf(figure: MemberFigure): string[] {
  if ('kind' in figure && figure.kind === 'visit') return [figure.shelf];
  return (figure.shelves ?? []).flatMap((part) => (part.shelf === null ? [] : [part.shelf]));
}

/** Names on each unknown line the live members holding units of its code (none: unchanged). */
export function withMembers(
  views: CountLineView[],
  parts: ReadonlyArray<{ code: string; source_label: string }>,
): CountLineView[] {
  if (parts.length === 0) return views;
  return views.map((view) => {
    if (view.kind !== 'unknown') return view;
    const members = parts.filter((part) => part.code === view.code).map((part) => part.source_label);
    return members.length === 0 ? view : { ...view, members };
  });
}
