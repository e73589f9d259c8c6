// The stores page's state: the profiles and which one is open (read once, then kept by profile.changed),
// the selected row, and the outcome of the last action (switch, test, remove) as words to show.
import type {
  CallValue,
  EventPayload,
  PublicProfileValue,
  StockroomBridge,
} from '../../../src-shared/ipc/index.js';
import { api } from '../../lib/api.js';
import type { ConnectionTestResult } from './store-form.svelte.js';
import type { StoresKey } from './stores-strings.js';

/** What to tell the person, kept as a key so a language switch rewords it. */
export interface StoresMessage {
  readonly kind: 'status' | 'error';
  readonly key: StoresKey;
  readonly values: Record<string, string>;
  /** Further sentences (what a removal deleted from this PC). */
  readonly more?: readonly { readonly key: StoresKey; readonly values: Record<string, string> }[];
}

export type RemovalPreview = CallValue<'profiles.removalPreview'>;
type StoreData = CallValue<'profiles.remove'>['storeData'];

/** What a removal did to the store's data on this PC, as sentences after the keychain's. */
export function storeDataText(data: StoreData): NonNullable<StoresMessage['more']> {
  const sentences: { key: StoresKey; values: Record<string, string> }[] = [];
  const failed = data.database === 'failed' || data.pictures === 'failed';
  if (failed) sentences.push({ key: 'removedDataFailed', values: {} });
  else if (data.database === 'absent' && data.pictures === 'absent')
    sentences.push({ key: 'removedDataAbsent', values: {} });
  else
    sentences.push({
      key: data.pictures === 'deleted' ? 'removedDataAndPictures' : 'removedData',
      values: {},
    });
  if (data.discardedWrites > 0)
    sentences.push({ key: 'removedDiscarded', values: { count: String(data.discardedWrites) } });
  return sentences;
}

const REMOVED_TEXT: Record<'deleted' | 'absent' | 'no-keychain', StoresKey> = {
  deleted: 'removedDeleted',
  absent: 'removedAbsent',
  'no-keychain': 'removedNoKeychain',
};

export class StoresState {
  readonly #api: StockroomBridge;
  #profiles = $state<PublicProfileValue[]>([]);
  #activeId = $state<string | null>(null);
  #selected = $state(0);
  #busy = $state(false);
  #message = $state<StoresMessage | null>(null);
  #tests = $state<Record<string, ConnectionTestResult | 'testing'>>({});

  /** `bridge`: the way to main (the page's own unless a test gives another). */
  constructor(bridge: StockroomBridge = api) {
    this.#api = bridge;
  }

  get profiles(): readonly PublicProfileValue[] {
    return this.#profiles;
  }

  /** The open store. */
  get activeId(): string | null {
    return this.#activeId;
  }

  /** The selected row's index. */
  get selected(): number {
    return this.#selected;
  }

  /** A switch or removal in progress (one at a time). */
  get busy(): boolean {
    return this.#busy;
  }

  get message(): StoresMessage | null {
    return this.#message;
  }

  /** The last test of a saved profile, by profile id ('testing' while it runs). */
  get tests(): Readonly<Record<string, ConnectionTestResult | 'testing'>> {
    return this.#tests;
  }

  get selectedProfile(): PublicProfileValue | undefined {
    return this.#profiles[this.#selected];
  }

  async load(): Promise<void> {
    const result = await this.#api.call('profiles.list', {});
    if (!result.ok) {
      this.#fail(result.error.message);
      return;
    }
    this.#show(result.value.profiles, result.value.activeId);
  }

  /** A profile.changed event: the new list and the open store. */
  applyChange(change: EventPayload<'profile.changed'>): void {
    this.#show(change.profiles, change.active?.id ?? null);
  }

  select(index: number): void {
    if (this.#profiles.length === 0) return;
    this.#selected = Math.max(0, Math.min(this.#profiles.length - 1, index));
  }

  async switchTo(profile: PublicProfileValue): Promise<void> {
    if (this.#busy || profile.id === this.#activeId) return;
    await this.#busyWith(
      { kind: 'status', key: 'switching', values: { name: profile.displayName } },
      async () => {
        const result = await this.#api.call('profiles.switch', { profileId: profile.id });
        if (!result.ok) return this.#fail(result.error.message);
        this.#activeId = result.value.id;
        this.#message = { kind: 'status', key: 'switched', values: { name: result.value.displayName } };
      },
    );
  }

  async test(profile: PublicProfileValue): Promise<void> {
    if (this.#tests[profile.id] === 'testing') return;
    this.#tests = { ...this.#tests, [profile.id]: 'testing' };
    const result = await this.#api.call('profiles.testConnection', { profileId: profile.id });
    if (result.ok) this.#tests = { ...this.#tests, [profile.id]: result.value };
    else {
      const { [profile.id]: _dropped, ...others } = this.#tests;
      this.#tests = others;
      this.#fail(result.error.message);
    }
  }

  /** What removing would delete and how many writes not sent with it (asked before the dialog opens). */
  async previewRemoval(profile: PublicProfileValue): Promise<RemovalPreview | null> {
    const result = await this.#api.call('profiles.removalPreview', { profileId: profile.id });
    if (result.ok) return result.value;
    this.#fail(result.error.message);
    return null;
  }

  /** `discardUnsent`: the person was told how many writes are not sent and confirmed discarding them. */
  async remove(profile: PublicProfileValue, discardUnsent = false): Promise<void> {
    if (this.#busy) return;
    await this.#busyWith({ kind: 'status', key: 'removing', values: {} }, async () => {
      const result = await this.#api.call('profiles.remove', { profileId: profile.id, discardUnsent });
      if (!result.ok) return this.#fail(result.error.message);
      this.#message = {
        kind: 'status',
        key: REMOVED_TEXT[result.value.keychainEntry],
        values: { name: result.value.profile.displayName },
        more: storeDataText(result.value.storeData),
      };
      await this.load();
    });
  }

  /** After the form saved a profile. */
  async saved(profile: PublicProfileValue, added: boolean): Promise<void> {
    this.#message = {
      kind: 'status',
      key: added ? 'added' : 'edited',
      values: { name: profile.displayName },
    };
    await this.load();
    this.select(this.#profiles.findIndex((candidate) => candidate.id === profile.id));
  }

  async #busyWith(progress: StoresMessage, work: () => Promise<void>): Promise<void> {
    this.#busy = true;
    this.#message = progress;
    try {
      await work();
    } finally {
      this.#busy = false;
    }
  }

  #show(profiles: PublicProfileValue[], activeId: string | null): void {
    const selectedId = this.selectedProfile?.id;
    this.#profiles = profiles;
    this.#activeId = activeId;
    const kept = profiles.findIndex((profile) => profile.id === selectedId);
    this.select(kept === -1 ? Math.min(this.#selected, profiles.length - 1) : kept);
  }

  #fail(message: string): void {
    this.#message = { kind: 'error', key: 'actionFailed', values: { message } };
  }
}
