// The scan detector wired to a page: one capture-phase keydown listener on the window, so a scan is seen
// before any field or shortcut handler; keys the detector holds or takes are preventDefault-ed (they
// never type into the focused field) and stopped (no handler past the window's capture listeners
// sees them); held keys that turn out to be typing are inserted at the caret of the field that has
// focus, with an 'input' event so Svelte's bind:value sees them. Key releases are read too (never
// stopped): a person's release is what proves a held key typing (scanner.ts).
import {
  createScanDetector,
  type OnScan,
  type ScanDetector,
  type ScanDetectorOptions,
  type ScannerSettings,
} from './scanner.js';

/** The parts of an <input>/<textarea> that typing is inserted through. */
export interface TextFieldLike {
  readonly tagName: string;
  readonly type?: string;
  readonly readOnly: boolean;
  readonly disabled: boolean;
  value: string;
  readonly selectionStart: number | null;
  readonly selectionEnd: number | null;
  setRangeText(replacement: string, start: number, end: number, selectionMode?: 'end'): void;
  dispatchEvent(event: Event): boolean;
}

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'number', 'tel', 'url', 'email', 'password', '']);

/** A focused element that takes typed text: a writable textarea or text-like input. */
export function asTextField(element: unknown): TextFieldLike | null {
  if (typeof element !== 'object' || element === null || !('tagName' in element)) return null;
  const field = element as TextFieldLike;
  const tag = field.tagName.toUpperCase();
  const texty = tag === 'TEXTAREA' || (tag === 'INPUT' && TEXT_INPUT_TYPES.has(field.type ?? ''));
  return texty && !field.readOnly && !field.disabled ? field : null;
}

const KEY_CONTROL_TAGS = new Set(['BUTTON', 'A', 'SELECT', 'SUMMARY', 'INPUT', 'TEXTAREA']);
const KEY_CONTROL_ROLES = new Set([
  'button',
  'link',
  'checkbox',
  'radio',
  'switch',
  'tab',
  'menuitem',
  'option',
]);

/** A focused control that does something with a plain key itself (a button, link, select, checkbox…). */
export function actsOnKeys(element: unknown): boolean {
  if (typeof element !== 'object' || element === null || !('tagName' in element)) return false;
  const tag = String((element as { tagName: unknown }).tagName).toUpperCase();
  if (KEY_CONTROL_TAGS.has(tag)) return true;
  const getAttribute = (element as { getAttribute?: unknown }).getAttribute;
  const role = typeof getAttribute === 'function' ? (getAttribute.call(element, 'role') as unknown) : null;
  return typeof role === 'string' && KEY_CONTROL_ROLES.has(role);
}

/** The parts of a <select> that a person's type-ahead moves through. */
export interface SelectLike {
  readonly tagName: string;
  readonly disabled: boolean;
  selectedIndex: number;
  readonly options: ArrayLike<{ readonly text: string; readonly disabled: boolean }>;
  dispatchEvent(event: Event): boolean;
}

/** A focused, enabled <select>. */
export function asSelect(element: unknown): SelectLike | null {
  if (typeof element !== 'object' || element === null || !('tagName' in element)) return null;
  const select = element as SelectLike;
  return select.tagName.toUpperCase() === 'SELECT' && !select.disabled ? select : null;
}

/** Keys typed on a select within this long of the one before add to its type-ahead (as Chromium's). */
const TYPE_AHEAD_MS = 1_000;
const typeAheads = new WeakMap<SelectLike, { text: string; at: number }>();

/**
 * Held keys that proved a person's typing, on a focused select: its type-ahead, as the browser's own
 * would have done (the next option whose label starts with what was typed in the last second),
 * announced as a change. `now` is a test's clock.
 */
