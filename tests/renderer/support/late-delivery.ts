// Scans and a person's typing as the keys were made (each key's own timeStamp, its release too), then
// handed to the page late, as a busy PC does: a little jitter on most events, and stalls of 300-1500 ms
// before any of them, a scan's Enter or its second key included. For the detector's property tests.
import fc from 'fast-check';
import type { ScanKeyEvent } from '../../../src-renderer/lib/scanner.js';
import { KEY_FOR_CHAR, keyEvent, scannerKeys, THAI_CHARS, THAI_DIGIT_ROW, type setup } from './scan-keys.js';

type Segment =
  | { kind: 'scan'; code: string; gaps: number[] }
  | { kind: 'typing'; keys: Array<{ char: string; thai: string; gap: number; hold: number }> };

export interface LateDeliveryPlan {
  readonly thaiLayout: boolean;
  readonly segments: ReadonlyArray<{ pause: number; segment: Segment }>;
  /** Per event in the order made: how late it reaches the page, and whether the page was busy meanwhile. */
  readonly delays: ReadonlyArray<{ ms: number; busy: boolean }>;
  /** The codes scanned, in order, and every character the person typed (as their layout types it). */
  readonly scans: readonly string[];
  readonly typed: string;
}

const scanSegment = fc.record({
  kind: fc.constant('scan' as const),
  code: fc.stringMatching(/^[0-9A-Z]{4,20}$/),
  gaps: fc.array(fc.integer({ min: 1, max: 35 }), { minLength: 21, maxLength: 21 }),
});
const typingSegment = fc.record({
  kind: fc.constant('typing' as const),
  keys: fc.array(
    fc.record({
      char: fc.constantFrom(...'0123456789abcdefghijklmnopqrstuvwxyz'),
      thai: fc.constantFrom(...THAI_CHARS),
      // A person's next key comes later than a scanner's; a key is held 5-200 ms (a quick tap too).
      gap: fc.integer({ min: 36, max: 600 }),
      hold: fc.integer({ min: 5, max: 200 }),
    }),
    { minLength: 1, maxLength: 6 },
  ),
});
const delay = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 25 }) },
  { weight: 1, arbitrary: fc.integer({ min: 300, max: 1500 }) },
);

export function lateDeliveryCase(): fc.Arbitrary<LateDeliveryPlan> {
  return fc
    .record({
      thaiLayout: fc.boolean(),
      segments: fc.array(
        fc.record({
          // From the previous segment's last key to this one's first: more than the burst gap.
          pause: fc.integer({ min: 36, max: 1500 }),
          segment: fc.oneof(scanSegment, typingSegment),
        }),
        { minLength: 1, maxLength: 8 },
      ),
      delays: fc.array(fc.record({ ms: delay, busy: fc.boolean() }), { minLength: 400, maxLength: 400 }),
    })
    .map(({ thaiLayout, segments, delays }) => ({
      thaiLayout,
      segments,
      delays,
      scans: segments.flatMap(({ segment }) => (segment.kind === 'scan' ? [segment.code] : [])),
      typed: segments
        .flatMap(({ segment }) => (segment.kind === 'typing' ? segment.keys : []))
        .map((key) => (thaiLayout ? key.thai : key.char))
        .join(''),
    }));
}

type Made = { down: ScanKeyEvent } | { up: number };

/** Every keydown and key release of the plan, at the time it was made, in that order. */
function eventsMade(plan: LateDeliveryPlan): Made[] {
  const made: Array<Made & { at: number; order: number }> = [];
  const push = (event: Made, at: number): void => void made.push({ ...event, at, order: made.length });
  let t = 1000;
  for (const { pause, segment } of plan.segments) {
    t += pause;
    if (segment.kind === 'scan') {
      const layoutKey = (code: string, us: string): string =>
        plan.thaiLayout ? (THAI_DIGIT_ROW[code] ?? us) : us;
      const keys = scannerKeys(segment.code, t, (i) => segment.gaps[i] ?? 1, layoutKey);
      keys.forEach((down, i) => {
        push({ down }, down.timeStamp);
        // A scanner releases each key within a millisecond or two, before its next key.
        const next = keys[i + 1]?.timeStamp ?? down.timeStamp + 1;
        if (down.key !== 'Shift')
          push({ up: Math.min(down.timeStamp + 1, next) }, Math.min(down.timeStamp + 1, next));
      });
      t = keys.at(-1)?.timeStamp ?? t;
    } else {
      segment.keys.forEach((key, i) => {
        if (i > 0) t += key.gap;
        const position = KEY_FOR_CHAR.get(key.char);
        const code = position?.code ?? 'KeyA';
        push({ down: keyEvent(plan.thaiLayout ? key.thai : key.char, code, t) }, t);
        push({ up: t + key.hold }, t + key.hold);
      });
    }
  }
  return made.sort((a, b) => a.at - b.at || a.order - b.order);
}

/** Hands the plan's events to the detector late, each after the one before (never out of order). */
export function deliverLate(page: ReturnType<typeof setup>, plan: LateDeliveryPlan): void {
  let arrival = 0;
  eventsMade(plan).forEach((event, index) => {
    const made = 'down' in event ? event.down.timeStamp : event.up;
    const late = plan.delays[index % plan.delays.length] ?? { ms: 0, busy: false };
    arrival = Math.max(arrival, made) + late.ms;
    // Busy: the page ran nothing meanwhile, its timers fire late, just before the event. Idle: on time.
    if (late.busy) page.timers.stall(arrival);
    else page.timers.advance(arrival);
    if ('down' in event) page.outcomes.push(page.detector.handleKeyDown(event.down));
    else page.detector.handleKeyUp({ timeStamp: event.up });
  });
  page.timers.advance(arrival + 60_000);
}
