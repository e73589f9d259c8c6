// A minimal keyboard-wedge capture used until lib/scanner.ts lands: characters are read from
// KeyboardEvent.code (a Thai layout cannot garble digits), collected while keys arrive fast, and handed
// over on Enter when the burst is long enough. Keys aimed at a text field are left alone.

export interface CaptureOptions {
  maxKeyIntervalMs: number;
  minLength: number;
}

/** The character a key stands for, from its physical code; null for keys that are not part of a code. */
export function codeCharacter(event: Pick<KeyboardEvent, 'code' | 'key' | 'shiftKey'>): string | null {
  const { code } = event;
  const digit = /^(?:Digit|Numpad)(\d)$/.exec(code);
  if (digit !== null) return digit[1] ?? null;
  const letter = /^Key([A-Z])$/.exec(code);
  if (letter !== null) return event.shiftKey ? (letter[1] ?? null) : (letter[1]?.toLowerCase() ?? null);
  if (code === 'Minus' || code === 'NumpadSubtract') return '-';
  if (code === 'Period' || code === 'NumpadDecimal') return '.';
  if (code === 'Slash' || code === 'NumpadDivide') return '/';
  return null;
}

function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLInputElement) return !['button', 'checkbox', 'radio'].includes(target.type);
  return (
    target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement || target.isContentEditable
  );
}

export interface ScanCapture {
  handleKeyDown(event: KeyboardEvent): void;
}

export function createScanCapture(options: CaptureOptions, onScan: (code: string) => void): ScanCapture {
  let buffer = '';
  let lastAt = 0;
  return {
    handleKeyDown(event) {
      if (event.ctrlKey || event.altKey || event.metaKey || isTextField(event.target)) return;
      const now = event.timeStamp;
      if (buffer !== '' && now - lastAt > options.maxKeyIntervalMs * 4) buffer = '';
      if (event.key === 'Enter' && buffer !== '') {
        const code = buffer;
        buffer = '';
        event.preventDefault();
        if (code.length >= options.minLength) onScan(code);
        return;
      }
      const character = codeCharacter(event);
      if (character === null) return;
      // A lone '-' or '+' is the adjust key, not the start of a code.
      if (buffer === '' && character === '-') return;
      buffer += character;
      lastAt = now;
      event.preventDefault();
    },
  };
}
