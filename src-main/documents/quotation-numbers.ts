// The numbers of quotations made on this PC: its short name and a sequence ('WHPC02-Q0007'). A number
// is proposed without being taken, so a form opened and cancelled leaves no gap in the store's numbers;
// it is taken in the transaction that saves (queues) the quotation, so two saves never get the same
// one, and the sequence remembers it after the copy forgets the quotation (the daily prune).
import type { QuotationRepository } from './quotation.repository.js';

/** 'WAREHOUSE-PC-02.local' → 'WAREHOUSEPC02': letters and digits, at most 12. */
export function pcShortName(name: string): string {
  const short = (name.split('.')[0] ?? '')
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase()
    .slice(0, 12);
  return short === '' ? 'PC' : short;
}

interface Proposal {
  readonly number: string;
  readonly sequence: number;
}

export class QuotationNumbers {
  readonly #quotations: QuotationRepository;
  readonly #prefix: string;

  constructor(quotations: QuotationRepository, pcName: string) {
    this.#quotations = quotations;
    this.#prefix = `${pcShortName(pcName)}-Q`;
  }

  /** The number the next save takes: the first after the last one taken that no quotation holds. */
  proposal(): Proposal {
    for (let sequence = this.#quotations.lastTakenSequence(this.#prefix) + 1; ; sequence += 1) {
      const number = `${this.#prefix}${String(sequence).padStart(4, '0')}`;
      if (!this.#quotations.numberTaken(number)) return { number, sequence };
    }
  }

  /**
   * Inside the transaction that saves a new quotation: its number. Left out, or typed equal to the
   * proposal, it is the proposal, taken now (so a second form that showed the same proposal gets the
   * next one); any other typed number is the caller's to check and takes nothing from the sequence,
   * which skips it when it gets there.
   */
  take(typed: string | undefined): string {
    const proposal = this.proposal();
    if (typed !== undefined && typed !== proposal.number) return typed;
    this.#quotations.takeSequence(this.#prefix, proposal.sequence);
    return proposal.number;
  }
}
