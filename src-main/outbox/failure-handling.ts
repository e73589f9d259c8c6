// What the drainer does with a request that failed as a whole, by the client's failure kind.
// notSent / quota → wait (backoff / next Thai day); unclear / malformed write → reconcile; auth → pause
// the queue (or park the batch when "Access Denied." only means an unknown warehouse); permanent → park.
import { isBackofficeFailure, type BackofficeFailure } from '../backoffice/index.js';
import type { BackofficeCaller } from '../backoffice/index.js';
import { ResultText } from '../../src-shared/api/envelopes.js';

export type FailureAction =
  | { readonly action: 'retry'; readonly code: string; readonly text: string; readonly stopPass: boolean }
  | { readonly action: 'hold'; readonly code: string; readonly text: string }
  /** `answered`: the server sent an answer (5xx, resCode 500, garbage), so nothing of it is still in flight. */
  | { readonly action: 'unclear'; readonly answered: boolean }
  | { readonly action: 'pause'; readonly code: string; readonly text: string }
  | { readonly action: 'park'; readonly code: string; readonly text: string };

export const UNKNOWN_WAREHOUSE = 'UNKNOWN_WAREHOUSE';
export const UNEXPECTED_ERROR = 'UNEXPECTED_ERROR';

/**
 * @param phase 'read' for the GETs before a write or for reconciliation (nothing applied whatever
 *   happened), 'write' for the request that may change the server.
 * @param warehouseCode the warehouse the request named, if any.
 */
export async function decideFailure(
  error: unknown,
  phase: 'read' | 'write',
  client: BackofficeCaller,
  warehouseCode: string | undefined,
): Promise<FailureAction> {
  if (!isBackofficeFailure(error)) {
    const text = error instanceof Error ? error.message : String(error);
    // A local bug after the request may have left it applied; before, nothing was sent.
    return phase === 'write'
      ? { action: 'unclear', answered: false }
      : { action: 'retry', code: UNEXPECTED_ERROR, text, stopPass: false };
  }
  switch (error.kind) {
    case 'notSent':
      return { action: 'retry', code: error.code, text: error.text, stopPass: true };
    case 'quota':
      return { action: 'hold', code: error.code, text: error.text };
    case 'unclear':
    case 'malformed':
      return phase === 'write' && error.effect === 'unknown'
        ? { action: 'unclear', answered: error.httpStatus !== undefined }
        : { action: 'retry', code: error.code, text: error.text, stopPass: false };
    case 'auth':
      return decideAuth(error, client, warehouseCode);
    case 'permanent':
    case 'duplicate':
      return { action: 'park', code: error.code, text: `${error.endpoint}: ${error.text}` };
  }
}

/**
 * "Access Denied." is also production's answer for a warehouse code that does not exist. Pausing the
 * whole queue for one mistyped code would stop every other write of the store, so the list of
 * warehouses is read (page by page, newest first): a code missing from the whole list parks only this
 * batch; otherwise (or when the read itself is refused, or the list is too long to walk) the
 * credentials are at fault and the queue pauses.
 */
export async function decideAuth(
  error: BackofficeFailure,
  client: BackofficeCaller,
  warehouseCode: string | undefined,
): Promise<FailureAction> {
  const pause = { action: 'pause', code: error.code, text: error.text } as const;
  if (warehouseCode === undefined || !isAccessDenied(error.text)) return pause;
  try {
    if ((await findWarehouse(client, warehouseCode)) !== 'missing') return pause;
    return {
      action: 'park',
      code: UNKNOWN_WAREHOUSE,
      text: `The back office has no warehouse ${warehouseCode} (it answered "${error.text}").`,
    };
  } catch (probeError) {
    if (isBackofficeFailure(probeError) && probeError.kind === 'auth') return pause;
    const text = isBackofficeFailure(probeError) ? probeError.text : String(probeError);
    return { action: 'retry', code: error.code, text, stopPass: true };
  }
}

const WAREHOUSE_PAGE = 500;
/** 10,000 warehouses: a longer list is not walked for one refusal, and unwalked means "cannot tell". */
const WAREHOUSE_PAGES = 20;

/** Whether the store's warehouse list holds the code; 'unknown' when the list is longer than is walked. */
async function findWarehouse(
  client: BackofficeCaller,
  warehouseCode: string,
): Promise<'listed' | 'missing' | 'unknown'> {
  for (let page = 1; page <= WAREHOUSE_PAGES; page++) {
    const answer = await client.call('GetWarehouses', { query: { limit: WAREHOUSE_PAGE, page } });
    if (answer.list.some((warehouse) => (warehouse.code ?? '').trim() === warehouseCode)) return 'listed';
    if (answer.list.length < WAREHOUSE_PAGE) return 'missing';
  }
  return 'unknown';
}

function isAccessDenied(text: string): boolean {
  return text.trim().toLowerCase().startsWith(ResultText.accessDenied.replace(/\.$/, '').toLowerCase());
}
