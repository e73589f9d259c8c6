// Why a profile operation was refused, in words for the person and fields for the UI. No message here is
// ever built from an API key or secret: validation names the field, never its value.
import type { CredentialStoreErrorReason } from '../credentials/index.js';

export type ProfileField =
  'displayName' | 'baseUrl' | 'storename' | 'defaultWarehouseCode' | 'kind' | 'apikey' | 'apisecret';

export interface FieldIssue {
  readonly field: ProfileField;
  readonly message: string;
}

export type ProfileErrorCode =
  /** Some fields are not acceptable; `issues` says which and why. */
  | 'invalid'
  /** No profile has this id. */
  | 'not-found'
  /** The keychain cannot be used (or refused); `keychainReason` says how. Nothing was changed. */
  | 'keychain'
  /** The profile exists but the keychain holds no secrets for it: edit the profile to enter them again. */
  | 'secrets-missing';

export class ProfileError extends Error {
  override readonly name = 'ProfileError';
  readonly code: ProfileErrorCode;
  readonly issues: readonly FieldIssue[];
  readonly keychainReason: CredentialStoreErrorReason | undefined;

  constructor(
    code: ProfileErrorCode,
    message: string,
    details: { issues?: readonly FieldIssue[]; keychainReason?: CredentialStoreErrorReason } = {},
  ) {
    super(message);
    this.code = code;
    this.issues = details.issues ?? [];
    this.keychainReason = details.keychainReason;
  }

  static invalid(issues: readonly FieldIssue[]): ProfileError {
    return new ProfileError('invalid', issues.map((issue) => issue.message).join(' '), { issues });
  }

  static notFound(profileId: string): ProfileError {
    return new ProfileError('not-found', `There is no profile with the id ${profileId}.`);
  }

  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      code: this.code,
      message: this.message,
      issues: this.issues,
      ...(this.keychainReason === undefined ? {} : { keychainReason: this.keychainReason }),
    };
  }
}

export function isProfileError(value: unknown): value is ProfileError {
  return value instanceof ProfileError;
}
