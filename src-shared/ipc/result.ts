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

export interface IpcError {
  readonly code: IpcErrorCode;
  readonly message: string;
  /** The service's own finer code, when the UI may act on it (e.g. 'unresolved-unknown-codes'). */
  readonly reason?: RefusalReason;
  readonly issues?: readonly IpcIssue[];
}

export interface IpcFailure {
  readonly ok: false;
  readonly error: IpcError;
}

export type IpcResult<T> = { readonly ok: true; readonly value: T } | IpcFailure;

export const ipcErrorSchema = z.object({
  code: z.enum(IPC_ERROR_CODES),
  message: z.string(),
  reason: z.enum(REFUSAL_REASONS).optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

export function ipcOk<T>(value: T): IpcResult<T> {
  return { ok: true, value };
}

export function ipcFail(
  code: IpcErrorCode,
  message: string,
  details: { reason?: RefusalReason; issues?: readonly IpcIssue[] } = {},
): IpcFailure {
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
