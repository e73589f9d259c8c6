// The page wiring of the scan detector: a capture keydown listener that prevents what it takes, and
// typing released into the focused field at the caret. Plain objects stand in for the window, the
// events and the field (the real page is driven in Chromium by the e2e tests).
import { describe, expect, it } from 'vitest';
import {
  actsOnKeys,
  asTextField,
  insertTyping,
  listenForScans,
  type KeyTarget,
  type TextFieldLike,
} from '../../src-renderer/lib/scanner-dom.js';
import { DEFAULT_SCANNER_SETTINGS, type ScannerTimers } from '../../src-renderer/lib/scanner.js';

class FakeField implements TextFieldLike {
  tagName = 'INPUT';
  type = 'text';
  readOnly = false;
  disabled = false;
  selectionStart: number | null;
  selectionEnd: number | null;
  inputEvents = 0;
  constructor(
    public value: string,
    caret = value.length,
  ) {
    this.selectionStart = caret;
    this.selectionEnd = caret;
  }
  setRangeText(text: string, start: number, end: number): void {
    this.value = this.value.slice(0, start) + text + this.value.slice(end);
    this.selectionStart = this.selectionEnd = start + text.length;
  }
  dispatchEvent(event: Event): boolean {
    if (event.type === 'input') this.inputEvents += 1;
    return true;
  }
}

class FakeWindow implements KeyTarget {
  listeners: Array<(event: KeyboardEvent) => void> = [];
  /** Keys a listener stopped from propagating past the window's capture phase. */
  stopped: string[] = [];
  addEventListener(_type: 'keydown', listener: (event: KeyboardEvent) => void, capture: boolean): void {
    expect(capture).toBe(true);
    this.listeners.push(listener);
  }
  removeEventListener(_type: 'keydown', listener: (event: KeyboardEvent) => void): void {
    this.listeners = this.listeners.filter((l) => l !== listener);
  }
  /** Dispatches a keydown; true when a listener prevented its default action. */
  key(key: string, code: string, timeStamp: number): boolean {
    let prevented = false;
    const event = {
      key, code, timeStamp, ctrlKey: false, altKey: false, metaKey: false, shiftKey: false, repeat: false,
      preventDefault: () => void (prevented = true),
      stopPropagation: () => void this.stopped.push(key),
    }; // prettier-ignore
    for (const listener of this.listeners) listener(event as unknown as KeyboardEvent);
    return prevented;
  }
}

const timers = (): ScannerTimers & { fire: () => void } => {
  let pending: (() => void) | null = null;
  return {
    now: () => 1e9,
    set: (callback) => (pending = callback),
    clear: () => (pending = null),
    fire: () => pending?.(),
  };
};

