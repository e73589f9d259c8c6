// What the page says when main refuses a call, or a write failed on the back office or the network: a
// sentence in the page's language chosen from the typed code or reason (never the raw text), and the
// raw text kept for "Details" (components/RefusalMessage). Every page shows such failures through this.
import type { IpcError, RefusalReason } from '../../src-shared/ipc/index.js';
import { failureText } from './failure-text.js';
import { refusalText, type RefusalTextKey } from './refusal-strings.js';

/** A failure as the page shows it: the sentence, and the raw text behind Details (null: nothing more). */
export interface Said {
  readonly sentence: string;
  readonly details: string | null;
}

/** Main's refusal of a call (the contract's error), as far as the page needs it. */
export type MainRefusal = Pick<IpcError, 'code' | 'message'> & {
  readonly reason?: RefusalReason | undefined;
};

const BY_CODE: Readonly<Record<IpcError['code'], RefusalTextKey>> = {
  'invalid-arguments': 'invalidArguments',
  'unknown-call': 'internal',
  'not-found': 'notFound',
  'no-profile': 'noProfile',
  // Without a reason, only from a call that needs the store when the store could not open at start
  // (StoreHost.current): trying the call again does not reopen it, a restart does.
  'keychain-unavailable': 'storeKeychainUnavailable',
  'credentials-missing': 'credentialsMissing',
  conflict: 'conflict',
  refused: 'refused',
  internal: 'internal',
};

/**
 * Every reason the contract declares, with its sentence when the feature has none of its own: a reason
 * added to REFUSAL_REASONS_BY_AREA without words here fails the typecheck.
 */
export const BY_REASON: Readonly<Record<RefusalReason, RefusalTextKey>> = {
  'session-not-found': 'notFound',
  'session-closed': 'conflict',
  'session-handed-over': 'conflict',
  'other-warehouse': 'conflict',
  'unknown-warehouse': 'notFound',
  'unknown-scope': 'notFound',
  'invalid-input': 'invalidArguments',
  'line-not-found': 'notFound',
  'negative-count': 'invalidArguments',
  'nothing-to-undo': 'conflict',
  'product-not-found': 'notFound',
  'unresolved-unknown-codes': 'conflict',
  'nothing-to-commit': 'conflict',
  'live-scans-pending': 'conflict',
  'live-member-session': 'conflict',
  'recount-missing': 'conflict',
  'nothing-due': 'conflict',
  'unknown-shelf': 'notFound',
  'shelf-not-empty': 'conflict',
  'shelf-code': 'invalidArguments',
  'shelf-code-shape': 'invalidArguments',
  'shelf-name': 'invalidArguments',
  'shelf-repeated': 'invalidArguments',
  'shelf-file': 'invalidArguments',
  'shelf-not-found': 'notFound',
  'code-is-a-shelf': 'conflict',
  'barcode-shelf-prefix': 'invalidArguments',
  'no-keychain': 'keychainUnavailable',
  locked: 'keychainUnavailable',
  denied: 'keychainUnavailable',
  error: 'keychainUnavailable',
  'unreadable-entry': 'keychainUnavailable',
  'too-large': 'keychainUnavailable',
  'unsent-writes': 'conflict',
  'bad-picture': 'invalidArguments',
  'code-taken': 'invalidArguments',
  'product-fields': 'invalidArguments',
  repeated: 'invalidArguments',
  'barcode-empty': 'invalidArguments',
  'barcode-too-long': 'invalidArguments',
  'barcode-check-digit': 'invalidArguments',
  'replaces-barcode': 'conflict',
  'create-discarded': 'conflict',
  deleting: 'conflict',
  'unknown-product': 'notFound',
  'code-is-a-barcode': 'conflict',
  'alias-of-another-product': 'conflict',
  'below-expected-stock': 'conflict',
  'code-too-short': 'invalidArguments',
  'file-empty': 'invalidArguments',
  'file-too-large': 'invalidArguments',
  'file-type-not-allowed': 'invalidArguments',
  'file-content-mismatch': 'invalidArguments',
  offset: 'internal',
  'staging-full': 'conflict',
  'not-sent-yet': 'conflict',
  'file-not-found': 'recordMissing',
  'file-gone': 'notFound',
  'download-too-large': 'conflict',
  'not-on-this-pc': 'unreachable',
  'record-not-found': 'recordMissing',
  voided: 'conflict',
  approved: 'conflict',
  'not-withdrawable': 'conflict',
  'not-parked': 'conflict',
  'prompt-pay-id': 'invalidArguments',
  'labels-too-many': 'invalidArguments',
  'label-code-too-wide': 'invalidArguments',
  'label-code-not-printable': 'invalidArguments',
  'not-committed': 'conflict',
  'not-counted': 'notFound',
  reversed: 'conflict',
  'later-count': 'conflict',
  'not-applied': 'conflict',
  'wrong-code': 'invalidArguments',
  'window-closed': 'conflict',
  unreachable: 'unreachable',
  'no-network': 'unreachable',
  'host-silent': 'unreachable',
  'not-live': 'conflict',
  'not-hostable': 'conflict',
  'host-older': 'conflict',
  'member-older': 'conflict',
  refused: 'conflict',
  'pc-name-empty': 'invalidArguments',
  'pc-name-too-long': 'invalidArguments',
  'pc-name-control-character': 'invalidArguments',
  'pc-name-spaces-around': 'invalidArguments',
};

