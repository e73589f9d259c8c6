// A queued write's mark in the contract's words (SEND_STATES), for every service that shows where its
// records' writes stand (money, contacts).
import type { SendState } from '../../../src-shared/domain/vocabulary.js';
import type { WriteOperationState } from './write-request.js';

/** The outbox's mark in the contract's words; null when the outbox does not know the operation. */
export function sendStateOf(standing: WriteOperationState | undefined): SendState | null {
  if (standing === undefined) return null;
  return standing.mark === 'waiting' ? 'waitingToSend' : standing.mark;
}
