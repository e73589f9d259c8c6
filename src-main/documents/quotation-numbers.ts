// The numbers of quotations made on this PC: its short name and a sequence ('WHPC02-Q0007'), proposed
// and taken as document-numbers.ts says. The sequence is `quotation_number_sequence` (migration 0012)
// by prefix; its `last` is the last number a save took.
import { DocumentNumbers } from './document-numbers.js';
import type { QuotationRepository } from './quotation.repository.js';

/** 'WAREHOUSE-PC-02.local' → 'WAREHOUSEPC02': letters and digits, at most 12. */
export function pcShortName(name: string): string {
  const short = (name.split('.')[0] ?? '')
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase()
    .slice(0, 12);
  return short === '' ? 'PC' : short;
}

export function quotationNumbers(quotations: QuotationRepository, pcName: string): DocumentNumbers {
  const prefix = `${pcShortName(pcName)}-Q`;
  return new DocumentNumbers({
    format: (sequence) => `${prefix}${String(sequence).padStart(4, '0')}`,
    lastTaken: () => quotations.lastTakenSequence(prefix),
    take: (sequence) => quotations.takeSequence(prefix, sequence),
    holds: (number) => quotations.numberTaken(number),
    sequenceOf: (number) => {
      const digits = number.startsWith(prefix) ? number.slice(prefix.length) : '';
      return /^[0-9]{4,9}$/.test(digits) ? Number.parseInt(digits, 10) : undefined;
    },
  });
}