/**
 * Main's refusal in the page's words. `own` is the feature's sentence for the refusal's reason, when it
 * has one; else the reason's or the code's. Main's message (English, maybe the back office's) is the
 * Details.
 */
export function refusalSaid(error: MainRefusal, own?: string): Said {
  const key = error.reason === undefined ? BY_CODE[error.code] : BY_REASON[error.reason];
  const sentence = own ?? refusalText(key);
  const details = error.message.trim();
  return { sentence, details: details === '' || details === sentence ? null : details };
}

/** Codes the outbox and the client give failures (failure.ts, failure-handling.ts, the kinds). */
const FAILURE_CODES: Readonly<Record<string, RefusalTextKey>> = {
  LINE_REFUSED: 'lineRefused',
  NOT_JSON: 'unreadable',
  SCHEMA_MISMATCH: 'unreadable',
  ANSWER_TOO_LARGE: 'unreadable',
  LOCAL_BUDGET_SPENT: 'quota',
  CLIENT_CLOSED: 'unreachable',
  UNEXPECTED_ERROR: 'internal',
};

function failureKey(code: string, text: string): RefusalTextKey {
  const known = FAILURE_CODES[code];
  if (known !== undefined) return known;
  // Transport codes (ECONNREFUSED, ENOTFOUND, ETIMEDOUT…, undici's UND_ERR_…): nothing answered.
  if (/^E[A-Z0-9_]+$/.test(code) || code.startsWith('UND_ERR')) return 'unreachable';
  const status = /^HTTP (\d{3})$/.exec(code)?.[1];
  if (status !== undefined)
    return status.startsWith('5') || status === '408' ? 'serverTrouble' : 'credentialsRefused';
  if (code === '500') return 'serverTrouble';
  // The outbox puts the endpoint first ("AddQuotationFile: Invalid ID.").
  const said = text
    .trim()
    .replace(/^[A-Za-z]+: /, '')
    .toLowerCase();
  if (said.startsWith('invalid api') || said.startsWith('access denied')) return 'credentialsRefused';
  if (said.includes('quota')) return 'quota';
  if (said.startsWith('invalid id')) return 'recordMissing';
  // A code in capitals of the outbox's own (a park reason the feature has no words for): a person looks.
  if (/^[A-Z][A-Z_]+$/.test(code)) return 'needsAttention';
  return 'backOfficeRefused';
}

/**
 * A failed try or a park as the back office or the network gave it (`code`, `text`), in the page's
 * words; `own` is the feature's sentence when it has one. The text (a JSON body's message) is the Details.
 */
export function failureSaid(code: string | null, text: string | null, own?: string): Said {
  const raw = text === null ? '' : failureText(text).trim();
  const sentence = own ?? refusalText(failureKey(code ?? '', raw));
  const details = [code, raw].filter((part) => part !== null && part !== '').join(': ');
  return { sentence, details: details === '' ? null : details };
}
