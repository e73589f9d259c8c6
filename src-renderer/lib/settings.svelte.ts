// The PC's settings as every page reads them (scanner, sounds, language, quantity mode): read once when
// the link opens, changed through settings.set, which answers the whole new set. The language and the
// sounds follow them here, so a page never has to. A new install is Thai (main's defaults).
import type { AppSettings, CallArgs, IpcError } from '../../src-shared/ipc/index.js';
import { DEFAULT_SETTINGS } from '../../src-shared/ipc/settings-defaults.js';
import { api } from './api.js';
import { locale } from './i18n.svelte.js';
import { setSoundsEnabled } from './sounds.js';

class SettingsState {
  /** The defaults until main answered. */
  value = $state.raw<AppSettings>(DEFAULT_SETTINGS);
  loaded = $state(false);
  error = $state<string | null>(null);

  async load(): Promise<void> {
    const result = await api.call('settings.get', {});
    if (result.ok) this.#apply(result.value);
    else this.error = result.error.message;
  }

  /** Changes the given fields; false (with `error` set) when main refused them. */
  async update(changes: CallArgs<'settings.set'>): Promise<boolean> {
    return (await this.save(changes)) === null;
  }

  /** Changes the given fields; null when saved, else main's refusal (its `issues` name the fields). */
  async save(changes: CallArgs<'settings.set'>): Promise<IpcError | null> {
    const result = await api.call('settings.set', changes);
    if (!result.ok) {
      this.error = result.error.message;
      return result.error;
    }
    this.error = null;
    this.#apply(result.value);
    return null;
  }

  #apply(value: AppSettings): void {
    this.value = value;
    this.loaded = true;
    setSoundsEnabled(value.sounds);
    if (locale.language !== value.language) locale.set(value.language);
  }
}

export const settings = new SettingsState();
