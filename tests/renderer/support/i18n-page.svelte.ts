// What tests/renderer/i18n.test.ts loads into Chromium: the real word lists and locale, compiled by
// Svelte as the app's build compiles them, plus a way to watch a text the way a page's markup does.
import { flushSync } from 'svelte';
import { st as statusBarText } from '../../../src-renderer/components/status-bar-strings.js';
import { ct } from '../../../src-renderer/features/counting/counting-strings.js';
import { ot } from '../../../src-renderer/features/outbox/outbox-strings.js';
import { pt } from '../../../src-renderer/features/products/products-strings.js';
import { rt } from '../../../src-renderer/features/review/review-strings.js';
import { st as settingsText } from '../../../src-renderer/features/settings/settings-strings.js';
import { st as storesText } from '../../../src-renderer/features/stores/stores-strings.js';
import { locale, t, translator } from '../../../src-renderer/lib/i18n.svelte.js';

export { ct, flushSync, locale, ot, pt, rt, settingsText, statusBarText, storesText, t, translator };

/** Every text `read` gave, first at once and then each time an effect reran it (as markup would). */
export function watch(read: () => string): { seen: string[]; stop: () => void } {
  const seen: string[] = [];
  const stop = $effect.root(() => {
    $effect(() => {
      seen.push(read());
    });
  });
  flushSync();
  return { seen, stop };
}
