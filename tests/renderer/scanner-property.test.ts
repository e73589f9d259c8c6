// The scan detector's properties: any code of scannable characters on any layout, any run of scans and
// any slow typing, fed as keydown-shaped objects on the fake clock of support/scan-keys.ts; and scans
// and a person's typing reaching the page late, in stalls, as a busy PC hands them over.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deliverLate, lateDeliveryCase } from './support/late-delivery.js';
import { KEY_FOR_CHAR, scannerKeys, setup, THAI_CHARS } from './support/scan-keys.js';

describe('scan detector: property', () => {
  it('delivers any code of scannable characters exactly once and unchanged, whatever the layout', () => {
    const chars = [...KEY_FOR_CHAR.keys()].filter((c) => c !== ' ');
    const code = fc.array(fc.constantFrom(...chars), { minLength: 4, maxLength: 40 }).map((a) => a.join(''));
    fc.assert(
      fc.property(
        code,
        fc.array(fc.integer({ min: 0, max: 35 }), { minLength: 41, maxLength: 41 }),
        fc.array(fc.constantFrom(...THAI_CHARS), { minLength: 41, maxLength: 41 }),
        fc.boolean(),
        (text, gaps, thai, thaiLayout) => {
          const s = setup();
          let i = 0;
          const layoutKey = (_code: string, us: string): string => (thaiLayout ? (thai[i++] ?? us) : us);
          s.press(scannerKeys(text, 100, (n) => gaps[n] ?? 0, layoutKey));
          s.timers.advance(10_000);
          expect(s.codes()).toEqual([text]);
          expect(s.typed).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('delivers any run of back-to-back scans, each once, in order', () => {
    const digits = fc.stringMatching(/^[0-9A-Z]{4,20}$/);
    fc.assert(
      fc.property(fc.array(fc.tuple(digits, fc.integer({ min: 0, max: 35 })), { maxLength: 12 }), (runs) => {
        const s = setup({ repeatWarningMs: 0 });
        let t = 0;
        for (const [text, pause] of runs) {
          const events = scannerKeys(text, t, () => 1 + (pause % 30));
          s.press(events);
          t = (events.at(-1)?.timeStamp ?? t) + pause;
        }
        s.timers.advance(t + 10_000);
        expect(s.codes()).toEqual(runs.map(([text]) => text));
      }),
      { numRuns: 200 },
    );
  });

  it("never takes a person's slow typing for a scan, and gives every key back in order", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9a-z]{1,20}$/), fc.integer({ min: 36, max: 400 }), (text, gap) => {
        const s = setup();
        s.press(scannerKeys(text, 0, () => gap));
        expect(s.codes()).toEqual([]);
        expect(s.typed.join('')).toBe(text);
        expect(s.outcomes.at(-1)).toBe('passed');
      }),
      { numRuns: 200 },
    );
  });

  it('counts every scan once and types only what the person typed, however late the keys reach the page', () => {
    // Delivery is late (jitter, and stalls of 300-1500 ms anywhere (834 ms seen on a
    // busy PC, 1.3 s in the bench at load 20), mid-burst too), never the keys' own
    // times; the page is sometimes idle meanwhile (its timers run on time) and sometimes busy (they run
    // late, with the keys). Issue 20: with the timers' quiet as the judge, a stall handed half a scan
    // out as typing (on a Thai layout a `3` is `-`, a command on the counting page).
    fc.assert(
      fc.property(lateDeliveryCase(), (plan) => {
        const s = setup();
        deliverLate(s, plan);
        expect(s.codes()).toEqual(plan.scans);
        expect(s.typed.join('')).toBe(plan.typed);
      }),
      { numRuns: 300 },
    );
  });
});
