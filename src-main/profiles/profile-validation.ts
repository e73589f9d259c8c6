// Checks and normalises what a person typed for a profile. Every issue names its field and says what to
// do; none repeats a secret's value (a message is shown, and may be logged).
import { isPlainHttpToOtherHost, PLAIN_HTTP_REFUSED } from '../../src-shared/backoffice/address-rule.js';
import { resolveBaseUrl } from '../backoffice/request-builder.js';
import type { StoreSecrets } from '../credentials/index.js';
import type { FieldIssue, ProfileField } from './profile-errors.js';
import type { NewProfileInput, ProfileChanges, ProfileKind } from './profile-types.js';

/**
 * Both secrets together fit, with their labels, in the smallest keychain entry (Windows: 2,560 bytes).
 * The limits match the IPC contract's (src-shared/ipc/schemas/profiles.ts).
 */
export const MAX_SECRET_LENGTH = 1_024;
const MAX_DISPLAY_NAME_LENGTH = 100;
const MAX_STORENAME_LENGTH = 200;
const MAX_WAREHOUSE_CODE_LENGTH = 64;

// Values that travel as HTTP header values: printable ASCII only (undici refuses control characters,
// and other characters do not survive every proxy).
const headerText = /^[\x20-\x7e]+$/;
const secretText = /^[\x21-\x7e]+$/;
// eslint-disable-next-line no-control-regex
const controlCharacter = /[\u0000-\u001f\u007f]/;

export interface ValidProfileFields {
  readonly displayName: string;
  readonly baseUrl: string;
  readonly storename: string;
  readonly defaultWarehouseCode: string | undefined;
  readonly kind: ProfileKind;
}

export type Checked<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly issues: FieldIssue[] };

export function validateNewProfile(input: NewProfileInput): Checked<ValidProfileFields & StoreSecrets> {
  const issues: FieldIssue[] = [];
  const note = (field: ProfileField) => (message: string) => issues.push({ field, message });
  const displayName = checkDisplayName(input.displayName, note('displayName'));
  const baseUrl = checkBaseUrl(input.baseUrl, note('baseUrl'));
  const storename = checkStorename(input.storename, note('storename'));
  const defaultWarehouseCode = checkWarehouseCode(input.defaultWarehouseCode, note('defaultWarehouseCode'));
  const kind = checkKind(input.kind ?? 'store', note('kind'));
  const apikey = checkSecret(input.apikey, 'API key', note('apikey'));
  const apisecret = checkSecret(input.apisecret, 'API secret', note('apisecret'));
  if (issues.length > 0) return { ok: false, issues };
  return {
    ok: true,
    value: { displayName, baseUrl, storename, defaultWarehouseCode, kind, apikey, apisecret },
  };
}

/** The changes, checked; absent fields stay absent (`defaultWarehouseCode: undefined` after `null` clears). */
export function validateChanges(changes: ProfileChanges): Checked<{
  readonly fields: Partial<Omit<ValidProfileFields, 'kind'>>;
  readonly apikey?: string;
  readonly apisecret?: string;
}> {
  const issues: FieldIssue[] = [];
  const note = (field: ProfileField) => (message: string) => issues.push({ field, message });
  const fields: { -readonly [K in keyof Omit<ValidProfileFields, 'kind'>]?: ValidProfileFields[K] } = {};
  if (changes.displayName !== undefined)
    fields.displayName = checkDisplayName(changes.displayName, note('displayName'));
  if (changes.baseUrl !== undefined) fields.baseUrl = checkBaseUrl(changes.baseUrl, note('baseUrl'));
  if (changes.storename !== undefined)
    fields.storename = checkStorename(changes.storename, note('storename'));
  if (changes.defaultWarehouseCode !== undefined) {
    fields.defaultWarehouseCode = checkWarehouseCode(
      changes.defaultWarehouseCode,
      note('defaultWarehouseCode'),
    );
  }
  const apikey =
    changes.apikey === undefined ? undefined : checkSecret(changes.apikey, 'API key', note('apikey'));
  const apisecret =
    changes.apisecret === undefined
      ? undefined
      : checkSecret(changes.apisecret, 'API secret', note('apisecret'));
  if (issues.length > 0) return { ok: false, issues };
  return {
    ok: true,
    value: {
      fields,
      ...(apikey === undefined ? {} : { apikey }),
      ...(apisecret === undefined ? {} : { apisecret }),
    },
  };
}

