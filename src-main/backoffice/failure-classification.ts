// Which kind a failure is: from the result code and text of an HTTP-200 body, from a non-2xx status, or
// from a transport error (did any byte of the request reach the server?).
import { ResultCode, ResultText } from '../../src-shared/api/envelopes.js';
import type { FailureKind } from './failure.js';

// The quota text carries the figure ("API Request Limits (50000 requests/day)"); match its stem.
const quotaStem = ResultText.quotaReached(0)
  .replace(/\s*\(.*$/, '')
  .toLowerCase();
const invalidApiStem = ResultText.invalidApi.toLowerCase();
const accessDeniedStem = ResultText.accessDenied.replace(/\.$/, '').toLowerCase();

/**
 * The kind of a non-success result code and text (HTTP 200 bodies), or undefined for success.
 * Unknown codes count as permanent: the server gave a verdict we cannot act on, so a person looks.
 */
export function classifyResult(code: string, text: string): FailureKind | undefined {
  switch (code.trim()) {
    case ResultCode.success:
      return undefined;
    case ResultCode.serverError:
      return 'unclear';
    case ResultCode.notEnoughInventory:
      return 'permanent';
    case ResultCode.duplicateNumber:
      return 'duplicate';
    case ResultCode.generalError:
      return classifyGeneralError(text);
    default:
      return 'permanent';
  }
}

function classifyGeneralError(text: string): FailureKind {
  const normalised = text.trim().toLowerCase();
  if (normalised.startsWith(invalidApiStem) || normalised.startsWith(accessDeniedStem)) return 'auth';
  if (normalised.startsWith(quotaStem)) return 'quota';
  return 'permanent';
}

/** The kind of a non-2xx HTTP status. Production answers business errors with 200, so these are rare. */
export function classifyHttpStatus(status: number): FailureKind | undefined {
  if (status >= 200 && status < 300) return undefined;
  if (status >= 500) return 'unclear';
  if (status === 429) return 'quota';
  // 408: the server gave up waiting for the request; whether it acted is not known.
  if (status === 408) return 'unclear';
  // 404/405 on v4 paths mean a wrong base URL (or proxy); 3xx likewise (http→https, login page).
  if (status < 400 || status === 401 || status === 403 || status === 404 || status === 405) return 'auth';
  return 'permanent';
}

// Failures before any byte of the request could have reached the server.
const notSentCodes = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'EAI_NONAME',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
  // Dispatching on a closed Agent fails before anything is written.
  'UND_ERR_CLOSED',
  // TLS handshake failures (a captive portal, a wrong clock): the request itself was never written.
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

// undici refusing the request locally (a header value it cannot encode): resending cannot help.
const rejectedLocallyCodes = new Set(['UND_ERR_INVALID_ARG', 'UND_ERR_NOT_SUPPORTED', 'ERR_INVALID_CHAR']);

export interface TransportVerdict {
  readonly kind: 'notSent' | 'unclear' | 'permanent';
  readonly code: string;
  readonly text: string;
}

/**
 * The kind of an error thrown by the transport. Anything not known to happen before sending is
 * unclear: for a write, guessing "not sent" could apply it twice.
 */
export function classifyTransportError(error: unknown): TransportVerdict {
  const { code, syscall, message } = describeError(error);
  if (rejectedLocallyCodes.has(code)) return { kind: 'permanent', code, text: message };
  if (notSentCodes.has(code) || syscall === 'connect' || syscall === 'getaddrinfo') {
    return { kind: 'notSent', code, text: message };
  }
  return { kind: 'unclear', code, text: message };
}

interface ErrorDescription {
  readonly code: string;
  readonly syscall: string | undefined;
  readonly message: string;
}

/** Reads code/syscall/message, looking into AggregateError (dual-stack connects) and `cause`. */
function describeError(error: unknown): ErrorDescription {
  if (!(error instanceof Error)) return { code: 'UNKNOWN', syscall: undefined, message: String(error) };
  const own = readCode(error);
  const nested =
    error instanceof AggregateError ? error.errors.find((inner) => inner instanceof Error) : error.cause;
  const inner = nested instanceof Error ? readCode(nested) : undefined;
  const code = own.code ?? inner?.code ?? 'UNKNOWN';
  const syscall = own.syscall ?? inner?.syscall;
  const message = error.message || (nested instanceof Error ? nested.message : '') || code;
  return { code, syscall, message };
}

function readCode(error: Error): { code: string | undefined; syscall: string | undefined } {
  const record = error as Error & { code?: unknown; syscall?: unknown };
  return {
    code: typeof record.code === 'string' ? record.code : undefined,
    syscall: typeof record.syscall === 'string' ? record.syscall : undefined,
  };
}
