// One keychain entry per profile: the password field holds both secrets as JSON with a format number,
// so the two are written, read and deleted together (no half-updated pair after a crash, one unlock
// prompt on macOS instead of two). See docs/decisions/0005-credentials-and-profiles.md.
import { CredentialStoreError, type StoreSecrets } from './credential-store.js';

/** Windows Credential Manager keeps at most 5 × 512 bytes per entry, the smallest of the three keychains. */
export const MAX_ENTRY_BYTES = 2_560;

const FORMAT = 1;

/** The password text stored for a profile; refuses values no keychain on every platform could keep. */
export function encodeEntry(secrets: StoreSecrets): string {
  if (typeof secrets.apikey !== 'string' || typeof secrets.apisecret !== 'string') {
    throw new TypeError('apikey and apisecret must be strings');
  }
  if (secrets.apikey === '' || secrets.apisecret === '') {
    throw new TypeError('apikey and apisecret must not be empty');
  }
  const text = JSON.stringify({ v: FORMAT, apikey: secrets.apikey, apisecret: secrets.apisecret });
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > MAX_ENTRY_BYTES) {
    throw new CredentialStoreError(
      'too-large',
      `The API key and secret are too long to keep in the system keychain (${bytes} bytes with their labels; at most ${MAX_ENTRY_BYTES}). Check that nothing else was pasted with them.`,
    );
  }
  return text;
}

/** The secrets of a stored entry; an entry in another shape is reported without showing its text. */
export function decodeEntry(text: string): StoreSecrets {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (typeof parsed === 'object' && parsed !== null) {
    const format: unknown = Reflect.get(parsed, 'v');
    const apikey: unknown = Reflect.get(parsed, 'apikey');
    const apisecret: unknown = Reflect.get(parsed, 'apisecret');
    if (format === FORMAT && typeof apikey === 'string' && typeof apisecret === 'string') {
      if (apikey !== '' && apisecret !== '') return { apikey, apisecret };
    }
  }
  throw new CredentialStoreError(
    'unreadable-entry',
    "The keychain entry of this profile is not in Stockroom's format (it may have been changed by another program). Edit the profile and enter the API key and secret again.",
  );
}

/** The keychain account of a profile: its id, which every keychain needs non-empty. */
export function accountOf(profileId: string): string {
  if (typeof profileId !== 'string' || profileId.trim() === '') {
    throw new TypeError('A keychain entry needs a profile id');
  }
  return profileId;
}
