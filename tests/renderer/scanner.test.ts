// The scan detector, fed keydown-shaped objects as a wedge scanner and as a person send them, on a fake
// clock whose timers fire before any key that comes later (as the browser's event loop would run them).
// The property tests (any code, any layout) are in scanner-property.test.ts.
import { describe, expect, it } from 'vitest';
import { createScanDetector, DEFAULT_SCANNER_SETTINGS } from '../../src-renderer/lib/scanner.js';
import { EAN, FakeTimers, fast, keyEvent, scannerKeys, setup, THAI_DIGIT_ROW } from './support/scan-keys.js';

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

  it('keeps a scan whole when the page stalls after its first keys and the timer runs late', () => {
    // Seen in bench/scan-to-screen: the page took 2 keys, stalled for 70 ms, then ran the quiet timer
    // before the browser handed it the rest; "85" went out as typing and "0997531030…" became an
    // unknown code. A timer that runs late is no proof of quiet: keys may be on their way.
    for (const taken of [1, 2, 3]) {
      const s = setup();
      const keys = scannerKeys(EAN, 0, () => 2);
      s.press(keys.slice(0, taken));
      s.timers.stall(400);
      for (const event of keys.slice(taken)) s.outcomes.push(s.detector.handleKeyDown(event));
      expect(s.codes()).toEqual([EAN]);
      expect(s.typed).toEqual([]);
    }
  });

  it('keeps a scan whole when its first keys came late and the rest come after the quiet time', () => {
    // Also seen in the bench, with a core busy: the first key was handled 18 ms after its timestamp,
    // then the browser held the rest for 100 ms while the page's timer ran on time.
    const s = setup();
    const keys = scannerKeys(EAN, 0, () => 2);
    for (const event of keys.slice(0, 2)) {
      s.timers.advance(event.timeStamp + 18);
      s.outcomes.push(s.detector.handleKeyDown(event));
    }
    s.timers.advance(150);
    expect(s.typed).toEqual([]);
    for (const event of keys.slice(2)) s.outcomes.push(s.detector.handleKeyDown(event));
    expect(s.codes()).toEqual([EAN]);
  });

  it("types a person's key as soon as its release, made past the burst gap, reaches the page", () => {
    const s = setup();
    s.press([keyEvent('ๅ', 'Digit1', 0)]);
    s.detector.handleKeyUp({ timeStamp: 20 });
    expect(s.typed).toEqual([]);
    s.timers.advance(90);
    s.detector.handleKeyUp({ timeStamp: 90 });
    expect(s.typed).toEqual(['ๅ']);
  });

  it('holds a burst whose next key is still on its way, however late it reaches the page', () => {
    // Issue 20: a busy PC handed a scan's Enter to the page 316 and 834 ms after it was made, the page
    // idle meanwhile; the held digits went out as typing and the scan was never counted.
    for (const taken of [1, 2, 13]) {
      const s = setup();
      const keys = scannerKeys(EAN, 0, () => 2);
      s.press(keys.slice(0, taken));
      s.detector.handleKeyUp({ timeStamp: (keys[taken - 1]?.timeStamp ?? 0) + 1 });
      s.timers.advance(900);
      expect(s.typed).toEqual([]);
      for (const event of keys.slice(taken)) s.outcomes.push(s.detector.handleKeyDown(event));
      expect(s.codes()).toEqual([EAN]);
    }
  });

  it('counts a scan whose Enter comes after the stall timer gave up its passed keys', () => {
    // The bench at load 18: the page took 13 digits, the browser handed it their Enter 3.2 s later,
    // the page idle meanwhile; nothing was typed with the keys (no field had the focus), so the
    // Enter, made 2 ms after the last digit, proves them a scan.
    const s = setup({}, { passThrough: true });
    const keys = scannerKeys(EAN, 0, () => 2);
    const enter = keys.at(-1);
    if (enter === undefined) throw new Error('no Enter');
    s.press(keys.slice(0, -1));
    s.detector.handleKeyUp({ timeStamp: enter.timeStamp - 1 });
    s.timers.advance(enter.timeStamp + 10_000);
    expect(s.codes()).toEqual([]);
    s.outcomes.push(s.detector.handleKeyDown(enter));
    expect(s.codes()).toEqual([EAN]);
    expect(s.outcomes.at(-1)).toBe('consumed');
  });

  it('does not make a scan of given-up keys once another key came, or once they were typed', () => {
    const between = setup({}, { passThrough: true });
    const keys = scannerKeys(EAN, 0, () => 2);
    const enter = keys.at(-1);
    if (enter === undefined) throw new Error('no Enter');
    between.press(keys.slice(0, -1));
    between.timers.advance(20_000);
    between.outcomes.push(between.detector.handleKeyDown(keyEvent('x', 'KeyX', enter.timeStamp)));
    between.outcomes.push(between.detector.handleKeyDown(enter));
    expect(between.codes()).toEqual([]);
    // Held and then typed into a field: the Enter is the person's, passed on.
    const typed = setup();
    typed.press(keys.slice(0, -1));
    typed.timers.advance(20_000);
    expect(typed.typed).toEqual([EAN]);
    typed.outcomes.push(typed.detector.handleKeyDown(enter));
    expect(typed.codes()).toEqual([]);
    expect(typed.outcomes.at(-1)).toBe('passed');
  });

  it('still releases typing when the page stays busy and no key comes', () => {
    const s = setup();
    s.press(scannerKeys('12', 0, fast, undefined, null));
    s.detector.handleKeyUp({ timeStamp: 11 });
    s.timers.stall(400);
    expect(s.typed).toEqual([]);
    s.timers.advance(5000);
    expect(s.typed).toEqual(['12']);
    const busy = setup();
    busy.press(scannerKeys('34', 0, fast, undefined, null));
    busy.detector.handleKeyUp({ timeStamp: 11 });
    for (let at = 400; at <= 12_000; at += 400) busy.timers.stall(at);
    expect(busy.typed).toEqual(['34']);
  });

  it('waits while the last key is down (its release is still to come), up to a limit', () => {
    const s = setup();
    s.press(scannerKeys('56', 0, fast, undefined, null));
    s.timers.advance(9000);
    expect(s.typed).toEqual([]);
    s.timers.advance(20_000);
    expect(s.typed).toEqual(['56']);
  });

  it('a fast burst with no terminator is released as typing, not lost', () => {
    const s = setup();
    s.press(scannerKeys('12345', 0, fast, undefined, null));
    s.detector.handleKeyUp({ timeStamp: 41 });
    s.timers.advance(5000);
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
