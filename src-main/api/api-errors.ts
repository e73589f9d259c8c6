// Thrown errors to `{ ok: false, error }`. Services throw typed refusals whose messages are written for
// people and never hold a secret (ProfileError, CountingError, the outbox's input and parked errors,
// the keychain's errors): their message is passed on. Anything else is a bug or an I/O failure: the
// page gets a generic message, the log gets the error (with registered secrets redacted).
import { ipcFail, type IpcErrorCode, type IpcIssue, type IpcFailure } from '../../src-shared/ipc/index.js';
import { CountingError, type CountingErrorCode } from '../counting/index.js';
import { isCredentialStoreError } from '../credentials/index.js';
import { sharedRedactor } from '../logging/index.js';
import { OutboxInputError, ParkedActionError } from '../outbox/index.js';
import { isProfileError } from '../profiles/index.js';

/** A refusal raised by main's own services and handlers, with the code the page gets. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly code: Exclude<IpcErrorCode, 'internal'>,
    message: string,
    readonly reason?: string,
  ) {
    super(message);
  }

  static notFound(message: string): ApiError {
    return new ApiError('not-found', message);
  }

  static noProfile(): ApiError {
    return new ApiError('no-profile', 'No store is open: add a store profile or try the demo store first.');
  }
}

const COUNTING_CODES: Record<CountingErrorCode, IpcErrorCode> = {
  sessionNotFound: 'not-found',
  lineNotFound: 'not-found',
  productNotFound: 'not-found',
  unknownWarehouse: 'not-found',
  sessionClosed: 'conflict',
  nothingToUndo: 'conflict',
  unresolvedUnknownCodes: 'conflict',
  nothingToCommit: 'conflict',
  negativeCount: 'invalid-arguments',
  invalidInput: 'invalid-arguments',
};

const INTERNAL_MESSAGE = 'Something went wrong in Stockroom; the details are in the log.';

function safe(message: string): string {
  return sharedRedactor.redactText(message).slice(0, 1000);
}

export function toIpcFailure(error: unknown): IpcFailure {
  if (error instanceof ApiError) {
    return ipcFail(
      error.code,
      safe(error.message),
      error.reason === undefined ? {} : { reason: error.reason },
    );
  }
  if (error instanceof CountingError) {
    return ipcFail(COUNTING_CODES[error.code] ?? 'internal', safe(error.message), { reason: error.code });
  }
  if (isProfileError(error)) {
    switch (error.code) {
      case 'invalid': {
        const issues: IpcIssue[] = error.issues.map((issue) => ({
          path: issue.field,
          message: safe(issue.message),
        }));
        return ipcFail('invalid-arguments', safe(error.message), { issues, reason: 'invalid' });
      }
      case 'not-found':
        return ipcFail('not-found', safe(error.message));
      case 'keychain':
        return ipcFail('keychain-unavailable', safe(error.message), {
          ...(error.keychainReason === undefined ? {} : { reason: error.keychainReason }),
        });
      case 'secrets-missing':
        return ipcFail('credentials-missing', safe(error.message));
    }
  }
  if (isCredentialStoreError(error)) {
    return ipcFail('keychain-unavailable', safe(error.message), { reason: error.reason });
  }
  if (error instanceof ParkedActionError) {
    const missing = /^No outbox operation/.test(error.message);
    return ipcFail(missing ? 'not-found' : 'conflict', safe(error.message));
  }
  if (error instanceof OutboxInputError) return ipcFail('invalid-arguments', safe(error.message));
  return ipcFail('internal', INTERNAL_MESSAGE);
}
