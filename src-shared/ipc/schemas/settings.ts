// App settings (one set per PC, kept in the app database): how a keyboard-wedge scanner is told from
// typing, sounds, language, what a scan does to the quantity and this PC's name in a live count.
import { z } from 'zod';
import { PC_NAME_REFUSAL_REASONS } from '../../domain/live-join.js';
import { LABEL_LAYOUTS } from '../../printing/label-layouts.js';
import { EMPTY_ARGS } from './common.js';

const affix = z.string().max(16);

export const scannerSettings = z.object({
  /** Keys closer together than this (ms) belong to one scan; a person types slower. */
  maxKeyIntervalMs: z.int().min(5).max(500),
  /** Shorter bursts are typing, not a scan. */
  minLength: z.int().min(1).max(64),
  /** Characters the scanner sends before and after the code (stripped). */
  prefix: affix,
  suffix: affix,
  /** The key that ends a scan. */
  terminator: z.enum(['Enter', 'Tab', 'none']),
  /** The same code again within this many ms is counted with a "scanned twice" warning; 0 turns it off. */
  repeatWarningMs: z.int().min(0).max(60_000),
});

export const appSettings = z.object({
  scanner: scannerSettings,
  sounds: z.boolean(),
  language: z.enum(['th', 'en']),
  /** add-one: each scan adds 1; prompt: each scan asks for the quantity. */
  quantityMode: z.enum(['add-one', 'prompt']),
  /** The label layout last printed on this PC (issue 25): the label dialog opens on it. */
  labelLayout: z.enum(LABEL_LAYOUTS),
  /**
   * How other PCs see this one in a live count (issue 23): the name saved here, else the OS host name.
   * Read at each attach, so a change reaches the PCs counting with this one at its next reconnect.
   */
  pcName: z.string(),
});
export type AppSettings = z.output<typeof appSettings>;

export const settingsCalls = {
  'settings.get': { args: EMPTY_ARGS, result: appSettings },
  /** Changes only the fields given (scanner fields one by one); returns the whole new set. */
  'settings.set': {
    args: z.strictObject({
      scanner: scannerSettings.partial().strict().optional(),
      sounds: z.boolean().optional(),
      language: z.enum(['th', 'en']).optional(),
      quantityMode: z.enum(['add-one', 'prompt']).optional(),
      labelLayout: z.enum(LABEL_LAYOUTS).optional(),
      /** Checked in main (src-main/services/pc-name.ts), kept exactly as typed. */
      pcName: z.string().optional(),
    }),
    result: appSettings,
    reasons: PC_NAME_REFUSAL_REASONS,
  },
} as const;
