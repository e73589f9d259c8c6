// The state of the add/edit store form, shared by the welcome page and the stores page.
//
// - Required fields are checked here first, so an empty one is named in the person's language; the
//   rest is main's to judge (profiles.add/edit answer issues that name their field).
// - The key and secret are held only while the person types: they are cleared once saved, never read
//   back from main (no call returns them) and never put in an error text.
// - Editing: fields left as they were are not sent; a secret left empty keeps its stored value.
// - An http:// address to another host than this PC is refused here too (src-shared/backoffice), so the
//   reason is said in the page's language before anything leaves the page; main refuses it as well.
import { refusalSaid, type Said } from '../../lib/refusal-words.js';
import { isPlainHttpToOtherHost } from '../../../src-shared/backoffice/address-rule.js';
import type {
  CallArgs,
  CallValue,
  IpcError,
  PublicProfileValue,
  StockroomBridge,
} from '../../../src-shared/ipc/index.js';
import { api } from '../../lib/api.js';
import { st, type StoresKey } from './stores-strings.js';

export const STORE_FIELDS = ['baseUrl', 'storename', 'apikey', 'apisecret', 'displayName'] as const;
export type StoreField = (typeof STORE_FIELDS)[number];

export type KeychainStatus = CallValue<'profiles.keychainStatus'>;
export type ConnectionTestResult = CallValue<'profiles.testConnection'>;

export const FIELD_LABELS: Record<StoreField, StoresKey> = {
  baseUrl: 'fieldBaseUrl',
  storename: 'fieldStorename',
  apikey: 'fieldApikey',
  apisecret: 'fieldApisecret',
  displayName: 'fieldDisplayName',
};

const FAILURE_TEXT: Record<Extract<ConnectionTestResult, { connected: false }>['failure'], StoresKey> = {
  unreachable: 'failureUnreachable',
  credentials: 'failureCredentials',
  quota: 'failureQuota',
  server: 'failureServer',
  tooLarge: 'failureTooLarge',
  unexpected: 'failureUnexpected',
};

/**
 * A connection test's outcome in the person's words: the headline by the failure's kind, and main's (or
 * the back office's) text only behind Details.
 */
export function describeTest(result: ConnectionTestResult): { ok: boolean; text: string; said: Said | null } {
  if (result.connected)
    return { ok: true, text: st('connected', { merchant: result.merchantName }), said: null };
  const text = st(FAILURE_TEXT[result.failure]);
  return {
    ok: false,
    text,
    said: { sentence: '', details: result.message.trim() === '' ? null : result.message },
  };
}

/** Why the address is refused before it is sent (plain http to another host), in the page's words. */
export function baseUrlRefusal(baseUrl: string): string | undefined {
  if (!isPlainHttpToOtherHost(baseUrl)) return undefined;
  return st('fieldIssue', { field: st(FIELD_LABELS.baseUrl), message: st('plainHttpRefused') });
}

function isStoreField(value: string): value is StoreField {
  return (STORE_FIELDS as readonly string[]).includes(value);
}

type Values = Record<StoreField, string>;

export class StoreFormState {
  #values = $state<Values>({ baseUrl: '', storename: '', apikey: '', apisecret: '', displayName: '' });
  #errors = $state<Partial<Record<StoreField, string>>>({});
  #keychain = $state<KeychainStatus | null>(null);
  #testing = $state(false);
  #testResult = $state<ConnectionTestResult | null>(null);
  #testedSaved = $state(false);
  #saving = $state(false);
  /** Worded when read, so a language switch rewords a message already shown. */
  #saveError = $state.raw<(() => string) | null>(null);
  /** The keychain's own words behind a refused save (technical, shown behind "Details"). */
  #saveErrorDetail = $state<string | null>(null);

  readonly profile: PublicProfileValue | null;
  readonly #api: StockroomBridge;

