// The read-backs of document writes (quotations): a keyed create's server id by its uniquenumber
// (after a 900, which carries no id), walking GetQuotations as the finance creates walk their lists.
import type { BackofficeCaller } from '../../backoffice/index.js';
import { findByUniqueNumber } from './finance-readback.js';

/** A quotation's server id by the uniquenumber it was created with. */
export function findQuotationByUniqueNumber(
  client: BackofficeCaller,
  uniqueNumber: string,
  since: number,
): Promise<number | undefined> {
  return findByUniqueNumber((query) => client.call('GetQuotations', { query }), uniqueNumber, since);
}
