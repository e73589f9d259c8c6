// The one refusal type of main's services: a code from the contract's one list (IPC_ERROR_CODES), a
// message written for people (never a secret, never built from one), and optionally a finer reason the
// page may act on and the fields at fault. Services throw it (or a subclass); api-errors.ts passes it on
// by its code, and anything else thrown is a bug that the page sees only as 'internal'.
import type { RefusalReason } from '../../src-shared/ipc/refusal-reasons.js';
import type { IpcErrorCode, IpcIssue } from '../../src-shared/ipc/result.js';

/** Every code a service may refuse with ('internal' is never a refusal: it is what a bug becomes). */
export type RefusalCode = Exclude<IpcErrorCode, 'internal' | 'unknown-call'>;

export interface RefusalDetails {
  /** The service's finer reason (e.g. 'unresolved-unknown-codes', 'locked'), for the page to switch on. */
  readonly reason?: RefusalReason;
  /** The fields at fault, as dotted paths into the call's arguments. */
  readonly issues?: readonly IpcIssue[];
}

export class Refusal extends Error {
  override name = 'Refusal';
  /** The service's finer reason, when the page may act on it. */
  readonly reason: RefusalReason | undefined;
  /** The fields at fault (empty when the refusal is not about a field). */
  readonly fields: readonly IpcIssue[];

  constructor(
    readonly code: RefusalCode,
    message: string,
    details: RefusalDetails = {},
  ) {
    super(message);
    this.reason = details.reason;
    this.fields = details.issues ?? [];
  }

  /**
   * A refusal of one field of the arguments (the one field refusal of main's services): `message` is
   * the field's, for the form; the sentence for people is `path message` unless the service words it.
   */
  static field(
    path: string,
    message: string,
    reason?: RefusalReason,
    sentence = `${path} ${message}`,
  ): Refusal {
    return new Refusal('invalid-arguments', sentence, {
      issues: [{ path, message }],
      ...(reason === undefined ? {} : { reason }),
    });
  }

  static notFound(message: string, reason?: RefusalReason): Refusal {
    return new Refusal('not-found', message, reason === undefined ? {} : { reason });
  }

  static conflict(message: string, reason?: RefusalReason): Refusal {
    return new Refusal('conflict', message, reason === undefined ? {} : { reason });
  }

  static noProfile(): Refusal {
    return new Refusal('no-profile', 'No store is open: add a store profile or try the demo store first.');
  }
}

export function isRefusal(value: unknown): value is Refusal {
  return value instanceof Refusal;
}
