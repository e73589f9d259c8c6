// The numbers of return purchase orders made on this PC: 'RT-', its letters and a sequence
// ('RT-WHPC01-00007'), proposed and taken as documents/document-numbers.ts says. The sequence is the one
// row of `return_number_sequence` (migration 0013, whose comment still says "proposed"); its `last` is
// the last number a save took.
import { codePrefix } from '../contacts/index.js';
import { DocumentNumbers } from '../documents/document-numbers.js';
import type { ReturnOrderRepository } from './return-order.repository.js';

export function returnNumbers(repo: ReturnOrderRepository, pcName: string): DocumentNumbers {
  const prefix = `RT-${codePrefix(pcName)}-`;
  return new DocumentNumbers({
    format: (sequence) => `${prefix}${String(sequence).padStart(5, '0')}`,
    lastTaken: () => repo.lastTakenSequence(),
    take: (sequence) => repo.takeSequence(sequence),
    holds: (number) => repo.numberTaken(number),
  });
}
