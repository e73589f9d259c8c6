// The counting page's table shows a bounded number of lines: the newest first, and the current line
// even when it is older than those.
import { describe, expect, it } from 'vitest';
import type { CountLine } from '../../src-shared/ipc/index.js';
import { newestLines } from '../../src-renderer/features/counting/shown-lines.js';

function line(lineId: number): CountLine {
  return {
    kind: 'product',
    lineId,
    sessionId: 's',
    product: {
      id: lineId,
      sku: `SKU-${lineId}`,
      barcode: '',
      name: `P${lineId}`,
      unittext: '',
      purchaseprice: 0,
    },
    counted: 1,
    scans: 1,
    isCounted: true,
    countedAgainst: 0,
    expected: 0,
    inScope: true,
    pack: null,
  };
}

/** Newest (last counted) first, as counting.lines answers with order 'lastCounted'. */
const lines = Array.from({ length: 10 }, (_, index) => line(10 - index));
const ids = (shown: CountLine[]) => shown.map((shownLine) => shownLine.lineId);

describe('newestLines', () => {
  it('shows all lines, newest first, while they fit', () => {
    expect(ids(newestLines(lines.slice(7), null, 5))).toEqual([3, 2, 1]);
  });

  it('shows only the newest when there are more', () => {
    expect(ids(newestLines(lines, lines[0] ?? null, 4))).toEqual([10, 9, 8, 7]);
  });

  it('puts an older current line on top, still within the limit', () => {
    expect(ids(newestLines(lines, lines[8] ?? null, 4))).toEqual([2, 10, 9, 8]);
  });
});
