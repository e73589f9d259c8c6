// Where a file stands in sending, in the page's language.
import type { SendState } from '../../../src-shared/domain/vocabulary.js';
import { ft, type FilesText } from './files-strings.js';

const SEND_STATE_KEYS: Readonly<Record<SendState, FilesText>> = {
  waitingToSend: 'stateWaiting',
  sent: 'stateSent',
  needsAttention: 'stateNeedsAttention',
  discarded: 'stateDiscarded',
};

/** A file attached elsewhere (null) is simply on the back office. */
export function sendStateWords(state: SendState | null): string {
  return ft(state === null ? 'stateElsewhere' : SEND_STATE_KEYS[state]);
}
