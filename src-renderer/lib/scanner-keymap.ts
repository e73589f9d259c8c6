// The character a key position types on a US (ANSI) layout, read from `KeyboardEvent.code` and
// `shiftKey`, whatever layout the PC uses: with Thai Kedmanee active, `key` for the Digit1 position is
// 'ๅ' but `code` is still 'Digit1', so a wedge scanner's digits and letters are rebuilt exactly.
// CapsLock is ignored on purpose: the scanner sends Shift for the capitals it means.

/** Unshifted and shifted character per physical key position. */
const PAIRS: Readonly<Record<string, readonly [string, string]>> = {
  Backquote: ['`', '~'],
  Digit1: ['1', '!'],
  Digit2: ['2', '@'],
  Digit3: ['3', '#'],
  Digit4: ['4', '$'],
  Digit5: ['5', '%'],
  Digit6: ['6', '^'],
  Digit7: ['7', '&'],
  Digit8: ['8', '*'],
  Digit9: ['9', '('],
  Digit0: ['0', ')'],
  Minus: ['-', '_'],
  Equal: ['=', '+'],
  BracketLeft: ['[', '{'],
  BracketRight: [']', '}'],
  Backslash: ['\\', '|'],
  Semicolon: [';', ':'],
  Quote: ["'", '"'],
  Comma: [',', '<'],
  Period: ['.', '>'],
  Slash: ['/', '?'],
  Space: [' ', ' '],
};

/** Numpad keys type the same character with or without Shift (NumLock off sends no character key). */
const NUMPAD: Readonly<Record<string, string>> = {
  NumpadDecimal: '.',
  NumpadAdd: '+',
  NumpadSubtract: '-',
  NumpadMultiply: '*',
  NumpadDivide: '/',
};

/** The US-layout character for a key position, or null when the position types none we know. */
export function charForCode(code: string, shiftKey: boolean): string | null {
  const letter = /^Key([A-Z])$/.exec(code);
  if (letter?.[1] !== undefined) return shiftKey ? letter[1] : letter[1].toLowerCase();
  const numpadDigit = /^Numpad([0-9])$/.exec(code);
  if (numpadDigit?.[1] !== undefined) return numpadDigit[1];
  const pair = PAIRS[code];
  if (pair !== undefined) return shiftKey ? pair[1] : pair[0];
  return NUMPAD[code] ?? null;
}

/** True for C0 control characters and DEL (what a scanner may send around a code, e.g. STX/ETX, GS). */
export function isControlChar(char: string): boolean {
  const unit = char.charCodeAt(0);
  return unit < 0x20 || unit === 0x7f;
}

/** Removes every ASCII control character. */
export function stripControlChars(text: string): string {
  return [...text].filter((char) => !isControlChar(char)).join('');
}

/** True for a printable ASCII character (space to tilde). */
export function isPrintableAscii(char: string): boolean {
  return /^[\x20-\x7e]$/.test(char);
}
