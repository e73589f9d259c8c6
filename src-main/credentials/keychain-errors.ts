// Turns what keytar rejects with (libsecret/D-Bus on Linux, Security.framework on macOS, Credential
// Manager on Windows: only a message, no code) into a reason and a sentence a person can act on.
// The patterns are the messages observed or documented for each platform; an unknown one is 'error'
// and keeps the keychain's own words.
import type { KeychainUnavailableReason } from './credential-store.js';

export interface KeychainProblem {
  readonly reason: KeychainUnavailableReason;
  readonly message: string;
}

const NEVER_PLAIN_TEXT = 'Stockroom never keeps API keys in plain text.';

// libsecret keeps its first connection to the keyring service for the life of the process: once that
// service has gone, calls name its old bus address, or its old session, even after a new one started.
const sessionGone: readonly RegExp[] = [
  /The name :\d+\.\d+ was not provided by any \.service files/i,
  /The session wrapping the secret does not exist/i,
];

const noKeychain: readonly RegExp[] = [
  // Linux without a session bus (a console, a service, CI).
  /Cannot autolaunch D-Bus/i,
  /DBUS_SESSION_BUS_ADDRESS/,
  /dbus-launch/i,
  /Could not connect:/i,
  // A session bus without any Secret Service (no GNOME Keyring, no KWallet bridge).
  /was not provided by any \.service files/i,
  /org\.freedesktop\.DBus\.Error\.ServiceUnknown/i,
  // macOS errSecNotAvailable / errSecNoSuchKeychain.
  /No keychain is available/i,
  /specified keychain could not be found/i,
  // Windows: no logon session with a credential vault (a service account, some remote sessions).
  /logon session does not exist/i,
];

const locked: readonly RegExp[] = [
  // libsecret: "Cannot create an item in a locked collection".
  /locked/i,
  // macOS errSecInteractionNotAllowed: the keychain is locked and may not ask.
  /User interaction is not allowed/i,
  // gnome-keyring without a default keyring that it could create (no prompt could be shown).
  /Object does not exist at path .*\/collection\//i,
];

const denied: readonly RegExp[] = [
  /cancel(l)?ed/i,
  /user name or passphrase you entered is not correct/i,
  /AccessDenied|access (is )?denied|not allowed|permission/i,
];

/**
 * The reason and message for a failed keychain call; `detail` is the keychain's text, already redacted.
 * `reachedBefore`: an earlier call in this process worked, so a missing service has gone away since.
 */
export function describeKeychainFailure(detail: string, reachedBefore = false): KeychainProblem {
  const missing = noKeychain.some((pattern) => pattern.test(detail));
  if (sessionGone.some((pattern) => pattern.test(detail)) || (missing && reachedBefore)) {
    return {
      reason: 'no-keychain',
      message: `The system keychain stopped while Stockroom was running (${detail}). Restart Stockroom once your keyring is running again. ${NEVER_PLAIN_TEXT}`,
    };
  }
  if (missing) {
    return {
      reason: 'no-keychain',
      message: `No system keychain is available (${detail}). Stockroom keeps API keys only in the system keychain (GNOME Keyring or KWallet on Linux, Keychain on macOS, Credential Manager on Windows): start Stockroom in a desktop session where one is running. ${NEVER_PLAIN_TEXT}`,
    };
  }
  if (locked.some((pattern) => pattern.test(detail))) {
    return {
      reason: 'locked',
      message: `The system keychain is locked (${detail}). Unlock your keyring (or create a default one) in your system's password manager, then try again.`,
    };
  }
  if (denied.some((pattern) => pattern.test(detail))) {
    return {
      reason: 'denied',
      message: `The system keychain refused access (${detail}). Allow Stockroom to use the keychain when asked, then try again.`,
    };
  }
  return { reason: 'error', message: `The system keychain reported an error: ${detail}` };
}

/** The problem when the keytar native module cannot be loaded at all. */
export function describeMissingModule(detail: string): KeychainProblem {
  return {
    reason: 'no-keychain',
    message: `Stockroom could not load its keychain module, so it cannot keep API keys on this computer (${detail}). Reinstall Stockroom. ${NEVER_PLAIN_TEXT}`,
  };
}

/** The message of anything thrown, for the descriptions above. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
