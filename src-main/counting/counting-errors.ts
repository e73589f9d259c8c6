// Refusals of the counting service. Each has a `reason` the UI switches on, the refusal code it maps to
// (one table, below) and a message a person can act on; none of them is a crash: a refused call changes
// nothing.
import { Refusal, type RefusalCode } from '../refusal.js';

export type CountingErrorCode =
  | 'sessionNotFound'
  | 'sessionClosed'
  | 'sessionHandedOver'
  | 'otherWarehouse'
  | 'unknownWarehouse'
  | 'unknownScope'
  | 'invalidInput'
  | 'lineNotFound'
  | 'negativeCount'
  | 'nothingToUndo'
  | 'productNotFound'
  | 'unresolvedUnknownCodes'
  | 'nothingToCommit'
  | 'recountMissing';

const REFUSAL_OF: Record<CountingErrorCode, RefusalCode> = {
  sessionNotFound: 'not-found',
  lineNotFound: 'not-found',
  productNotFound: 'not-found',
  unknownWarehouse: 'not-found',
  unknownScope: 'not-found',
  sessionClosed: 'conflict',
  sessionHandedOver: 'conflict',
  otherWarehouse: 'conflict',
  nothingToUndo: 'conflict',
  unresolvedUnknownCodes: 'conflict',
  nothingToCommit: 'conflict',
  recountMissing: 'conflict',
  negativeCount: 'invalid-arguments',
  invalidInput: 'invalid-arguments',
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
      'unresolvedUnknownCodes',
      `${count} unknown ${count === 1 ? 'code is' : 'codes are'} not resolved: assign ${count === 1 ? 'it' : 'each'} to a product, ` +
        'or commit with "discard unknown codes" to drop their units',
    );
    this.name = 'UnresolvedUnknownCodesError';
  }
}

export function sessionNotFound(sessionId: string): CountingError {
  return new CountingError('sessionNotFound', `No count session ${sessionId}`);
}

export function sessionClosed(sessionId: string, state: string): CountingError {
  return new CountingError(
    'sessionClosed',
    `Count session ${sessionId} is ${state}: it can no longer change`,
  );
}

export function invalidInput(message: string): CountingError {
  return new CountingError('invalidInput', message);
}