export function selectTypedAhead(select: SelectLike, text: string, now = performance.now()): void {
  const before = typeAheads.get(select);
  const sofar = before !== undefined && now - before.at <= TYPE_AHEAD_MS ? before.text : '';
  typeAheads.set(select, { text: sofar + text, at: now });
  const typed = (sofar + text).toLocaleLowerCase();
  const count = select.options.length;
  // One key moves on from the chosen option (pressing it again cycles); more keys match from it.
  const first = select.selectedIndex + ([...typed].length === 1 ? 1 : 0);
  for (let step = 0; step < count; step += 1) {
    const at = (first + step + count) % count;
    const option = select.options[at];
    if (option === undefined || option.disabled) continue;
    if (!option.text.trim().toLocaleLowerCase().startsWith(typed)) continue;
    if (at === select.selectedIndex) return;
    select.selectedIndex = at;
    select.dispatchEvent(new Event('input', { bubbles: true }));
    select.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
}

/** Inserts `text` at the caret (replacing a selection), as typing would, and announces it. */
export function insertTyping(field: TextFieldLike, text: string): void {
  try {
    const start = field.selectionStart ?? field.value.length;
    field.setRangeText(text, start, field.selectionEnd ?? start, 'end');
  } catch {
    field.value += text; // type=number and friends have no selection API
  }
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

export interface KeyTarget {
  addEventListener(
    type: 'keydown' | 'keyup',
    listener: (event: KeyboardEvent) => void,
    capture: boolean,
  ): void;
  removeEventListener(
    type: 'keydown' | 'keyup',
    listener: (event: KeyboardEvent) => void,
    capture: boolean,
  ): void;
}

export interface ListenOptions extends Omit<ScanDetectorOptions, 'onTyping'> {
  /** Where typing goes: the focused element (default: document.activeElement). */
  focused?: () => unknown;
  /** Held typing released after focus left the text field (default: dropped). */
  onOtherTyping?: (text: string) => void;
}

/** Starts listening; returns the detector and a stop function that removes the listener. */
export function listenForScans(
  target: KeyTarget,
  settings: ScannerSettings,
  onScan: OnScan,
  options: ListenOptions = {},
): { detector: ScanDetector; stop: () => void } {
  const focused = options.focused ?? ((): unknown => document.activeElement);
  const detector = createScanDetector(settings, onScan, {
    ...options,
    onTyping(text) {
      const element = focused();
      const field = asTextField(element);
      const select = asSelect(element);
      if (field !== null) insertTyping(field, text);
      else if (select !== null) selectTypedAhead(select, text);
      else options.onOtherTyping?.(text);
    },
  });
  const listener = (event: KeyboardEvent): void => {
    // Characters are held back (and kept from every other handler) unless a control that acts on keys
    // itself has focus: Space must still press a focused button at once. On a text field they are
    // typed once the burst proves to be typing; on the page itself they go to onOtherTyping, so a page
    // shortcut such as "-" never fires for a key that was part of a scan (a Thai layout's 3 is "-").
    // A scan's terminator is taken either way. A focused select is held too, so a burst's characters
    // never pick one of its options (its type-ahead): what proves typing is applied to it as the
    // browser would; only Space, which opens its list, goes to it at once.
    // A key the detector took is the scanner's alone: it goes no further than the window's capture
    // listeners (another detector's among them), so no field or page handler runs for each key of a
    // burst (they only saw it prevented), and a scan's Enter never also presses what has focus.
    const element = focused();
    const hold =
      asTextField(element) !== null ||
      (asSelect(element) !== null && event.key !== ' ') ||
      !actsOnKeys(element);
    if (detector.handleKeyDown(event, { hold }) === 'consumed') {
      event.preventDefault();
      event.stopPropagation();
    }
  };
  const onKeyUp = (event: KeyboardEvent): void => detector.handleKeyUp(event);
  target.addEventListener('keydown', listener, true);
  target.addEventListener('keyup', onKeyUp, true);
  return {
    detector,
    stop() {
      target.removeEventListener('keydown', listener, true);
      target.removeEventListener('keyup', onKeyUp, true);
      detector.dispose();
    },
  };
}
