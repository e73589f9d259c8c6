// Every way a v4 call can fail, as one class per kind with a `kind` field the outbox switches on.
// The kinds answer the outbox's only questions: may this be resent as is, was it perhaps applied, must
// a person or the whole queue stop? (ARCHITECTURE.md, "The outbox contract".)

export type FailureKind =
  /** Nothing reached the server (refused, DNS, connect timeout, local budget spent): safe to resend. */
  | 'notSent'
  /** It may have been applied (timeout or reset after sending, HTTP 5xx, resCode 500): reconcile first. */
  | 'unclear'
  /** Credentials or configuration are wrong (Invalid API, Access Denied., wrong base URL): pause all. */
  | 'auth'
  /** The store's daily request quota is spent: wait for the next Thai day. */
  | 'quota'
  /** The server (or the local check against the same table) refused it; resending cannot help. */
  | 'permanent'
  /** Code 900: for an idempotent create (uniquenumber) this means "already applied". */
  | 'duplicate'
  /** The answer is not what the endpoint's success schema says (or not JSON). */
  | 'malformed';

/** What the failure tells about a write's effect on the server. */
export type FailureEffect = 'none' | 'unknown' | 'applied';

export interface FailureDetails {
  /** Endpoint name from the shared table, e.g. "UpdateProductStockList". */
  readonly endpoint: string;
  /** resCode when the server gave one; else "HTTP 503", a transport code ("ECONNREFUSED") or a local code. */
  readonly code: string;
  /** resDesc or a description; secrets are already redacted by the client. */
  readonly text: string;
  /** True when the request reached the server (it then counts against the store's daily quota). */
  readonly sent: boolean;
  /** Whether the endpoint is a write (POST); decides what `unclear`/`malformed` mean for the effect. */
  readonly write: boolean;
  readonly httpStatus?: number;
}

/** Local codes for failures that carry no resCode. */
export const LocalCode = {
  invalidRequest: 'INVALID_REQUEST',
  notJson: 'NOT_JSON',
  schemaMismatch: 'SCHEMA_MISMATCH',
  /** The answer was larger than its kind may be (answer-limits.ts); the rest was not read. */
  answerTooLarge: 'ANSWER_TOO_LARGE',
  budgetSpent: 'LOCAL_BUDGET_SPENT',
  clientClosed: 'CLIENT_CLOSED',
} as const;

export abstract class BackofficeError<K extends FailureKind = FailureKind> extends Error {
  readonly kind: K;
  readonly endpoint: string;
  readonly code: string;
  readonly text: string;
  readonly sent: boolean;
  readonly write: boolean;
  readonly httpStatus: number | undefined;
  /** How many attempts were made (reads retry; writes always 1). Set by the client. */
  attempts = 1;

  protected constructor(kind: K, details: FailureDetails) {
    super(`${details.endpoint} failed (${kind}): ${details.code} ${details.text}`);
    this.kind = kind;
    this.endpoint = details.endpoint;
    this.code = details.code;
    this.text = details.text;
    this.sent = details.sent;
    this.write = details.write;
    this.httpStatus = details.httpStatus;
  }

  abstract get effect(): FailureEffect;

  /** A plain object for logs and IPC; holds nothing but what the error already shows. */
  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      kind: this.kind,
      endpoint: this.endpoint,
      code: this.code,
      text: this.text,
      sent: this.sent,
      httpStatus: this.httpStatus,
      attempts: this.attempts,
      effect: this.effect,
    };
  }
}

/** The kinds whose failure says the write had no effect on the server (it was not sent, or refused). */
abstract class NoEffectError<K extends FailureKind> extends BackofficeError<K> {
  get effect(): FailureEffect {
    return 'none';
  }
}

export class NotSentError extends NoEffectError<'notSent'> {
  override readonly name = 'NotSentError';
  constructor(details: FailureDetails) {
    super('notSent', details);
  }
}

export class UnclearError extends BackofficeError<'unclear'> {
  override readonly name = 'UnclearError';
  constructor(details: FailureDetails) {
    super('unclear', details);
  }
  get effect(): FailureEffect {
    return this.write ? 'unknown' : 'none';
  }
}

export class AuthError extends NoEffectError<'auth'> {
  override readonly name = 'AuthError';
  constructor(details: FailureDetails) {
    super('auth', details);
  }
}

export class QuotaError extends NoEffectError<'quota'> {
  override readonly name = 'QuotaError';
  constructor(details: FailureDetails) {
    super('quota', details);
  }
}

export class PermanentError extends NoEffectError<'permanent'> {
  override readonly name = 'PermanentError';
  constructor(details: FailureDetails) {
    super('permanent', details);
  }
}

export class DuplicateError extends BackofficeError<'duplicate'> {
  override readonly name = 'DuplicateError';
  /** True on the uniquenumber creates: the earlier request with this key was applied. */
  readonly alreadyApplied: boolean;
  constructor(details: FailureDetails & { readonly idempotent: boolean }) {
    super('duplicate', details);
    this.alreadyApplied = details.idempotent;
  }
  get effect(): FailureEffect {
    return this.alreadyApplied ? 'applied' : 'none';
  }
}

export class MalformedError extends BackofficeError<'malformed'> {
  override readonly name = 'MalformedError';
  /** The first bad path in the answer ("list[3].id"), or "" when the body was not JSON at all. */
  readonly path: string;
  constructor(details: FailureDetails & { readonly path: string }) {
    super('malformed', details);
    this.path = details.path;
  }
  /** A write the server answered with garbage may have been applied: the outbox must reconcile it. */
  get effect(): FailureEffect {
    return this.write && this.sent ? 'unknown' : 'none';
  }
}

/** The union the outbox switches on: `switch (failure.kind)` narrows to the class. */
export type BackofficeFailure =
  NotSentError | UnclearError | AuthError | QuotaError | PermanentError | DuplicateError | MalformedError;

export function isBackofficeFailure(value: unknown): value is BackofficeFailure {
  return value instanceof BackofficeError;
}

/** Builds the error of a kind; `extra` carries the fields only some kinds have. */
export function createFailure(
  kind: FailureKind,
  details: FailureDetails,
  extra: { readonly idempotent?: boolean; readonly path?: string } = {},
): BackofficeFailure {
  switch (kind) {
    case 'notSent':
      return new NotSentError(details);
    case 'unclear':
      return new UnclearError(details);
    case 'auth':
      return new AuthError(details);
    case 'quota':
      return new QuotaError(details);
    case 'permanent':
      return new PermanentError(details);
    case 'duplicate':
      return new DuplicateError({ ...details, idempotent: extra.idempotent ?? false });
    case 'malformed':
      return new MalformedError({ ...details, path: extra.path ?? '' });
  }
}
