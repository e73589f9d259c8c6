// Tells a keyboard-wedge barcode scanner from a person typing, from the keydown events alone.
//
// A scan is a burst: every key within `maxKeyIntervalMs` of the one before, at least `minLength`
// characters once the configured prefix, suffix and ASCII control characters are stripped, ended by the
// terminator key (Enter or Tab) or, with terminator 'none', by the burst going quiet. Characters are
// rebuilt from `code` + `shiftKey` (scanner-keymap.ts), never from `key`, so a Thai layout cannot turn
// '1' into 'ๅ'. Keys of a scan that starts right after a terminator begin a new burst; scans are handed
// to `onScan` one at a time, in order: while an async `onScan` is busy the next ones wait in a queue.
//
// Keys that turn out to be typing. The kind of each key is only known after the next one (or the quiet
// after it), so there are two modes:
// - Hold back (an `onTyping` callback is given; use it whenever a text field can have focus): every key
//   that could be part of a scan is 'consumed' (the caller calls preventDefault) and held; the held keys'
//   own `key` values — the Thai characters the person meant — go to `onTyping` in order, for the caller
//   to insert at the caret, only once the burst is proved to be typing by the keys' own times: an event
//   made more than `maxKeyIntervalMs` after the burst's last key reached the page (the next key down, or
//   a key's release: a person holds a key 50-150 ms, a scanner 1-5 ms), a non-scan key came, or the
//   terminator came too early. Events reach the page in the order they were made, so until such an
//   event arrives the burst's next key may still be on its way, however late: a busy PC was seen to
//   hand a scan's Enter to the page 834 ms after it was made, and a loaded test machine a scan's keys
//   1.3 s late, and the bench at load 18 an Enter 3.2 s late. Only if nothing at all arrives for
//   `STALL_MS` (2 s) are the held keys given up as typing, and not while the last one is still down (its
//   release is still to come; a key a person keeps down repeats, which ends the burst), up to
//   `KEY_DOWN_LIMIT_MS`. A burst given up so whose keys were passed, not held (nothing was typed with
//   them), still becomes a scan if its terminator then arrives made within the burst's gap. A scan
//   never reaches the focused field, so fast keys in an editable field are still recognised as a scan, and no key of a burst ever acts
//   as typing or a page's command (a Thai layout's `3` is `-`).
// - Pass through (no `onTyping`): character keys are 'passed' and reach whatever has focus; the scan is
//   still recognised and only its terminator is 'consumed'. For screens with nothing to type into.
//   `handleKeyDown(event, { hold: false })` passes one key through in hold-back mode (scanner-dom.ts
//   holds only while a text field has focus, so Space still presses a focused button).
// The caller feeds every keyup too (`handleKeyUp`): a person's release is what proves their key typing.
// Keys with Ctrl/Alt/Meta, function and navigation keys and auto-repeats are never held: they end the
// burst (as typing; with terminator 'none', as a scan when it qualifies) and are 'passed', so shortcuts
// keep working at once. Shift/CapsLock alone change nothing. A control character inside a burst (STX,
// GS...) is dropped and the burst goes on. `repeated` compares with the scan just before only, and only
// the quiet time between the two reads (the first scan's last key to the second's first key): a
// scanner reading one label twice sends the second burst within a few hundred milliseconds, while a
// person counting identical items takes about a second per item. So the window is short (400 ms by
// default) and a normal counting pace never warns.
import type { AppSettings } from '../../src-shared/ipc/schemas/settings.js';
import { DEFAULT_SETTINGS } from '../../src-shared/ipc/settings-defaults.js';
import { charForCode, isControlChar, isPrintableAscii, stripControlChars } from './scanner-keymap.js';

/** The scanner part of the app settings (src-shared/ipc/schemas/settings.ts). */
export type ScannerSettings = AppSettings['scanner'];
export const DEFAULT_SCANNER_SETTINGS: ScannerSettings = DEFAULT_SETTINGS.scanner;

