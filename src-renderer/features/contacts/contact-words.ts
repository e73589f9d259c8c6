// A contact's send state in the page's words.
import type { SendState } from '../../../src-shared/ipc/index.js';
import { ct, type ContactsKey } from './contacts-strings.js';

const SEND_STATES: Record<SendState, ContactsKey> = {
  waitingToSend: 'sendWaiting',
  sent: 'sendSent',
  needsAttention: 'sendAttention',
  discarded: 'sendDiscarded',
};

/** Where the last write made here stands; null: nothing was written here. */
export function sendWords(state: SendState | null): string {
  return state === null ? ct('fromBackOffice') : ct(SEND_STATES[state]);
}
