// Thrown errors to `{ ok: false, error }`. Services refuse with a Refusal (src-main/refusal/refusal.ts):
// its code comes from the contract's one list and its message is written for people, so it is passed on
// as it is (redacted once more, in case). Anything else is a bug or an I/O failure: the page gets a generic
// message, the log gets the error (with registered secrets redacted).
import { ipcFail, type IpcFailure } from '../../src-shared/ipc/index.js';
import { sharedRedactor } from '../logging/index.js';
import { isRefusal } from '../refusal/refusal.js';

const INTERNAL_MESSAGE = 'Something went wrong in Stockroom; the details are in the log.';

function safe(message: string): string {
  return sharedRedactor.redactText(message).slice(0, 1000);
}

export function toIpcFailure(error: unknown): IpcFailure {
  if (!isRefusal(error)) return ipcFail('internal', INTERNAL_MESSAGE);
  return ipcFail(error.code, safe(error.message), {
    ...(error.reason === undefined ? {} : { reason: error.reason }),
    ...(error.fields.length === 0
      ? {}
      : { issues: error.fields.map((issue) => ({ path: issue.path, message: safe(issue.message) })) }),
  });
}
