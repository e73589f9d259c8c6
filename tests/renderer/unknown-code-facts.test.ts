// What the counting page's unknown-codes list says beside a code (features/counting/unknown-code-facts.ts):
// the units counted under it, always — on a live host a member's units arrive as its figure, with no
// scan on the host, so the scans alone said "scans: 0" for units about to be resolved — the scans only
// when they are another figure, and the members whose units they are; in English and in Thai.
import './support/page-globals.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { CountLine } from '../../src-shared/ipc/index.js';
import { unknownCodeFacts } from '../../src-renderer/features/counting/unknown-code-facts.js';
import { locale } from '../../src-renderer/lib/i18n.svelte.js';

afterEach(() => locale.set('en'));

type UnknownCountLine = Extract<CountLine, { kind: 'unknown' }>;

function unknownLine(figures: Pick<UnknownCountLine, 'counted' | 'scans' | 'members'>): UnknownCountLine {
  return {
    kind: 'unknown',
    lineId: 7,
    sessionId: 's',
    code: '8859990000017',
    isCounted: true,
    state: 'open',
    resolvedProductId: null,
    ...figures,
  };
}

describe('the facts beside an unknown code', () => {
  it('gives a member’s units on the host, where the host itself scanned nothing', () => {
    const line = unknownLine({ counted: 3, scans: 0, members: ['AISLE-2'] });
    expect(unknownCodeFacts(line)).toBe('units: 3 · from AISLE-2');
    locale.set('th');
    expect(unknownCodeFacts(line)).toBe('3 หน่วย · จาก AISLE-2');
  });

  it('adds the host’s own scans when they are not the units, and every member', () => {
    const line = unknownLine({ counted: 5, scans: 1, members: ['AISLE-2', 'AISLE-3'] });
    expect(unknownCodeFacts(line)).toBe('units: 5 · scans: 1 · from AISLE-2, AISLE-3');
    locale.set('th');
    expect(unknownCodeFacts(line)).toBe('5 หน่วย · สแกน 1 ครั้ง · จาก AISLE-2, AISLE-3');
  });

  it('says only the units of a code this PC scanned once per unit, with no member', () => {
    expect(unknownCodeFacts(unknownLine({ counted: 2, scans: 2 }))).toBe('units: 2');
    // A quantity asked at the scan (quantity mode "prompt"): one scan, twelve units.
    expect(unknownCodeFacts(unknownLine({ counted: 12, scans: 1, members: [] }))).toBe(
      'units: 12 · scans: 1',
    );
  });

  it('writes the figures as the page’s language does', () => {
    expect(unknownCodeFacts(unknownLine({ counted: 1250, scans: 1250 }))).toBe('units: 1,250');
  });
});
