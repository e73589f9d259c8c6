// A text field that takes a keyboard-wedge scanner's input: while it has the focus, the page's scan
// detector (scanner-dom.ts) listens, so a burst ended by the terminator reaches `onScan` whole (never
// typed into the field, never searched letter by letter) and typing still goes into the field as typed.
// Used as an attachment: <input {@attach takesScans((code) => add(code))} />.
import type { Attachment } from 'svelte/attachments';
import { listenForScans } from './scanner-dom.js';
import { settings } from './settings.svelte.js';

export function takesScans(onScan: (code: string) => void): Attachment<HTMLInputElement> {
  return (field) => {
    let stop: (() => void) | null = null;
    const end = (): void => {
      stop?.();
      stop = null;
    };
    const start = (): void => {
      end();
      // The defaults until main answered (the settings' own fallback).
      stop = listenForScans(window, settings.value.scanner, onScan).stop;
    };
    field.addEventListener('focus', start);
    field.addEventListener('blur', end);
    if (document.activeElement === field) start();
    return () => {
      end();
      field.removeEventListener('focus', start);
      field.removeEventListener('blur', end);
    };
  };
}
