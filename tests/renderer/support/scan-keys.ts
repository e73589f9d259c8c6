// A wedge scanner and a person at the keyboard for the scan detector's tests: keydown-shaped events
// for any text on the US or Thai layout, and a fake clock whose timers fire before any later key.
import {
  createScanDetector,
  DEFAULT_SCANNER_SETTINGS,
  type ScanDetectorOptions,
  type ScanInfo,
  type ScanKeyEvent,
  type ScannerSettings,
  type ScannerTimers,
} from '../../../src-renderer/lib/scanner.js';
import { charForCode } from '../../../src-renderer/lib/scanner-keymap.js';

export class FakeTimers implements ScannerTimers {
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

  /**
   * The page is busy until `to`: no timer runs meanwhile; then every timer due fires, late, at `to`
   * (earliest first), as a browser's event loop runs them after a long task.
   */
  stall(to: number): void {
    this.time = Math.max(this.time, to);
    this.advance(to);
  }
}

// Every key position the keymap knows, reversed: the character -> the key a US-layout scanner presses.
const CODES = [
  ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('').map((l) => `Key${l}`),
  ...'0123456789'.split('').map((d) => `Digit${d}`),
  ...['Backquote', 'Minus', 'Equal', 'BracketLeft', 'BracketRight', 'Backslash', 'Semicolon', 'Quote'],
  ...['Comma', 'Period', 'Slash', 'Space'],
];
export const KEY_FOR_CHAR = new Map<string, { code: string; shift: boolean }>();
for (const shift of [false, true])
  for (const code of CODES) {
    const char = charForCode(code, shift);
    if (char !== null && !KEY_FOR_CHAR.has(char)) KEY_FOR_CHAR.set(char, { code, shift });
  }

/** The Thai Kedmanee `key` values of the digit row (unshifted), as Chromium reports them. */
export const THAI_DIGIT_ROW: Record<string, string> = {
  Digit1: 'ๅ', Digit2: '/', Digit3: '-', Digit4: 'ภ', Digit5: 'ถ', Digit6: 'ุ',
  Digit7: 'ึ', Digit8: 'ค', Digit9: 'ต', Digit0: 'จ', Minus: 'ข', Equal: 'ช',
}; // prettier-ignore
export const THAI_CHARS = 'ๅ/-ภถุึคตจขชๆไำพะัีรนยบลฟหกดเ้่าสวงผปแอิืทมใฝ'.split('');

export function keyEvent(
  key: string,
  code: string,
  timeStamp: number,
  extra: Partial<ScanKeyEvent> = {},
): ScanKeyEvent {
  const base = { key, code, timeStamp, ctrlKey: false, altKey: false, metaKey: false, shiftKey: false };
  return { ...base, repeat: false, ...extra };
}

/** The keydowns a scanner sends for `text` from `start`: Shift before capitals, `gap(i)` ms apart. */
export function scannerKeys(
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

export function setup(
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

export const fast = (): number => 10;
export const EAN = '8851234567892';
