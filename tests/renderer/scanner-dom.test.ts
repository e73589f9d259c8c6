// The page wiring of the scan detector: a capture keydown listener that prevents what it takes, and
// typing released into the focused field at the caret. Plain objects stand in for the window, the
// events and the field (the real page is driven in Chromium by the e2e tests).
import { describe, expect, it } from 'vitest';
import {
  actsOnKeys,
  asTextField,
  insertTyping,
  listenForScans,
  selectTypedAhead,
  type KeyTarget,
  type SelectLike,
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
  upListeners: Array<(event: KeyboardEvent) => void> = [];
  /** Keys a listener stopped from propagating past the window's capture phase. */
  stopped: string[] = [];
  addEventListener(
    type: 'keydown' | 'keyup',
    listener: (event: KeyboardEvent) => void,
    capture: boolean,
  ): void {
    expect(capture).toBe(true);
    (type === 'keydown' ? this.listeners : this.upListeners).push(listener);
  }
  removeEventListener(type: 'keydown' | 'keyup', listener: (event: KeyboardEvent) => void): void {
    if (type === 'keydown') this.listeners = this.listeners.filter((l) => l !== listener);
    else this.upListeners = this.upListeners.filter((l) => l !== listener);
  }
  /** Dispatches a key's release at `timeStamp` (a person holds a key 50-150 ms). */
  keyUp(timeStamp: number): void {
    for (const listener of this.upListeners) listener({ timeStamp } as unknown as KeyboardEvent);
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

/** A <select> with the status words as its options, 'Waiting' chosen. */
class FakeSelect implements SelectLike {
  tagName = 'SELECT';
  disabled = false;
  selectedIndex = 0;
  options = ['Waiting', 'Shipping', 'Success (goods out)'].map((text) => ({ text, disabled: false }));
  changes = 0;
  dispatchEvent(event: Event): boolean {
    if (event.type === 'change') this.changes += 1;
    return true;
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
    expect(win.upListeners).toEqual([]);
  });

  it("inserts a person's typing at the caret, Thai characters as typed, and lets Enter through", () => {
    const win = new FakeWindow();
    const field = new FakeField('ab', 1);
    const clock = timers();
    listenForScans(win, DEFAULT_SCANNER_SETTINGS, () => undefined, { focused: () => field, timers: clock });
    win.key('ส', 'KeyL', 0);
    win.key('1', 'Digit1', 200);
    expect(field.value).toBe('aสb');
    clock.fire(); // the timer alone proves nothing: the burst's next key may be on its way
    expect(field.value).toBe('aสb');
    win.keyUp(290);
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
    expect(other).toEqual([]);
    win.keyUp(5080);
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

  it('holds a burst from a focused select, which a person’s type-ahead still moves', () => {
    const win = new FakeWindow();
    const clock = timers();
    const select = new FakeSelect();
    const scans: string[] = [];
    listenForScans(win, DEFAULT_SCANNER_SETTINGS, (code) => void scans.push(code), {
      focused: () => select,
      timers: clock,
    });
    // 's' would pick Shipping by the select's own type-ahead: every key of the burst is kept from it.
    const prevented = [...'s1234567'].map((char, i) =>
      win.key(char, char === 's' ? 'KeyS' : `Digit${char}`, i * 6),
    );
    expect(win.key('Enter', 'Enter', 48)).toBe(true);
    expect(prevented.every(Boolean)).toBe(true);
    expect(scans).toEqual(['s1234567']);
    expect([select.selectedIndex, select.changes]).toEqual([0, 0]);
    // A person's 's', proved typing by its release: the select moves as the browser's would.
    win.key('s', 'KeyS', 5000);
    win.keyUp(5100);
    expect([select.selectedIndex, select.changes]).toEqual([1, 1]);
    // Space opens a select's list: it goes to it at once.
    expect(win.key(' ', 'Space', 7000)).toBe(false);
  });

  it('types ahead on a select as the browser does: one key moves on, keys within a second add up', () => {
    const select = new FakeSelect();
    selectTypedAhead(select, 's', 0);
    expect(select.selectedIndex).toBe(1);
    selectTypedAhead(select, 'u', 300);
    expect(select.selectedIndex).toBe(2);
    selectTypedAhead(select, 's', 2000);
    expect(select.selectedIndex).toBe(1);
    selectTypedAhead(select, 'x', 4000);
    expect([select.selectedIndex, select.changes]).toEqual([1, 3]);
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
    win.keyUp(100);
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
