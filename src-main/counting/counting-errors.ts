// Refusals of the counting service. Each has a `reason` the UI switches on, the refusal code it maps to
// (one table, below) and a message a person can act on; none of them is a crash: a refused call changes
// nothing.
import { Refusal, type RefusalCode } from '../refusal/refusal.js';

export type CountingErrorCode =
  | 'session-not-found'
  | 'session-closed'
  | 'session-handed-over'
  | 'other-warehouse'
  | 'unknown-warehouse'
  | 'unknown-scope'
  | 'invalid-input'
  | 'line-not-found'
  | 'negative-count'
  | 'nothing-to-undo'
  | 'product-not-found'
  | 'unresolved-unknown-codes'
  | 'nothing-to-commit'
  | 'live-scans-pending'
  | 'live-member-session'
  | 'recount-missing'
  | 'unknown-shelf'
  | 'shelf-not-empty'
  | 'shelf-code';

const REFUSAL_OF: Record<CountingErrorCode, RefusalCode> = {
  'session-not-found': 'not-found',
  'line-not-found': 'not-found',
  'product-not-found': 'not-found',
  'unknown-warehouse': 'not-found',
  'unknown-scope': 'not-found',
  'session-closed': 'conflict',
  'session-handed-over': 'conflict',
  'other-warehouse': 'conflict',
  'nothing-to-undo': 'conflict',
  'unresolved-unknown-codes': 'conflict',
  'nothing-to-commit': 'conflict',
  'live-scans-pending': 'conflict',
  'live-member-session': 'conflict',
  'recount-missing': 'conflict',
  'unknown-shelf': 'not-found',
  'shelf-not-empty': 'conflict',
  'shelf-code': 'invalid-arguments',
  'negative-count': 'invalid-arguments',
  'invalid-input': 'invalid-arguments',
};

export class CountingError extends Refusal {
  override name = 'CountingError';

  declare readonly reason: CountingErrorCode;

  constructor(reason: CountingErrorCode, message: string) {
    super(REFUSAL_OF[reason], message, { reason });
  }
}

export class UnresolvedUnknownCodesError extends CountingError {
  constructor(readonly count: number) {
    super(
      'unresolved-unknown-codes',
      `${count} unknown ${count === 1 ? 'code is' : 'codes are'} not resolved: assign ${count === 1 ? 'it' : 'each'} to a product, ` +
        'or commit with "discard unknown codes" to drop their units',
    );
    this.name = 'UnresolvedUnknownCodesError';
  }
}

/** A live host's commit while members (named by their PC labels) have not sent their last scans. */
export class LiveScansPendingError extends CountingError {
  constructor(readonly members: readonly string[]) {
    super(
      'live-scans-pending',
      `Not committed: ${members.length === 1 ? 'a PC counting with this one has' : `${members.length} PCs counting with this one have`} ` +
        `not sent their last scans yet (${members.join(', ')}): ask for them with Alt+S, ` +
        'or take a hand-over file from each PC that cannot answer',
    );
    this.name = 'LiveScansPendingError';
  }
}

export function sessionNotFound(sessionId: string): CountingError {
  return new CountingError('session-not-found', `No count session ${sessionId}`);
}

export function sessionClosed(sessionId: string, state: string): CountingError {
  return new CountingError(
    'session-closed',
    `Count session ${sessionId} is ${state}: it can no longer change`,
  );
}

export function invalidInput(message: string): CountingError {
  return new CountingError('invalid-input', message);
}
