// The PC's settings as every page reads them (scanner, sounds, language, quantity mode, this PC's name):
// the link opens, changed through settings.set, which answers the whole new set. The language and the
// sounds follow them here, so a page never has to. A new install is Thai (main's defaults).
import type { AppSettings, CallArgs, IpcError, StockroomBridge } from '../../src-shared/ipc/index.js';
import { DEFAULT_SETTINGS } from '../../src-shared/ipc/settings-defaults.js';
import { api } from './api.js';
import { locale } from './i18n.svelte.js';
import { setSoundsEnabled } from './sounds.js';

export class SettingsState {
  readonly #api: StockroomBridge;
  #value = $state.raw<AppSettings>(DEFAULT_SETTINGS);
  #loaded = $state(false);
  #error = $state<string | null>(null);

  /** `bridge`: the way to main (the page's own unless a test gives another). */
  constructor(bridge: StockroomBridge = api) {
    this.#api = bridge;
  }

  /** The defaults until main answered. */
  get value(): AppSettings {
    return this.#value;
  }

  /** Main's answer has come. */
  get loaded(): boolean {
    return this.#loaded;
  }

  /** The last refusal's words. */
  get error(): string | null {
    return this.#error;
  }

  async load(): Promise<void> {
    const result = await this.#api.call('settings.get', {});
    if (result.ok) this.#apply(result.value);
    else this.#error = result.error.message;
  }

  /** Changes the given fields; false (with `error` set) when main refused them. */
  async update(changes: CallArgs<'settings.set'>): Promise<boolean> {
    return (await this.save(changes)) === null;
  }

  /** Changes the given fields; null when saved, else main's refusal (its `issues` name the fields). */
  async save(changes: CallArgs<'settings.set'>): Promise<IpcError | null> {
    const result = await this.#api.call('settings.set', changes);
    if (!result.ok) {
      this.#error = result.error.message;
      return result.error;
    }
    this.#error = null;
    this.#apply(result.value);
    return null;
  }

  #apply(value: AppSettings): void {
    this.#value = value;
    this.#loaded = true;
    setSoundsEnabled(value.sounds);
    if (locale.language !== value.language) locale.set(value.language);
  }
}

export const settings = new SettingsState();
