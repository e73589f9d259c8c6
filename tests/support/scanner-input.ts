// What a keyboard-wedge barcode scanner does to a page, for Chromium tests: each code as one fast
// burst of real key events ending in Enter, sent through DevTools with the timestamps a scanner gives
// them (KEY_GAP_MS apart). The page tells a scan from typing by those timestamps (KeyboardEvent.timeStamp
// is when the OS saw the key, not when a busy page got to it), so a loaded test machine cannot spread a
// burst out the way it would if each key's time were taken on arrival.
import type { CDPSession, Page } from 'playwright-core';

/** A typical USB scanner: a key every few milliseconds. */
export const KEY_GAP_MS = 6;

/** What the number row sends on a Thai Kedmanee layout: the same physical keys, other `key` values. */
export const THAI_DIGIT_KEYS = ['จ', 'ๅ', '/', '-', 'ภ', 'ถ', 'ุ', 'ึ', 'ค', 'ต'];

export interface KeyStroke {
  readonly key: string;
  readonly code: string;
  readonly text: string;
  readonly keyCode: number;
  readonly shift: boolean;
}

/** The key a US layout uses for a character of a code (digits, letters, '-', '.', '/'). */
function latinStroke(character: string): KeyStroke {
  if (/^[0-9]$/.test(character)) {
    return {
      key: character,
      code: `Digit${character}`,
      text: character,
      keyCode: character.charCodeAt(0),
      shift: false,
    };
  }
  if (/^[a-zA-Z]$/.test(character)) {
    const upper = character.toUpperCase();
    return {
      key: character,
      code: `Key${upper}`,
      text: character,
      keyCode: upper.charCodeAt(0),
      shift: character !== character.toLowerCase(),
    };
  }
  const punctuation: Record<string, [string, number]> = {
    '-': ['Minus', 189],
    '.': ['Period', 190],
    '/': ['Slash', 191],
  };
  const known = punctuation[character];
  if (known === undefined)
    throw new Error(`a scanner test types [0-9A-Za-z./-] only, not ${JSON.stringify(character)}`);
  return { key: character, code: known[0], text: character, keyCode: known[1], shift: false };
}

function thaiStroke(digit: string): KeyStroke {
  if (!/^[0-9]$/.test(digit)) throw new Error(`a Thai-layout scan here types digits only, not ${digit}`);
  const key = THAI_DIGIT_KEYS[Number(digit)] ?? '';
  return { key, code: `Digit${digit}`, text: key, keyCode: 48 + Number(digit), shift: false };
}

const ENTER: KeyStroke = { key: 'Enter', code: 'Enter', text: '\r', keyCode: 13, shift: false };
const TAB: KeyStroke = { key: 'Tab', code: 'Tab', text: '', keyCode: 9, shift: false };
const SHIFT_MODIFIER = 8;

/** Per page: a DevTools session and the time of the last key sent (scans never overlap in time). */
const sessions = new WeakMap<Page, { cdp: CDPSession; lastAt: number }>();

async function sessionOf(page: Page): Promise<{ cdp: CDPSession; lastAt: number }> {
  let session = sessions.get(page);
  if (session === undefined) {
    session = { cdp: await page.context().newCDPSession(page), lastAt: 0 };
    sessions.set(page, session);
  }
  return session;
}

/** Sends one key down at `at` (seconds since the epoch, as DevTools takes it) and up `heldS` later. */
export function sendStroke(
  cdp: CDPSession,
  stroke: KeyStroke,
  at: number,
  heldS: number,
): Promise<unknown>[] {
  const common = {
    key: stroke.key,
    code: stroke.code,
    windowsVirtualKeyCode: stroke.keyCode,
    modifiers: stroke.shift ? SHIFT_MODIFIER : 0,
  };
  return [
    cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', text: stroke.text, timestamp: at, ...common }),
    cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', timestamp: at + heldS, ...common }),
  ];
}

/** The keys of a code typed on a US layout, ending with the scanner's Enter. */
export function scanStrokes(code: string): KeyStroke[] {
  return [...[...code].map(latinStroke), ENTER];
}

async function typeBurst(page: Page, strokes: readonly KeyStroke[]): Promise<void> {
  const session = await sessionOf(page);
  // The burst ends about now, as if the scanner had just sent it; never before the previous one ended.
  const gap = KEY_GAP_MS / 1000;
  let at = Math.max(Date.now() / 1000 - strokes.length * gap, session.lastAt + 0.05);
  const sent: Promise<unknown>[] = [];
  for (const stroke of strokes) {
    sent.push(...sendStroke(session.cdp, stroke, at, gap / 2));
    at += gap;
  }
  session.lastAt = at;
  await Promise.all(sent);
}

/** A scan with a Latin (US) keyboard layout. */
export function scanCode(page: Page, code: string): Promise<void> {
  return typeBurst(page, scanStrokes(code));
}

/** The keys of a code of digits typed with the Thai layout on, ending with the scanner's Enter. */
export function thaiScanStrokes(code: string): KeyStroke[] {
  return [...[...code].map(thaiStroke), ENTER];
}

/** A scan while Windows has the Thai layout on: each key's `code` is the digit's, its `key` is Thai. */
export function scanCodeWithThaiLayout(page: Page, code: string): Promise<void> {
  return typeBurst(page, thaiScanStrokes(code));
}

/** A scan from a scanner set to end each code with Tab instead of Enter. */
export function scanCodeEndingWithTab(page: Page, code: string): Promise<void> {
  return typeBurst(page, [...[...code].map(latinStroke), TAB]);
}

/**
 * A scanner reading one label twice: the same code as two bursts, the second starting `gapMs` after the
 * first one's last key (a double-fire is a few tens of milliseconds apart).
 */
export async function scanDoubleRead(page: Page, code: string, gapMs = 60): Promise<void> {
  const strokes = scanStrokes(code);
  const session = await sessionOf(page);
  const gap = KEY_GAP_MS / 1000;
  const burst = strokes.length * gap;
  let at = Math.max(Date.now() / 1000 - 2 * burst - gapMs / 1000, session.lastAt + 0.05);
  const sent: Promise<unknown>[] = [];
  for (const round of [0, 1]) {
    if (round === 1) at += gapMs / 1000 - gap; // from the first burst's Enter to the next first key
    for (const stroke of strokes) {
      sent.push(...sendStroke(session.cdp, stroke, at, gap / 2));
      at += gap;
    }
  }
  session.lastAt = at;
  await Promise.all(sent);
}
