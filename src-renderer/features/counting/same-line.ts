// Whether main's answer changes what the page already shows. A scan shown before main answered it is
// usually exactly what main then says; taking the answer as a new line (or a new last outcome) made
// Svelte run every effect reading it again, about a millisecond that landed while the browser waited
// to paint the scan (bench/scan-to-screen). Ids count: a made-up line's id is not main's.
import type { CountLine } from '../../../src-shared/ipc/index.js';

export function sameLine(a: CountLine, b: CountLine): boolean {
  if (a === b) return true;
  if (
    a.lineId !== b.lineId ||
    a.counted !== b.counted ||
    a.scans !== b.scans ||
    a.isCounted !== b.isCounted
  ) {
    return false;
  }
  if (a.kind === 'unknown' || b.kind === 'unknown') {
    return (
      a.kind === 'unknown' &&
      b.kind === 'unknown' &&
      a.code === b.code &&
      a.state === b.state &&
      a.resolvedProductId === b.resolvedProductId
    );
  }
  const [p, q] = [a.product, b.product];
  return (
    a.expected === b.expected &&
    a.countedAgainst === b.countedAgainst &&
    a.inScope === b.inScope &&
    a.pack?.code === b.pack?.code &&
    a.pack?.units === b.pack?.units &&
    p.id === q.id &&
    p.sku === q.sku &&
    p.barcode === q.barcode &&
    p.name === q.name &&
    p.unittext === q.unittext &&
    p.purchaseprice === q.purchaseprice
  );
}

export function sameLines(a: readonly CountLine[], b: readonly CountLine[]): boolean {
  return (
    a.length === b.length &&
    a.every((line, index) => {
      const other = b[index];
      return other !== undefined && sameLine(line, other);
    })
  );
}
