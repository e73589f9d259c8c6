// A person withdrew writes before they were sent (outbox/withdraw.ts): the money copy forgets what they
// made here, inside the withdrawal's transaction, so the lists read as if they had never been made.
import type { MoneyChange } from '../../src-shared/ipc/index.js';
import type { MoneyRecordRepository } from './money-record.repository.js';
import type { MoneyTransferRepository } from './money-transfer.repository.js';

export function forgetWithdrawnMoney(
  copy: { readonly records: MoneyRecordRepository; readonly transfers: MoneyTransferRepository },
  operationIds: readonly number[],
  at: number,
): MoneyChange | undefined {
  const records = copy.records.forgetWithdrawn(operationIds);
  const transfers = copy.transfers.forgetWithdrawn(operationIds);
  return records + transfers > 0 ? { source: 'local', records, transfers, at } : undefined;
}