/** The parts of a DOM KeyboardEvent the detector reads (a KeyboardEvent is one). */
export interface ScanKeyEvent {
  readonly key: string;
  readonly code: string;
  readonly timeStamp: number;
  readonly ctrlKey: boolean;
  readonly altKey: boolean;
  readonly metaKey: boolean;
  readonly shiftKey: boolean;
  readonly repeat: boolean;
}

export interface ScanInfo {
  /**
   * The same code as the scan just before, starting within `repeatWarningMs` of its end: likely one
   * label read twice (the UI asks "scanned twice?").
   */
  repeated: boolean;
  /** The timeStamp of the scan's last key. */
  at: number;
}

/** 'consumed': the caller prevents the key's default action; 'passed': it lets the key through. */
export type KeyOutcome = 'consumed' | 'passed';

/** The clock and timer the detector uses; `now()` must share the events' timeStamp origin. */
export interface ScannerTimers {
  now(): number;
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export interface ScanDetectorOptions {
  /** Held keys that turned out to be typing; giving it turns hold-back mode on (see above). */
  onTyping?: (text: string) => void;
  /** An `onScan` that threw or rejected; the queue goes on with the next scan. */
  onError?: (error: unknown) => void;
  /** Extra quiet time after `maxKeyIntervalMs` before a burst is ended by the timer (default 40). */
  idleSlackMs?: number;
  timers?: ScannerTimers;
}

export interface ScanDetector {
  /** `hold: false` passes this key's character on (e.g. focus is on a button, not a text field). */
  handleKeyDown(event: ScanKeyEvent, options?: { hold?: boolean }): KeyOutcome;
  /** A key's release: only its time is read (made past the burst's gap, it proves the burst typing). */
  handleKeyUp(event: Pick<ScanKeyEvent, 'timeStamp'>): void;
  /** Forgets the burst in progress (nothing delivered) and the last scan (no repeat warning). */
  reset(): void;
  /** Stops for good: timers cleared, queued scans dropped, every later key 'passed'. */
  dispose(): void;
  /** Resolves once every detected scan has been handled. */
  idle(): Promise<void>;
}

export type OnScan = (code: string, info: ScanInfo) => void | Promise<void>;

interface HeldKey {
  key: string;
  char: string;
  at: number;
  /** The key was 'consumed' (so it is given back as typing if the burst is not a scan). */
  kept: boolean;
}

const MODIFIER_KEYS = new Set(['Shift', 'Control', 'Alt', 'AltGraph', 'Meta', 'CapsLock', 'NumLock']);
const MAX_BURST = 256;
/**
 * How long a held burst waits, on the page's clock, for any further event before its keys are given up
 * as typing (with a terminator; 'none' waits `maxKeyIntervalMs + idleSlackMs`). Longer than the longest
 * delivery stalls seen (834 ms on a busy PC, 1.3 s and 3.2 s in the bench at load 18-20 on 2 cores): until then the
 * burst's next key may still be on its way. A person's key is proved typing by its own release long
 * before (see above); this is for a key tapped in under `maxKeyIntervalMs`.
 */
export const STALL_MS = 2000;
/** While the burst's last key is down, the timer waits this long (a release that never came). */
export const KEY_DOWN_LIMIT_MS = 10_000;
/**
 * A timer run this long after it was due proves nothing about quiet: the page was busy, and keys made
 * meanwhile may be queued behind it. It waits again from then, at most STALL_WAITS times in a row (a
 * page busy for good still releases what was typed).
 */
const BEHIND_MS = 10;
const STALL_WAITS = 3;

const browserTimers: ScannerTimers = {
  now: () => performance.now(),
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Removes control characters, then the prefix and suffix when the code carries them. */
export function cleanScan(raw: string, settings: ScannerSettings): string {
  let code = stripControlChars(raw);
  const prefix = stripControlChars(settings.prefix);
  const suffix = stripControlChars(settings.suffix);
  if (prefix !== '' && code.startsWith(prefix)) code = code.slice(prefix.length);
  if (suffix !== '' && code.endsWith(suffix)) code = code.slice(0, code.length - suffix.length);
  return code;
}

export function createScanDetector(
  settings: ScannerSettings,
  onScan: OnScan,
  options: ScanDetectorOptions = {},
): ScanDetector {
  const timers = options.timers ?? browserTimers;
  const holdBack = options.onTyping !== undefined;
  const idleMs = settings.maxKeyIntervalMs + (options.idleSlackMs ?? 40);
  let held: HeldKey[] = [];
  /** The timestamp of the burst's last key, and when (page clock) its last event of any kind arrived. */
  let lastKeyAt = 0;
  let lastArrivalAt = 0;
  /** The burst's last key has not been released yet: at least its keyup is still to come. */
  let lastKeyDown = false;
  let timer: unknown = null;
  /** When the running timer is due, and how many times it waited again after running late. */
  let timerDueAt = 0;
  let stallWaits = 0;
  let lastScan: { code: string; at: number } | null = null;
  /**
   * A burst the stall timer gave up whose keys were all passed (they reached the focus as they came, so
   * nothing was typed with them): its terminator, made within the burst's gap however late it arrives,
   * still makes it a scan. Any other event forgets it.
   */
  let givenUp: { held: HeldKey[]; lastKeyAt: number } | null = null;
  let disposed = false;
  const queue: Array<[string, ScanInfo]> = [];
  let busy = false;
  let waiters: Array<() => void> = [];

  function report(error: unknown): void {
    options.onError?.(error);
  }

  function settle(): void {
    if (busy || queue.length > 0) return;
    const done = waiters;
    waiters = [];
    for (const resolve of done) resolve();
  }

  /** Hands queued scans to onScan one by one; an async onScan holds the rest until it settles. */
  function pump(): void {
    while (!busy && !disposed) {
      const next = queue.shift();
      if (next === undefined) break;
      let result: void | Promise<void>;
      try {
        result = onScan(next[0], next[1]);
      } catch (error) {
        report(error);
        continue;
      }
      if (result instanceof Promise) {
        busy = true;
        result.catch(report).finally(() => {
          busy = false;
          pump();
        });
      }
    }
    settle();
  }

  function deliver(code: string, startedAt: number, at: number): void {
    const repeated =
      settings.repeatWarningMs > 0 &&
      lastScan !== null &&
      lastScan.code === code &&
      startedAt - lastScan.at <= settings.repeatWarningMs;
    lastScan = { code, at };
    queue.push([code, { repeated, at }]);
    pump();
  }

  function stopTimer(): void {
    if (timer !== null) timers.clear(timer);
    timer = null;
  }

  /** Forgets the burst in progress: its timer and its keys. */
  function dropBurst(): void {
    stopTimer();
    held = [];
  }

  function releaseAsTyping(): void {
    const text = held
      .filter((entry) => entry.kept)
      .map((entry) => entry.key)
      .join('');
    dropBurst();
    if (holdBack && text !== '') options.onTyping?.(text);
  }

  /** Ends the burst: a scan when long enough once cleaned, typing otherwise. */
  function finishBurst(): boolean {
    const code = cleanScan(held.map((entry) => entry.char).join(''), settings);
    if (held.length === 0 || code.length < settings.minLength) {
      releaseAsTyping();
      return false;
    }
    const startedAt = held[0]?.at ?? lastKeyAt;
    dropBurst();
    deliver(code, startedAt, lastKeyAt);
    return true;
  }

  /** A burst ended by silence or by a key that cannot be part of it (no terminator to wait for). */
  function endBurst(): void {
    if (settings.terminator === 'none') finishBurst();
    else releaseAsTyping();
  }

  /** How long a held burst may go without any event arriving before the timer ends it. */
  function quietWait(): number {
    return settings.terminator === 'none' ? idleMs : Math.max(idleMs, STALL_MS);
  }

  function startTimer(ms: number): void {
    timerDueAt = timers.now() + ms;
    timer = timers.set(onTimer, ms);
  }

  function onTimer(): void {
    timer = null;
    if (disposed || held.length === 0) return;
    const now = timers.now();
    const quiet = now - lastArrivalAt;
    const wait = quietWait();
    if (now - timerDueAt > BEHIND_MS && stallWaits < STALL_WAITS) {
      stallWaits += 1;
      startTimer(wait);
    } else if (quiet < wait) startTimer(wait - quiet);
    else if (lastKeyDown && settings.terminator !== 'none' && quiet < KEY_DOWN_LIMIT_MS) startTimer(wait);
    else {
      if (settings.terminator !== 'none' && held.every((entry) => !entry.kept)) givenUp = { held, lastKeyAt };
      endBurst();
    }
  }

  /** The burst the timer gave up, when `timeStamp` (its terminator's) proves it was a scan after all. */
  function takeBackGivenUp(timeStamp: number): boolean {
    const burst = givenUp;
    givenUp = null;
    if (burst === null || timeStamp - burst.lastKeyAt > settings.maxKeyIntervalMs) return false;
    held = burst.held;
    lastKeyAt = burst.lastKeyAt;
    return finishBurst();
  }

  /**
   * Any event reaching the page is news about the held burst: one made past the burst's gap proves it
   * over (events arrive in the order they were made, so no key of the burst can follow); one within
   * the gap shows the burst's events are still arriving.
   */
  function observe(timeStamp: number): void {
    if (held.length === 0) return;
    if (timeStamp - lastKeyAt > settings.maxKeyIntervalMs) endBurst();
    else lastArrivalAt = timers.now();
  }

  function handleKeyDown(event: ScanKeyEvent, keyOptions: { hold?: boolean } = {}): KeyOutcome {
    if (disposed) return 'passed';
    const { key, timeStamp } = event;
    observe(timeStamp);
    if (MODIFIER_KEYS.has(key)) return 'passed';
    const plain = !event.ctrlKey && !event.altKey && !event.metaKey && !event.repeat;

    if (plain && !event.shiftKey && key === settings.terminator) {
      if (held.length > 0 && finishBurst()) return 'consumed';
      if (held.length === 0 && takeBackGivenUp(timeStamp)) return 'consumed';
      return 'passed';
    }
    givenUp = null;
    if ([...key].length === 1 && isControlChar(key) && held.length > 0) {
      lastKeyAt = timeStamp; // a control character inside a burst is dropped, the burst goes on
      return 'consumed';
    }
    const char = [...key].length === 1 ? (charForCode(event.code, event.shiftKey) ?? key) : null;
    if (!plain || char === null || isControlChar(char) || !isPrintableAscii(char)) {
      endBurst();
      return 'passed';
    }
    if (held.length >= MAX_BURST) releaseAsTyping();
    const kept = holdBack && keyOptions.hold !== false;
    held.push({ key, char, at: timeStamp, kept });
    lastKeyAt = timeStamp;
    lastArrivalAt = timers.now();
    lastKeyDown = true;
    stallWaits = 0;
    // One timer per burst, not one per key: onTimer measures the quiet since the last key and waits
    // again if it is too short. A page's setTimeout and clearTimeout cost about as much as the rest of
    // a key's handling, paid 13 times for an EAN-13.
    if (timer === null) startTimer(quietWait());
    return kept ? 'consumed' : 'passed';
  }

  return {
    handleKeyDown,
    handleKeyUp(event) {
      if (disposed) return;
      if (givenUp !== null && event.timeStamp - givenUp.lastKeyAt > settings.maxKeyIntervalMs) givenUp = null;
      observe(event.timeStamp);
      lastKeyDown = false;
    },
    reset() {
      dropBurst();
      givenUp = null;
      lastScan = null;
    },
    dispose() {
      disposed = true;
      dropBurst();
      queue.length = 0;
      busy = false;
      settle();
    },
    idle() {
      if (!busy && queue.length === 0) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
  };
}
