// money.transferDetail: one transfer read from the back office now (GetMoneyTransferDetail through the
// page reads, which fail fast offline) and kept in the local copy like a pulled one, so the list shows
// what the detail showed; when it cannot be read, the PC's copy and why (the page says it may be stale).
import type { CallValue, MoneyChange } from '../../src-shared/ipc/index.js';
import { isBackofficeFailure, type BackofficeClient } from '../backoffice/index.js';
import type { OutboxWrites } from '../outbox/index.js';
import { Refusal } from '../refusal/refusal.js';
import { transferFromServer } from './money-rows.js';
import type { MoneyTransferRepository } from './money-transfer.repository.js';
import { transferView } from './money-views.js';

type TransferDetail = CallValue<'money.transferDetail'>;

export interface TransferDetailsOptions {
  readonly transfers: MoneyTransferRepository;
  readonly writes: Pick<OutboxWrites, 'standings'>;
  readonly pageReads: Pick<BackofficeClient, 'call'>;
  readonly now: () => number;
  readonly onChanged?: ((change: MoneyChange) => void) | undefined;
}

export class TransferDetails {
  readonly #o: TransferDetailsOptions;

  constructor(options: TransferDetailsOptions) {
    this.#o = options;
  }

  async read(id: number): Promise<TransferDetail> {
    const { transfers, writes } = this.#o;
    const held = transfers.find(id);
    if (!held) throw Refusal.notFound(`There is no money transfer ${id} on this PC.`);
    const operation = held.operation_id;
    const create = operation === null ? undefined : writes.standings([operation]).get(operation);
    // A create done since the last pull: its standing knows the id before the copy does.
    const serverId = held.server_id ?? create?.serverId ?? null;
    const fresh = serverId === null ? { read: 'notSent' as const } : await this.#readNow(serverId);
    const row = transfers.find(id) ?? held;
    const standings = writes.standings(row.operation_id === null ? [] : [row.operation_id]);
    return {
      ...transferView(row, standings),
      uniqueNumber: row.unique_number,
      createdBy: null,
      createdAt: null,
      pulledAt: row.pulled_at,
      ...fresh,
    };
  }

  /** Reads it and stores what it says (a `money.changed` from the back office when that differs). */
  async #readNow(serverId: number): Promise<Pick<TransferDetail, 'read' | 'createdBy' | 'createdAt'>> {
    const { transfers, pageReads, now, onChanged } = this.#o;
    try {
      const record = await pageReads.call('GetMoneyTransferDetail', { id: serverId });
      if (transfers.upsertFromServer(transferFromServer(record), now()).changed) {
        onChanged?.({ source: 'sync', records: 0, transfers: 1, at: now() });
      }
      return {
        read: 'read',
        createdBy: record.createusername ?? record.createdby ?? '',
        createdAt: record.createdatetimeString ?? record.createdatetime ?? '',
      };
    } catch (error) {
      if (!isBackofficeFailure(error)) throw error;
      // 'permanent': the back office answered and would not give it (an id it does not know).
      return {
        read: error.kind === 'permanent' ? 'refused' : 'unreachable',
        createdBy: null,
        createdAt: null,
      };
    }
  }
}
