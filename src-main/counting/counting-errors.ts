// Refusals of the counting service. Each has a `code` the UI switches on and a message a person can
// act on; none of them is a crash: a refused call changes nothing.

export type CountingErrorCode =
  | 'sessionNotFound'
  | 'sessionClosed'
  | 'unknownWarehouse'
  | 'invalidInput'
  | 'lineNotFound'
  | 'negativeCount'
  | 'nothingToUndo'
  | 'productNotFound'
  | 'unresolvedUnknownCodes'
  | 'nothingToCommit';

export class CountingError extends Error {
  constructor(
    readonly code: CountingErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'CountingError';
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