/** The fields of an unsaved connection test, checked like a new profile's. */
export function validateConnectionFields(input: {
  readonly baseUrl: string;
  readonly storename: string;
  readonly apikey: string;
  readonly apisecret: string;
}): Checked<{ baseUrl: string; storename: string } & StoreSecrets> {
  const issues: FieldIssue[] = [];
  const note = (field: ProfileField) => (message: string) => issues.push({ field, message });
  const baseUrl = checkBaseUrl(input.baseUrl, note('baseUrl'));
  const storename = checkStorename(input.storename, note('storename'));
  const apikey = checkSecret(input.apikey, 'API key', note('apikey'));
  const apisecret = checkSecret(input.apisecret, 'API secret', note('apisecret'));
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, value: { baseUrl, storename, apikey, apisecret } };
}

/**
 * The address as the client uses it: https (http only to this PC), without user info, query, trailing
 * slash or /v4.
 */
export function normaliseBaseUrl(text: string): { ok: true; value: string } | { ok: false; message: string } {
  const trimmed = text.trim();
  if (trimmed === '')
    return { ok: false, message: "Enter the back office's address, e.g. https://api.example.com." };
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) {
    return {
      ok: false,
      message: 'The address must start with https:// (or http://), e.g. https://api.example.com.',
    };
  }
  if (isPlainHttpToOtherHost(trimmed)) return { ok: false, message: PLAIN_HTTP_REFUSED };
  try {
    return { ok: true, value: resolveBaseUrl(trimmed).href.replace(/\/+$/, '') };
  } catch (error) {
    const reason =
      error instanceof TypeError && /back-office address/.test(error.message) ? error.message : '';
    // The typed text is not repeated: a secret pasted into the wrong field must not reach a message.
    return {
      ok: false,
      message: reason ? `${reason}.` : 'That is not a web address; enter it like https://api.example.com.',
    };
  }
}

type Note = (message: string) => void;

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value.normalize('NFC').trim() : undefined;
}

function checkDisplayName(value: unknown, note: Note): string {
  const name = text(value);
  if (name === undefined || name === '') note('Enter a name for the profile.');
  else if (controlCharacter.test(name)) note('The profile name may not contain line breaks or tabs.');
  else if (name.length > MAX_DISPLAY_NAME_LENGTH)
    note(`Keep the profile name under ${MAX_DISPLAY_NAME_LENGTH} characters.`);
  return name ?? '';
}

function checkBaseUrl(value: unknown, note: Note): string {
  if (typeof value !== 'string') {
    note("Enter the back office's address.");
    return '';
  }
  const result = normaliseBaseUrl(value);
  if (!result.ok) note(result.message);
  return result.ok ? result.value : '';
}

function checkStorename(value: unknown, note: Note): string {
  const name = text(value);
  if (name === undefined || name === '') note('Enter the store name used for the API.');
  else if (!headerText.test(name)) {
    note(
      "The store name may only contain letters, digits, spaces and symbols (it is the API's store name, not the shop's title).",
    );
  } else if (name.length > MAX_STORENAME_LENGTH)
    note(`Keep the store name under ${MAX_STORENAME_LENGTH} characters.`);
  return name ?? '';
}

function checkWarehouseCode(value: unknown, note: Note): string | undefined {
  if (value === null || value === undefined) return undefined;
  const code = text(value);
  if (code === undefined) {
    note('The default warehouse code must be text.');
    return undefined;
  }
  if (code === '') return undefined;
  if (controlCharacter.test(code) || code.length > MAX_WAREHOUSE_CODE_LENGTH) {
    note(`The default warehouse code must be one line of at most ${MAX_WAREHOUSE_CODE_LENGTH} characters.`);
  }
  return code;
}

function checkKind(value: unknown, note: Note): ProfileKind {
  if (value === 'store' || value === 'demo') return value;
  note('A profile is either a store or the demo.');
  return 'store';
}

/** Trimmed (a pasted key often brings a line break); the value itself never appears in a message. */
function checkSecret(value: unknown, label: string, note: Note): string {
  const secret = typeof value === 'string' ? value.trim() : undefined;
  if (secret === undefined || secret === '') note(`Enter the ${label}.`);
  else if (!secretText.test(secret)) {
    note(
      `The ${label} may only contain letters, digits and symbols (no spaces or line breaks); check what was pasted.`,
    );
  } else if (secret.length > MAX_SECRET_LENGTH) {
    note(
      `The ${label} is longer than ${MAX_SECRET_LENGTH.toLocaleString('en')} characters; check what was pasted.`,
    );
  }
  return secret ?? '';
}
