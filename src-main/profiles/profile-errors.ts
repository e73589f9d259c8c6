// Why a profile operation was refused, in words for the person and fields for the UI. No message here is
// ever built from an API key or secret: validation names the field, never its value.
import type { CredentialStoreErrorReason } from '../credentials/index.js';
import { Refusal, type RefusalCode } from '../refusal/refusal.js';

export type ProfileField =
  'displayName' | 'baseUrl' | 'storename' | 'defaultWarehouseCode' | 'kind' | 'apikey' | 'apisecret';

export interface FieldIssue {
  readonly field: ProfileField;
  readonly message: string;
}

/** What went wrong, as profile code names it; each maps to one refusal code. */
export type ProfileErrorCode =
  /** Some fields are not acceptable; `issues` says which and why. */
  | 'invalid'
  /** No profile has this id. */
  | 'not-found'
  /** The keychain cannot be used (or refused); `reason` says how. Nothing was changed. */
  | 'keychain'
  /** The profile exists but the keychain holds no secrets for it: edit the profile to enter them again. */
  | 'secrets-missing';

const REFUSAL_OF: Record<ProfileErrorCode, RefusalCode> = {
  invalid: 'invalid-arguments',
  'not-found': 'not-found',
  keychain: 'keychain-unavailable',
  'secrets-missing': 'credentials-missing',
};

export class ProfileError extends Refusal {
  override name = 'ProfileError';
  readonly issues: readonly FieldIssue[];
  declare readonly reason: CredentialStoreErrorReason | undefined;

  constructor(
    code: ProfileErrorCode,
    message: string,
    details: { issues?: readonly FieldIssue[]; keychainReason?: CredentialStoreErrorReason } = {},
  ) {
    const issues = details.issues ?? [];
    super(REFUSAL_OF[code], message, {
      ...(details.keychainReason === undefined ? {} : { reason: details.keychainReason }),
      issues: issues.map((issue) => ({ path: issue.field, message: issue.message })),
    });
    this.issues = issues;
  }

  static invalid(issues: readonly FieldIssue[]): ProfileError {
    return new ProfileError('invalid', issues.map((issue) => issue.message).join(' '), { issues });
  }

  static override notFound(profileId: string): ProfileError {
    return new ProfileError('not-found', `There is no profile with the id ${profileId}.`);
  }

  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      code: this.code,
      message: this.message,
      issues: this.issues,
      ...(this.reason === undefined ? {} : { reason: this.reason }),
    };
  }
}

export function isProfileError(value: unknown): value is ProfileError {
  return value instanceof ProfileError;
}
