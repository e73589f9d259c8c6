// The numbers of documents made on this PC (quotations, return purchase orders): a prefix of this PC
// and a sequence. A number is proposed without being taken, so a form opened and cancelled leaves no
// gap in the store's numbers; it is taken in the transaction that saves (queues) the document, so two
// saves never get the same one, and the sequence remembers it after the copy forgets the document (the
// daily prune). Each kind of document keeps its own sequence and copy: `NumberSequence` reads them.

/** One kind of document's numbers as stored on this PC. */
export interface NumberSequence {
  /** The number of a sequence position ('WHPC02-Q0007'). */
  format(sequence: number): string;
  /** The last sequence position a save took (0 before the first). */
  lastTaken(): number;
  /** Records that a save took this position (never lowers the last one taken). */
  take(sequence: number): void;
  /** Whether a document of this kind in the copy has this number. */
  holds(number: string): boolean;
  /** The sequence position of one of this PC's numbers ('WHPC02-Q0007' → 7); undefined for others. */
  sequenceOf?(number: string): number | undefined;
}

interface Proposal {
  readonly number: string;
  readonly sequence: number;
}

export class DocumentNumbers {
  readonly #sequence: NumberSequence;

  constructor(sequence: NumberSequence) {
    this.#sequence = sequence;
  }

  /** The number the next save takes: the first after the last one taken that no document holds. */
  proposal(): Proposal {
    for (let sequence = this.#sequence.lastTaken() + 1; ; sequence += 1) {
      const number = this.#sequence.format(sequence);
      if (!this.#sequence.holds(number)) return { number, sequence };
    }
  }

  /**
   * Inside the transaction that saves a new document: its number. Left out, or typed equal to the
   * proposal, it is the proposal, taken now (so a second form that showed the same proposal gets the
   * next one); any other typed number is the caller's to check and takes nothing from the sequence,
   * which skips it when it gets there.
   */
  /**
   * Whether `number` is one of this PC's numbers past the last one a save took, held by no document in
   * the copy: no document can have it (another PC has its own prefix).
   */
  notIssued(number: string): boolean {
    const sequence = this.#sequence.sequenceOf?.(number);
    return sequence !== undefined && sequence > this.#sequence.lastTaken() && !this.#sequence.holds(number);
  }

  take(typed: string | undefined): string {
    const proposal = this.proposal();
    if (typed !== undefined && typed !== proposal.number) return typed;
    this.#sequence.take(proposal.sequence);
    return proposal.number;
  }
}
