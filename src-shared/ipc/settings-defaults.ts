// The settings a new install starts with. Kept apart from the zod schemas so the page can take the
// defaults (the scanner does) without bundling zod, whose start-up probe the page's CSP refuses.
import { DEFAULT_LABEL_LAYOUT } from '../printing/label-layouts.js';
import type { AppSettings } from './schemas/settings.js';

export const DEFAULT_SETTINGS: AppSettings = {
  scanner: {
    maxKeyIntervalMs: 35,
    minLength: 4,
    prefix: '',
    suffix: '',
    terminator: 'Enter',
    // A scanner's double read of one label comes within a few hundred ms; a person counting identical
    // items takes about a second each, which must not warn.
    repeatWarningMs: 400,
  },
  sounds: true,
  language: 'th',
  quantityMode: 'add-one',
  labelLayout: DEFAULT_LABEL_LAYOUT,
  // Main answers the saved name or this PC's host name (the page has no host name to offer).
  pcName: '',
};
