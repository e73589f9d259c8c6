// The scan detector wired to a page: one capture-phase keydown listener on the window, so a scan is seen
// before any field or shortcut handler; keys the detector holds or takes are preventDefault-ed (they
// never type into the focused field) and stopped (no handler past the window's capture listeners
// sees them); held keys that turn out to be typing are inserted at the caret of the field that has
// focus, with an 'input' event so Svelte's bind:value sees them.
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
  addEventListener(type: 'keydown', listener: (event: KeyboardEvent) => void, capture: boolean): void;
  removeEventListener(type: 'keydown', listener: (event: KeyboardEvent) => void, capture: boolean): void;
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
      const field = asTextField(focused());
      if (field !== null) insertTyping(field, text);
      else options.onOtherTyping?.(text);
    },
  });
  const listener = (event: KeyboardEvent): void => {
    // Characters are held back (and kept from every other handler) unless a control that acts on keys
    // itself has focus: Space must still press a focused button at once. On a text field they are
    // typed once the burst proves to be typing; on the page itself they go to onOtherTyping, so a page
    // shortcut such as "-" never fires for a key that was part of a scan (a Thai layout's 3 is "-").
    // A scan's terminator is taken either way.
    // A key the detector took is the scanner's alone: it goes no further than the window's capture
    // listeners (another detector's among them), so no field or page handler runs for each key of a
    // burst (they only saw it prevented), and a scan's Enter never also presses what has focus.
    const element = focused();
    const hold = asTextField(element) !== null || !actsOnKeys(element);
    if (detector.handleKeyDown(event, { hold }) === 'consumed') {
      event.preventDefault();
      event.stopPropagation();
    }
  };
  target.addEventListener('keydown', listener, true);
  return {
    detector,
    stop() {
      target.removeEventListener('keydown', listener, true);
      detector.dispose();
    },
  };
}
