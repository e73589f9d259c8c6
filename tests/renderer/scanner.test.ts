// The scan detector, fed keydown-shaped objects as a wedge scanner and as a person send them, on a fake
// clock whose timers fire before any key that comes later (as the browser's event loop would run them).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createScanDetector,
  DEFAULT_SCANNER_SETTINGS,
  type ScanDetectorOptions,
  type ScanInfo,
  type ScanKeyEvent,
  type ScannerSettings,
  type ScannerTimers,
} from '../../src-renderer/lib/scanner.js';
import { charForCode } from '../../src-renderer/lib/scanner-keymap.js';

class FakeTimers implements ScannerTimers {
  time = 0;
  #next = 1;
  #pending = new Map<number, { at: number; callback: () => void }>();
  now = (): number => this.time;
  set = (callback: () => void, ms: number): unknown => {
    const id = this.#next++;
    this.#pending.set(id, { at: this.time + ms, callback });
    return id;
  };
  clear = (handle: unknown): void => void this.#pending.delete(handle as number);
  /** Moves the clock to `to`, firing every timer due on the way, earliest first. */
  advance(to: number): void {
    for (;;) {
      const due = [...this.#pending].filter(([, t]) => t.at <= to).sort((a, b) => a[1].at - b[1].at)[0];
      if (due === undefined) break;
      this.#pending.delete(due[0]);
      this.time = Math.max(this.time, due[1].at);
      due[1].callback();
    }
    this.time = Math.max(this.time, to);
  }
}

// Every key position the keymap knows, reversed: the character -> the key a US-layout scanner presses.
const CODES = [
  ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('').map((l) => `Key${l}`),
  ...'0123456789'.split('').map((d) => `Digit${d}`),
  ...['Backquote', 'Minus', 'Equal', 'BracketLeft', 'BracketRight', 'Backslash', 'Semicolon', 'Quote'],
  ...['Comma', 'Period', 'Slash', 'Space'],
];
const KEY_FOR_CHAR = new Map<string, { code: string; shift: boolean }>();
for (const shift of [false, true])
  for (const code of CODES) {
    const char = charForCode(code, shift);
    if (char !== null && !KEY_FOR_CHAR.has(char)) KEY_FOR_CHAR.set(char, { code, shift });
  }

/** The Thai Kedmanee `key` values of the digit row (unshifted), as Chromium reports them. */
const THAI_DIGIT_ROW: Record<string, string> = {
  Digit1: 'ๅ', Digit2: '/', Digit3: '-', Digit4: 'ภ', Digit5: 'ถ', Digit6: 'ุ',
  Digit7: 'ึ', Digit8: 'ค', Digit9: 'ต', Digit0: 'จ', Minus: 'ข', Equal: 'ช',
}; // prettier-ignore
const THAI_CHARS = 'ๅ/-ภถุึคตจขชๆไำพะัีรนยบลฟหกดเ้่าสวงผปแอิืทมใฝ'.split('');

function keyEvent(
  key: string,
  code: string,
  timeStamp: number,
  extra: Partial<ScanKeyEvent> = {},
): ScanKeyEvent {
  const base = { key, code, timeStamp, ctrlKey: false, altKey: false, metaKey: false, shiftKey: false };
  return { ...base, repeat: false, ...extra };
}

/** The keydowns a scanner sends for `text` from `start`: Shift before capitals, `gap(i)` ms apart. */
function scannerKeys(
  text: string,
  start: number,
  gap: (index: number) => number,
  layoutKey: (code: string, usChar: string) => string = (_code, usChar) => usChar,
  terminator: string | null = 'Enter',
): ScanKeyEvent[] {
  const events: ScanKeyEvent[] = [];
  let t = start;
  [...text].forEach((char, index) => {
    const position = KEY_FOR_CHAR.get(char);
    if (position === undefined) throw new Error(`no key for ${char}`);
    if (index > 0) t += gap(index);
    if (position.shift) events.push(keyEvent('Shift', 'ShiftLeft', t, { shiftKey: true }));
    events.push(keyEvent(layoutKey(position.code, char), position.code, t, { shiftKey: position.shift }));
  });
  if (terminator !== null) events.push(keyEvent(terminator, terminator, t + gap(text.length)));
  return events;
}

function setup(
  settings: Partial<ScannerSettings> = {},
  options: ScanDetectorOptions & { passThrough?: boolean } = {},
) {
  const timers = new FakeTimers();
  const scans: Array<[string, ScanInfo]> = [];
  const typed: string[] = [];
  const detector = createScanDetector(
    { ...DEFAULT_SCANNER_SETTINGS, ...settings },
    (code, info) => void scans.push([code, info]),
    options.passThrough === true ? { timers } : { timers, onTyping: (text) => typed.push(text), ...options },
  );
  const outcomes: string[] = [];
  const press = (events: ScanKeyEvent[]): void => {
    for (const event of events) {
      timers.advance(event.timeStamp);
      outcomes.push(detector.handleKeyDown(event));
    }
  };
  return { timers, detector, scans, typed, outcomes, press, codes: () => scans.map(([code]) => code) };
}

const fast = (): number => 10;
const EAN = '8851234567892';

describe('scan detector: timing and terminators', () => {
  it('takes a fast burst ended by Enter as a scan; nothing reaches the focused field', () => {
    const s = setup();
    s.press(scannerKeys(EAN, 1000, fast));
    expect(s.codes()).toEqual([EAN]);
    expect(s.outcomes.every((o) => o === 'consumed')).toBe(true);
    s.timers.advance(5000);
    expect(s.typed).toEqual([]);
  });

  it('gives a slow person typing digits and Enter back as typing, Enter passed', () => {
    const s = setup();
    s.press(scannerKeys('123456', 1000, () => 140));
    expect(s.codes()).toEqual([]);
    expect(s.typed.join('')).toBe('123456');
    expect(s.outcomes.at(-1)).toBe('passed');
  });

  it('a fast burst shorter than minLength is typing', () => {
    const s = setup({ minLength: 5 });
    s.press(scannerKeys('1234', 1000, fast));
    expect(s.codes()).toEqual([]);
    expect(s.typed).toEqual(['1234']);
    expect(s.outcomes.at(-1)).toBe('passed');
  });

  it('honours Tab as the terminator, and then Enter does not end a scan', () => {
    const s = setup({ terminator: 'Tab' });
    s.press(scannerKeys('ABC-123', 0, fast, undefined, 'Tab'));
    s.press(scannerKeys('9876', 500, fast, undefined, 'Enter'));
    expect(s.codes()).toEqual(['ABC-123']);
    expect(s.typed).toEqual(['9876']);
    expect(s.outcomes.at(-1)).toBe('passed');
  });

  it('with terminator none, a burst ends when it goes quiet or when a late key comes', () => {
    const s = setup({ terminator: 'none' });
    s.press(scannerKeys('12345678', 0, fast, undefined, null));
    expect(s.codes()).toEqual([]);
    s.timers.advance(200);
    expect(s.codes()).toEqual(['12345678']);
    s.press(scannerKeys('55556666', 1000, fast, undefined, null));
    s.press([keyEvent('7', 'Digit7', 1200)]);
    expect(s.codes()).toEqual(['12345678', '55556666']);
  });

  it('keeps a scan whole when the page stalls mid-burst and its keys are handled late', () => {
    const s = setup();
    const keys = scannerKeys(EAN, 0, fast);
    s.press(keys.slice(0, 3));
    s.timers.advance(250); // the page is busy; the next keys wait in the queue with their own timestamps
    for (const event of keys.slice(3)) s.outcomes.push(s.detector.handleKeyDown(event));
    expect(s.codes()).toEqual([EAN]);
    expect(s.typed).toEqual([]);
  });

  it('a fast burst with no terminator is released as typing, not lost', () => {
    const s = setup();
    s.press(scannerKeys('12345', 0, fast, undefined, null));
    s.timers.advance(1000);
    expect(s.codes()).toEqual([]);
    expect(s.typed).toEqual(['12345']);
  });

  it('shortcuts, navigation keys and auto-repeat pass at once and end the burst as typing', () => {
    const s = setup();
    s.press([keyEvent('1', 'Digit1', 0), keyEvent('s', 'KeyS', 5, { ctrlKey: true })]);
    expect(s.outcomes).toEqual(['consumed', 'passed']);
    expect(s.typed).toEqual(['1']);
    const held = setup();
    held.press([0, 30, 60, 90, 120].map((t, i) => keyEvent('1', 'Digit1', t, { repeat: i > 0 })));
    held.press([keyEvent('Enter', 'Enter', 130)]);
    expect(held.codes()).toEqual([]);
    expect(held.typed.join('')).toBe('1');
  });
});

describe('scan detector: characters', () => {
  it('strips the configured prefix and suffix', () => {
    const s = setup({ prefix: ']E0', suffix: '#' });
    s.press(scannerKeys(`]E0${EAN}#`, 0, fast));
    expect(s.codes()).toEqual([EAN]);
  });

  it('drops ASCII control characters inside a burst, including a control prefix', () => {
    const s = setup({ prefix: '\u0002' });
    const keys = scannerKeys('12345678', 0, fast);
    keys.splice(0, 0, keyEvent('\u0002', '', 0));
    keys.splice(5, 0, keyEvent('\u001d', 'BracketRight', 40, { ctrlKey: true }));
    s.press(keys.map((k, i) => ({ ...k, timeStamp: i * 8 })));
    expect(s.codes()).toEqual(['12345678']);
  });

  it('rebuilds an EAN-13 typed through a Thai layout from code, not key', () => {
    const s = setup();
    const events = scannerKeys(EAN, 0, fast, (code, us) => THAI_DIGIT_ROW[code] ?? us);
    expect(events.slice(0, 3).map((e) => e.key)).toEqual(['ค', 'ค', 'ถ']);
    s.press(events);
    expect(s.codes()).toEqual([EAN]);
  });

  it('gives a person typing Thai their Thai characters back', () => {
    const s = setup();
    s.press([keyEvent('ส', 'KeyL', 0), keyEvent('ว', 'Semicolon', 150), keyEvent('Enter', 'Enter', 300)]);
    expect(s.typed.join('')).toBe('สว');
    expect(s.outcomes.at(-1)).toBe('passed');
  });

  it('uses Shift with code for capitals and shifted symbols, and ignores CapsLock', () => {
    const s = setup();
    s.press(scannerKeys('Ab-9/Z_(x)', 0, fast));
    s.press([...'ABCD'].map((c, i) => keyEvent(c, `Key${c}`, 1000 + i * 5)));
    s.press([keyEvent('Enter', 'Enter', 1020)]);
    expect(s.codes()).toEqual(['Ab-9/Z_(x)', 'abcd']);
  });
});

describe('scan detector: bursts never lost', () => {
  it('keeps a second scan that starts right after the first terminator, in order', () => {
    const s = setup();
    s.press([...scannerKeys('11112222', 0, fast), ...scannerKeys('33334444', 81, () => 1)]);
    expect(s.codes()).toEqual(['11112222', '33334444']);
  });

  it('delivers 300 jittered scans in a row, none lost', () => {
    const s = setup({ repeatWarningMs: 0 });
    const expected: string[] = [];
    let t = 0;
    let seed = 7;
    const random = (): number => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let i = 0; i < 300; i += 1) {
      const code = String(1e12 + i * 7919).slice(0, 13);
      expected.push(code);
      const events = scannerKeys(code, t, () => 1 + Math.floor(random() * 35));
      s.press(events);
      t = (events.at(-1)?.timeStamp ?? t) + Math.floor(random() * 120);
    }
    expect(s.codes()).toEqual(expected);
    expect(s.typed).toEqual([]);
  });

  it('queues scans while an async onScan is busy and hands them over one at a time, in order', async () => {
    const timers = new FakeTimers();
    const handled: string[] = [];
    let running = 0;
    let most = 0;
    const detector = createScanDetector(
      DEFAULT_SCANNER_SETTINGS,
      async (code) => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        handled.push(code);
        running -= 1;
      },
      { timers, onTyping: () => undefined },
    );
    for (const [i, code] of ['10000001', '20000002', '30000003'].entries())
      for (const event of scannerKeys(code, i * 100, fast)) detector.handleKeyDown(event);
    await detector.idle();
    expect(handled).toEqual(['10000001', '20000002', '30000003']);
    expect(most).toBe(1);
  });
});

