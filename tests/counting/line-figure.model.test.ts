// Model-based: random sequences of scans, sets, adjusts and undos by three counters on two products,
// checked after every step against the rule written out plainly (fold the live events in order: set
// replaces, scan and adjust add), including which steps must be refused (a count below 0, nothing to
// undo). The service keeps figures incrementally; this proves the increments never drift from the rule.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCountingFixture, WAREHOUSE, type CountingFixture } from './support/counting-fixture.js';

const COUNTERS = ['Somchai', 'Malee', 'Anan'] as const;
const CODES = ['SKU-1', 'SKU-2'] as const;

type Command =
  | { readonly kind: 'scan'; readonly counter: string; readonly code: string; readonly quantity: number }
  | { readonly kind: 'set'; readonly counter: string; readonly code: string; readonly quantity: number }
  | { readonly kind: 'adjust'; readonly counter: string; readonly code: string; readonly quantity: number }
  | { readonly kind: 'undo'; readonly counter: string };

interface ModelEvent {
  readonly counter: string;
  readonly code: string;
  readonly kind: 'scan' | 'set' | 'adjust';
  readonly quantity: number;
  undone: boolean;
}

const counter = fc.constantFrom(...COUNTERS);
const code = fc.constantFrom(...CODES);
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('scan' as const), counter, code, quantity: fc.constantFrom(1, 1, 2, 0.5) }),
  fc.record({ kind: fc.constant('set' as const), counter, code, quantity: fc.constantFrom(0, 1, 3, 7.25) }),
  fc.record({
    kind: fc.constant('adjust' as const),
    counter,
    code,
    quantity: fc.constantFrom(-2, -1, 1, 0.25),
  }),
  fc.record({ kind: fc.constant('undo' as const), counter }),
);

function figure(events: readonly ModelEvent[], lineCode: string): number {
  let counted = 0;
  for (const event of events) {
    if (event.undone || event.code !== lineCode) continue;
    counted = event.kind === 'set' ? event.quantity : Math.round((counted + event.quantity) * 1e6) / 1e6;
  }
  return counted;
}

describe('line figures under random counter activity', () => {
  let fixture: CountingFixture;
  beforeAll(() => {
    fixture = openCountingFixture();
    fixture.seed([
      { id: 1, stock: 10 },
      { id: 2, stock: 5 },
    ]);
  });
  afterAll(() => fixture.close());

  it('match the rule after every step, and refuse exactly the steps the rule refuses', () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 40 }), (commands) => {
        const sessionId = fixture.service.createSession({ warehouseCode: WAREHOUSE }).id;
        const events: ModelEvent[] = [];
        const lineIds = new Map<string, number>();
        for (const step of commands) {
          const before = events.map((event) => event.undone);
          let accepted = true;
          if (step.kind === 'undo') {
            const last = events.findLast((event) => event.counter === step.counter && !event.undone);
            if (last) last.undone = true;
            accepted = last !== undefined && CODES.every((lineCode) => figure(events, lineCode) >= 0);
          } else if (step.kind === 'scan' || lineIds.has(step.code)) {
            events.push({ ...step, undone: false });
            accepted = figure(events, step.code) >= 0;
          } else {
            continue; // set/adjust need a line, which only a scan creates
          }
          const run = () => {
            if (step.kind === 'undo') return fixture.service.undoLast({ sessionId, counter: step.counter });
            if (step.kind === 'scan') return fixture.service.scan({ sessionId, ...step });
            const lineId = lineIds.get(step.code) ?? 0;
            const input = { sessionId, lineId, counter: step.counter, quantity: step.quantity };
            return step.kind === 'set'
              ? fixture.service.setQuantity(input)
              : fixture.service.adjustQuantity(input);
          };
          if (accepted) {
            const result = run();
            const line = 'line' in result ? result.line : result;
            if (step.kind === 'scan') lineIds.set(step.code, line.lineId);
          } else {
            expect(run).toThrow();
            if (step.kind === 'undo')
              events.forEach((event, index) => (event.undone = before[index] ?? false));
            else events.pop();
          }
          const lines = fixture.service.lines(sessionId);
          for (const [lineCode, lineId] of lineIds) {
            const line = lines.find((candidate) => candidate.lineId === lineId);
            expect(line?.counted).toBe(figure(events, lineCode));
            const live = events.some((event) => event.code === lineCode && !event.undone);
            expect(line?.isCounted).toBe(live);
          }
        }
      }),
      { numRuns: 150 },
    );
  });
});