describe('scanner on the page', () => {
  it('keeps a scan out of the focused field and delivers it', () => {
    const win = new FakeWindow();
    const field = new FakeField('note: ');
    const scans: string[] = [];
    const { stop } = listenForScans(win, DEFAULT_SCANNER_SETTINGS, (code) => void scans.push(code), {
      focused: () => field,
      timers: timers(),
    });
    const prevented = [...'12345678'].map((d, i) => win.key(d, `Digit${d}`, i * 10));
    prevented.push(win.key('Enter', 'Enter', 80));
    expect(prevented.every(Boolean)).toBe(true);
    expect(scans).toEqual(['12345678']);
    expect(field.value).toBe('note: ');
    stop();
    expect(win.listeners).toEqual([]);
  });

  it("inserts a person's typing at the caret, Thai characters as typed, and lets Enter through", () => {
    const win = new FakeWindow();
    const field = new FakeField('ab', 1);
    const clock = timers();
    listenForScans(win, DEFAULT_SCANNER_SETTINGS, () => undefined, { focused: () => field, timers: clock });
    win.key('ส', 'KeyL', 0);
    win.key('1', 'Digit1', 200);
    clock.fire();
    expect(field.value).toBe('aส1b');
    expect(field.inputEvents).toBe(2);
    expect(win.key('Enter', 'Enter', 400)).toBe(false);
  });

  it('holds nothing back while no text field has focus (Space presses a button), yet still takes scans', () => {
    const win = new FakeWindow();
    const scans: string[] = [];
    const button = { tagName: 'BUTTON', readOnly: false, disabled: false };
    listenForScans(win, DEFAULT_SCANNER_SETTINGS, (code) => void scans.push(code), {
      focused: () => button,
      timers: timers(),
    });
    expect(win.key(' ', 'Space', 0)).toBe(false);
    const prevented = [...'12345678'].map((d, i) => win.key(d, `Digit${d}`, 1000 + i * 10));
    expect(prevented.some(Boolean)).toBe(false);
    expect(win.key('Enter', 'Enter', 1080)).toBe(true);
    expect(scans).toEqual(['12345678']);
  });

  it('holds keys while the page itself has focus: a scan with "-" in it never reaches a "-" shortcut', () => {
    const win = new FakeWindow();
    const clock = timers();
    const scans: string[] = [];
    const other: string[] = [];
    const section = { tagName: 'SECTION', getAttribute: () => null };
    listenForScans(win, DEFAULT_SCANNER_SETTINGS, (code) => void scans.push(code), {
      focused: () => section,
      timers: clock,
      onOtherTyping: (text) => other.push(text),
    });
    // A Thai layout's number row: Digit3 sends "-"; every key of the burst is taken from the page.
    const burst = [...'8851234'].map((d, i) => win.key(d === '3' ? '-' : d, `Digit${d}`, 1000 + i * 6));
    expect(burst.every(Boolean)).toBe(true);
    expect(win.key('Enter', 'Enter', 1042)).toBe(true);
    expect(scans).toEqual(['8851234']);
    expect(other).toEqual([]);
    // A person's "-" on the page is handed over once it is clearly typing.
    expect(win.key('-', 'Minus', 5000)).toBe(true);
    clock.fire();
    expect(other).toEqual(['-']);
  });

  it("stops the keys it takes, so no page or field handler runs for a scan's keys; passes the rest on", () => {
    const win = new FakeWindow();
    const clock = timers();
    let focused: object = { tagName: 'SECTION', getAttribute: () => null };
    listenForScans(win, DEFAULT_SCANNER_SETTINGS, () => undefined, { focused: () => focused, timers: clock });
    [...'12345678'].forEach((d, i) => win.key(d, `Digit${d}`, i * 6));
    win.key('Enter', 'Enter', 48);
    expect(win.stopped).toEqual([...'12345678', 'Enter']);
    // Not taken: a function key, an Enter that ends no scan, a key on a focused button.
    win.stopped = [];
    win.key('F9', 'F9', 1000);
    win.key('Enter', 'Enter', 2000);
    focused = { tagName: 'BUTTON', readOnly: false, disabled: false };
    win.key(' ', 'Space', 3000);
    expect(win.stopped).toEqual([]);
  });

  it('tells controls that act on keys from the rest of the page', () => {
    expect(actsOnKeys({ tagName: 'BUTTON' })).toBe(true);
    expect(actsOnKeys({ tagName: 'select' })).toBe(true);
    expect(actsOnKeys({ tagName: 'DIV', getAttribute: () => 'button' })).toBe(true);
    expect(actsOnKeys({ tagName: 'SECTION', getAttribute: () => null })).toBe(false);
    expect(actsOnKeys({ tagName: 'BODY' })).toBe(false);
    expect(actsOnKeys(null)).toBe(false);
  });

  it('hands held typing to onOtherTyping when focus left the field before it was released', () => {
    const win = new FakeWindow();
    const clock = timers();
    const other: string[] = [];
    let focus: unknown = new FakeField('');
    listenForScans(win, DEFAULT_SCANNER_SETTINGS, () => undefined, {
      focused: () => focus,
      timers: clock,
      onOtherTyping: (text) => other.push(text),
    });
    expect(win.key('n', 'KeyN', 0)).toBe(true);
    focus = null;
    clock.fire();
    expect(other).toEqual(['n']);
  });

  it('takes only writable text-like fields, and falls back to appending without a selection API', () => {
    expect(asTextField(new FakeField(''))).not.toBeNull();
    expect(asTextField(Object.assign(new FakeField(''), { readOnly: true }))).toBeNull();
    expect(asTextField(Object.assign(new FakeField(''), { type: 'checkbox' }))).toBeNull();
    expect(asTextField(Object.assign(new FakeField(''), { tagName: 'BUTTON' }))).toBeNull();
    expect(asTextField(null)).toBeNull();
    const numberField = Object.assign(new FakeField('1'), { type: 'number' });
    numberField.setRangeText = () => {
      throw new Error('InvalidStateError');
    };
    insertTyping(numberField, '2');
    expect(numberField.value).toBe('12');
  });
});