describe('scan detector: repeat warning, pass-through, reset, dispose', () => {
  it('flags the same code again inside the window only', () => {
    const s = setup({ repeatWarningMs: 1500 });
    s.press(scannerKeys(EAN, 0, fast));
    s.press(scannerKeys(EAN, 1000, fast));
    s.press(scannerKeys(EAN, 5000, fast));
    s.press(scannerKeys('12345678', 5500, fast));
    s.press(scannerKeys(EAN, 6000, fast));
    expect(s.scans.map(([, info]) => info.repeated)).toEqual([false, true, false, false, false]);
    const off = setup({ repeatWarningMs: 0 });
    off.press([...scannerKeys(EAN, 0, fast), ...scannerKeys(EAN, 500, fast)]);
    expect(off.scans.map(([, info]) => info.repeated)).toEqual([false, false]);
  });

  it('does not warn on identical items counted at a person’s pace with the default window', () => {
    expect(DEFAULT_SCANNER_SETTINGS.repeatWarningMs).toBeLessThanOrEqual(500);
    const s = setup();
    // Six identical cans, one scan every 1.0–1.5 s (start to start).
    for (const start of [0, 1000, 2300, 3300, 4800, 5900]) s.press(scannerKeys(EAN, start, fast));
    expect(s.codes()).toEqual(Array<string>(6).fill(EAN));
    expect(s.scans.map(([, info]) => info.repeated)).toEqual(Array<boolean>(6).fill(false));
  });

  it('warns on a scanner’s double read: the same code starting right after the last one ended', () => {
    const s = setup();
    const windowMs = DEFAULT_SCANNER_SETTINGS.repeatWarningMs;
    /** Scans EAN from `start`; returns the time of its last character (where the scan ends). */
    const scanAt = (start: number): number => {
      const events = scannerKeys(EAN, start, fast);
      s.press(events);
      return events.at(-2)?.timeStamp ?? start;
    };
    const first = scanAt(0);
    scanAt(first + 60); // a double-fire burst
    // The window runs from the last scan's end to the next one's first key, whatever the code's length.
    const third = scanAt(3000);
    const fourth = scanAt(third + windowMs);
    scanAt(fourth + windowMs + 1);
    expect(s.scans.map(([, info]) => info.repeated)).toEqual([false, true, false, true, false]);
  });

  it('in pass-through mode lets characters through and consumes only the terminator', () => {
    const s = setup({}, { passThrough: true });
    s.press(scannerKeys('12345678', 0, fast));
    expect(s.codes()).toEqual(['12345678']);
    expect(s.outcomes).toEqual([...Array<string>(8).fill('passed'), 'consumed']);
  });

  it('reset forgets the burst in progress and the last scan', () => {
    const s = setup();
    s.press(scannerKeys(EAN, 0, fast));
    const keys = scannerKeys(EAN, 500, fast);
    s.press(keys.slice(0, 11));
    s.detector.reset();
    s.press(keys.slice(11));
    expect(s.codes()).toEqual([EAN]);
    expect(s.typed).toEqual(['92']); // the short tail left after the reset is typing
    s.press(scannerKeys(EAN, 1000, fast));
    s.press(scannerKeys(EAN, 1300, fast));
    s.detector.reset();
    s.press(scannerKeys(EAN, 1600, fast));
    expect(s.scans.map(([, info]) => info.repeated)).toEqual([false, false, true, false]);
  });

  it('after dispose passes every key and delivers nothing', () => {
    const s = setup();
    s.detector.dispose();
    s.press(scannerKeys(EAN, 0, fast));
    expect(s.codes()).toEqual([]);
    expect(s.outcomes.every((o) => o === 'passed')).toBe(true);
  });
});

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
});
