// What the unknown-codes list says beside a code: the units counted under it — what finding its
// product moves, or removing it drops — then how often this PC scanned it when that is a different
// figure (a quantity asked per scan), and on a live host the members whose scans of it it holds. A
// member's units reach the host as its figure, not as scans (decision 0013), so a host listing only
// its own scans would say "scans: 0" for units it is about to resolve.
import type { CountLine } from '../../../src-shared/ipc/index.js';
import { formatNumber } from '../../lib/i18n.svelte.js';
import { ct } from './counting-strings.js';

type UnknownCountLine = Extract<CountLine, { kind: 'unknown' }>;

/** "units: 3 · from AISLE-2" (the page's language), one line of words for the code's entry. */
export function unknownCodeFacts(line: UnknownCountLine): string {
  const facts = [ct('unknownUnits', { count: formatNumber(line.counted) })];
  if (line.scans > 0 && line.scans !== line.counted) {
    facts.push(ct('scans', { count: formatNumber(line.scans) }));
  }
  if (line.members !== undefined && line.members.length > 0) {
    facts.push(ct('fromMembers', { names: line.members.join(', ') }));
  }
  return facts.join(' · ');
}
