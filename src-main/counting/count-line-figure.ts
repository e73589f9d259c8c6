// The one rule for what a line's figure is, given its live (not undone) events in the order they
// happened — whoever the counters were:
//
//   scan, adjust  add their quantity (several counters on one PC add up);
//   set           makes the line exactly its quantity: everything before it, of every counter, is
//                 superseded ("I recounted this shelf: there are 12"); later scans add to it;
//   merge         adds the current figure of a resolved unknown-code line (those units were counted
//                 under a code nobody knew; from the resolution on they are this product's, so a set
//                 made before the resolution does not swallow them, a set made after it does).
//
// Undoing an event removes it from the list, so undoing a set brings back what it superseded.
import { roundQuantity } from './count-quantity.js';
import type { EventKind } from './count-session.repository.js';

export interface FigureEvent {
  readonly kind: EventKind;
  readonly quantity: number;
  readonly mergedLineId: number | null;
}

export interface LineFigure {
  readonly counted: number;
  /** Live scan events, merged lines' included. */
  readonly scans: number;
  /** Live events, merged lines' own events included: 0 means nobody counted this line (any more). */
  readonly liveEvents: number;
}

export const EMPTY_FIGURE: LineFigure = { counted: 0, scans: 0, liveEvents: 0 };

export function lineFigure(
  events: readonly FigureEvent[],
  mergedFigure: (lineId: number) => LineFigure,
): LineFigure {
  let counted = 0;
  let scans = 0;
  let liveEvents = 0;
  for (const event of events) {
    switch (event.kind) {
      case 'set':
        counted = event.quantity;
        liveEvents += 1;
        break;
      case 'scan':
        counted += event.quantity;
        scans += 1;
        liveEvents += 1;
        break;
      case 'adjust':
        counted += event.quantity;
        liveEvents += 1;
        break;
      case 'merge': {
        const merged = event.mergedLineId === null ? EMPTY_FIGURE : mergedFigure(event.mergedLineId);
        counted += merged.counted;
        scans += merged.scans;
        liveEvents += merged.liveEvents;
        break;
      }
    }
    counted = roundQuantity(counted);
  }
  return { counted, scans, liveEvents };
}
