// A form that takes a scan wherever its caret is (issue 20): while the calling component is mounted and
// `active()` holds, one capture-phase window listener (scanner-dom.ts) reads every key first, so a
// burst ended by the terminator reaches `onScan` whole — it never types into the Name, notes or any
// other text field that has focus, which keeps exactly what the person typed — and typing still goes
// into the field as typed. Call it from a component's script. It listens once main has answered the
// settings (the scanner's own, e.g. a Tab terminator), or with the defaults if main could not answer.
import { DEFAULT_SETTINGS } from '../../src-shared/ipc/settings-defaults.js';
import { listenForScans } from './scanner-dom.js';
import type { OnScan, ScannerSettings } from './scanner.js';
import { settings } from './settings.svelte.js';
import { playCue } from './sounds.js';

export function takeScansAnywhere(onScan: OnScan, active: () => boolean = () => true): void {
  const scanner = $derived<ScannerSettings | null>(
    settings.loaded ? settings.value.scanner : settings.error !== null ? DEFAULT_SETTINGS.scanner : null,
  );
  $effect(() => {
    if (scanner === null || !active()) return;
    return listenForScans(window, scanner, onScan).stop;
  });
}

/**
 * For a form that takes no products (a saved bundle, a quotation's info, a return's status or payment):
 * a scan is still taken, never typed into the focused field nor choosing in a focused select, and its
 * code kept (with the "unknown" cue) for the form to say why nothing was added — until it is inactive.
 */
export function scansNotTakenHere(active: () => boolean = () => true): { readonly code: string | null } {
  let code = $state<string | null>(null);
  // A dialog opened again does not say what an earlier one was scanned.
  $effect(() => {
    if (!active()) code = null;
  });
  takeScansAnywhere((scanned) => {
    code = scanned;
    playCue('unknown');
  }, active);
  return {
    get code() {
      return code;
    },
  };
}
