// The one answer shape of every call, over IPC and over the web host's WebSocket: a value, or an error
// with a code the UI switches on and a message a person can read. Never a stack, never a secret.
import { z } from 'zod';
import { REFUSAL_REASONS, type RefusalReason } from './refusal-reasons.js';

export const IPC_ERROR_CODES = [
  /** The arguments do not match the call's schema (or a service refused a field's value). */
  'invalid-arguments',
  /** No call of that name in the contract. */
  'unknown-call',
  /** The session, line, product, profile or outbox operation does not exist. */
  'not-found',
  /** The call needs an active store profile and there is none (or it is still starting). */
  'no-profile',
  /** The OS keychain cannot be used now; secrets are never stored anywhere else. */
  'keychain-unavailable',
  /** The profile's API key and secret are not in the keychain any more: edit the profile. */
  'credentials-missing',
  /** The thing is in a state that does not allow it (closed session, nothing to undo, not parked…). */
  'conflict',
  /** The caller may not make calls (wrong frame or origin). */
  'refused',
  /** Something failed in main; the message is generic and the details are in the log. */
  'internal',
] as const;

export type IpcErrorCode = (typeof IPC_ERROR_CODES)[number];

/** One field a form can highlight: a dotted path into the arguments and what is wrong with it. */
export interface IpcIssue {
  readonly path: string;
  readonly message: string;
}

/** R: the reasons the call may give (CallReason of a call; any for a failure not tied to one). */
export interface IpcError<R extends RefusalReason = RefusalReason> {
  readonly code: IpcErrorCode;
  readonly message: string;
  /** The service's own finer code, when the UI may act on it (e.g. 'unresolved-unknown-codes'). */
  readonly reason?: R;
  readonly issues?: readonly IpcIssue[];
}

export interface IpcFailure<R extends RefusalReason = RefusalReason> {
  readonly ok: false;
  readonly error: IpcError<R>;
}

export type IpcResult<T, R extends RefusalReason = RefusalReason> =
  { readonly ok: true; readonly value: T } | IpcFailure<R>;

export const ipcErrorSchema = z.object({
  code: z.enum(IPC_ERROR_CODES),
  message: z.string(),
  reason: z.enum(REFUSAL_REASONS).optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

/** A value: an answer of any call (it carries no reason). */
export function ipcOk<T>(value: T): IpcResult<T, never> {
  return { ok: true, value };
}

/** A failure; its reason type is the reason given (none: a failure any call may answer). */
export function ipcFail<R extends RefusalReason = never>(
  code: IpcErrorCode,
  message: string,
  details: { reason?: R; issues?: readonly IpcIssue[] } = {},
): IpcFailure<R> {
  return {
    ok: false,
    error: {
      code,
      message,
      ...(details.reason === undefined ? {} : { reason: details.reason }),
      ...(details.issues === undefined ? {} : { issues: details.issues }),
    },
  };
}
