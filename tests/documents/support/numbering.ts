// What the tests of document numbers (quotations, returns) share.
import { expect, it } from 'vitest';
import { isRefusal } from '../../../src-main/refusal/refusal.js';

/** The number `steps` further on in its sequence: 'WHPC02-Q0007' → 'WHPC02-Q0008'. */
export function after(number: string, steps = 1): string {
  const [, prefix = '', digits = '0'] = /^(.*?)(\d+)$/.exec(number) ?? [];
  return `${prefix}${String(Number(digits) + steps).padStart(digits.length, '0')}`;
}

/** The fields a refusal named ([] when `work` was not refused; anything else thrown goes on). */
export function refusedPaths(work: () => unknown): string[] {
  try {
    work();
  } catch (error) {
    if (isRefusal(error)) return error.fields.map((issue) => issue.path);
    throw error;
  }
  return [];
}

/** One kind of numbered document as its form and its save see it (read once its fixture started). */
export interface NumberedDocuments {
  /** How this PC's numbers of the kind look. */
  readonly pattern: RegExp;
  /** What the new form shows (documents.proposeQuotationNumber, returns.newNumber). */
  proposed(): string;
  /** Saves a new document: its number left out (the proposal kept), or as typed. Its saved number. */
  save(typed?: string): string;
  /** The kind's sequence table, and how many writes the outbox holds. */
  sequenceRows(): unknown[];
  queued(): number;
}

/** The rules every kind of numbered document keeps, as tests of the calling file. */
export function itKeepsNumbersWithoutGaps(kind: () => NumberedDocuments): void {
  it('a proposal takes nothing: the form opened twice shows the same number, and the save takes it', () => {
    const { pattern, proposed, save, sequenceRows, queued } = kind();
    const sequenceBefore = sequenceRows();
    const queuedBefore = queued();
    const shown = proposed();
    expect(shown).toMatch(pattern);
    // Opened again after Escape: the same number, and nothing written.
    expect(proposed()).toBe(shown);
    expect(sequenceRows()).toEqual(sequenceBefore);
    expect(queued()).toBe(queuedBefore);

    expect(save()).toBe(shown);
    expect(proposed()).toBe(after(shown));
  });

  it('consecutive numbers whatever forms were cancelled in between', () => {
    const { proposed, save } = kind();
    const numbers: string[] = [];
    for (let made = 0; made < 3; made += 1) {
      proposed();
      proposed();
      numbers.push(save());
    }
    expect(numbers).toEqual([numbers[0], after(numbers[0] ?? ''), after(numbers[0] ?? '', 2)]);
  });
}