  /** `bridge`: the way to main (the page's own unless a test gives another). */
  constructor(profile: PublicProfileValue | null, bridge: StockroomBridge = api) {
    this.profile = profile;
    this.#api = bridge;
    if (profile !== null) {
      this.#values = {
        baseUrl: profile.baseUrl,
        storename: profile.storename,
        apikey: '',
        apisecret: '',
        displayName: profile.displayName,
      };
    }
  }

  /** What is in the fields (changed with setValue). */
  get values(): Readonly<Values> {
    return this.#values;
  }

  /** Field errors, already worded (field name first). */
  get errors(): Readonly<Partial<Record<StoreField, string>>> {
    return this.#errors;
  }

  get keychain(): KeychainStatus | null {
    return this.#keychain;
  }

  get testing(): boolean {
    return this.#testing;
  }

  get testResult(): ConnectionTestResult | null {
    return this.#testResult;
  }

  /** The test ran on the saved settings (edit with empty secrets). */
  get testedSaved(): boolean {
    return this.#testedSaved;
  }

  get saving(): boolean {
    return this.#saving;
  }

  get saveError(): string | null {
    return this.#saveError?.() ?? null;
  }

  get saveErrorDetail(): string | null {
    return this.#saveErrorDetail;
  }

  /** What the person typed in a field. */
  setValue(field: StoreField, value: string): void {
    this.#values[field] = value;
  }

  get editing(): boolean {
    return this.profile !== null;
  }

  /** The demo store's address and keys are Stockroom's: only its name can change. */
  get connectionEditable(): boolean {
    return this.profile?.kind !== 'demo';
  }

  /** Adding a store keeps its key and secret in the keychain: without one there is nothing to save to. */
  get saveNeedsKeychain(): boolean {
    return !this.editing && this.#keychain !== null && !this.#keychain.available;
  }

  /** Save can be pressed (a press while the keychain is missing says why nothing is saved). */
  get canPressSave(): boolean {
    return !this.#saving && (this.editing || this.#keychain !== null);
  }

  async checkKeychain(): Promise<void> {
    const result = await this.#api.call('profiles.keychainStatus', {});
    this.#keychain = result.ok
      ? result.value
      : { available: false, reason: 'error', message: result.error.message };
  }

  /** The first field with an error, for the focus. */
  firstError(): StoreField | undefined {
    return STORE_FIELDS.find((field) => this.#errors[field] !== undefined);
  }

  async test(): Promise<void> {
    if (this.#testing) return;
    const { baseUrl, storename, apikey, apisecret } = this.#values;
    // Editing with both secrets empty tests what is saved (the secrets are never sent back to fill in).
    const useSaved = this.profile !== null && apikey === '' && apisecret === '';
    if (!useSaved && !this.#checkRequired(['baseUrl', 'storename', 'apikey', 'apisecret'])) return;
    this.#testing = true;
    this.#testResult = null;
    try {
      const args: CallArgs<'profiles.testConnection'> =
        useSaved && this.profile !== null
          ? { profileId: this.profile.id }
          : { baseUrl: baseUrl.trim(), storename: storename.trim(), apikey, apisecret };
      const result = await this.#api.call('profiles.testConnection', args);
      if (result.ok) {
        this.#testResult = result.value;
        this.#testedSaved = useSaved;
      } else this.#showFailure(result.error);
    } finally {
      this.#testing = false;
    }
  }

  /** Saves (add or edit); answers the saved profile, or null when something was refused. */
  async save(activate: boolean): Promise<PublicProfileValue | null> {
    if (!this.canPressSave) return null;
    if (this.saveNeedsKeychain) {
      this.#saveError = () => st('saveNeedsKeychain');
      this.#saveErrorDetail = null;
      return null;
    }
    const required: StoreField[] = this.editing
      ? this.connectionEditable
        ? ['baseUrl', 'storename']
        : []
      : ['baseUrl', 'storename', 'apikey', 'apisecret'];
    if (!this.#checkRequired(required)) return null;
    this.#saving = true;
    this.#saveError = null;
    this.#saveErrorDetail = null;
    try {
      const result = this.profile === null ? await this.#add(activate) : await this.#edit(this.profile);
      if (!result.ok) {
        this.#showFailure(result.error);
        return null;
      }
      // Saved: the key and secret leave the page.
      this.#values.apikey = '';
      this.#values.apisecret = '';
      return result.value;
    } finally {
      this.#saving = false;
    }
  }

  #add(activate: boolean) {
    const { baseUrl, storename, apikey, apisecret, displayName } = this.#values;
    return this.#api.call('profiles.add', {
      displayName: displayName.trim() === '' ? storename.trim() : displayName.trim(),
      baseUrl: baseUrl.trim(),
      storename: storename.trim(),
      apikey,
      apisecret,
      activate,
    });
  }

  #edit(profile: PublicProfileValue) {
    const { baseUrl, storename, apikey, apisecret, displayName } = this.#values;
    const changes: CallArgs<'profiles.edit'>['changes'] = {};
    const name = displayName.trim() === '' ? storename.trim() : displayName.trim();
    if (name !== profile.displayName) changes.displayName = name;
    if (this.connectionEditable) {
      if (baseUrl.trim() !== profile.baseUrl) changes.baseUrl = baseUrl.trim();
      if (storename.trim() !== profile.storename) changes.storename = storename.trim();
      if (apikey !== '') changes.apikey = apikey;
      if (apisecret !== '') changes.apisecret = apisecret;
    }
    return this.#api.call('profiles.edit', { profileId: profile.id, changes });
  }

  #checkRequired(fields: readonly StoreField[]): boolean {
    const errors: Partial<Record<StoreField, string>> = {};
    for (const field of fields) {
      if (this.#values[field].trim() === '')
        errors[field] = st('missingField', { field: st(FIELD_LABELS[field]) });
    }
    if (fields.includes('baseUrl') && errors.baseUrl === undefined) {
      const refusal = baseUrlRefusal(this.values.baseUrl);
      if (refusal !== undefined) errors.baseUrl = refusal;
    }
    this.#errors = errors;
    this.#saveError = null;
    this.#saveErrorDetail = null;
    return Object.keys(errors).length === 0;
  }

  /** Main's refusal: field issues go under their fields, anything else above the buttons. */
  #showFailure(error: IpcError): void {
    const errors: Partial<Record<StoreField, string>> = {};
    for (const issue of error.issues ?? []) {
      const field = issue.path.split('.').at(-1) ?? '';
      if (isStoreField(field) && errors[field] === undefined) {
        errors[field] =
          (field === 'baseUrl' ? baseUrlRefusal(this.values.baseUrl) : undefined) ??
          st('fieldIssue', { field: st(FIELD_LABELS[field]), message: issue.message });
      }
    }
    this.#errors = errors;
    if (Object.keys(errors).length > 0) return;
    // The sentence by the refusal's code; main's text only behind Details.
    this.#saveError =
      error.code === 'keychain-unavailable'
        ? () => st('keychainSaveFailed')
        : () => st('saveFailed', { message: refusalSaid(error).sentence });
    this.#saveErrorDetail = error.message;
  }
}
