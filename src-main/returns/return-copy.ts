// Keeps the local copy's rows right: a pulled (or re-read) order lands on the row it belongs to — the
// one with its server id, or the row made here whose create learnt that id, or (a create done without
// an id known here) the row made here with the same number, amount and date — and the writes made here
// stop counting on top once a read made after they were applied carries them.
import type { ReturnPurchaseOrderRecord } from '../../src-shared/api/records.js';
import { toSatang } from '../../src-shared/money/index.js';
import type { OutboxWrites } from '../outbox/index.js';
import { carriedWrites, settledWrites, type SettledWrite } from '../windowed-copy/local-writes.js';
import {
  orderFromServer,
  orderView,
  storedOrder,
  type OrderRow,
  type StoredOrder,
} from './return-order-rows.js';
import type { ReturnOrderRepository } from './return-order.repository.js';

const FINAL_STATUSES: ReadonlySet<string> = new Set(['Success', 'Voided']);

export type Landing = 'added' | 'changed' | 'unchanged' | 'skipped';

export class ReturnCopy {
  readonly #repo: ReturnOrderRepository;
  readonly #writes: OutboxWrites;

  constructor(repo: ReturnOrderRepository, writes: OutboxWrites) {
    this.#repo = repo;
    this.#writes = writes;
  }

  get writes(): OutboxWrites {
    return this.#writes;
  }

  /** Rows made here whose create is done take the server id it learnt (before a pull, so it lands there). */
  adoptServerIds(): void {
    const rows = this.#repo.unmatched();
    const standings = this.#writes.standings(
      rows.flatMap((row) => (row.operation_id === null ? [] : [row.operation_id])),
    );
    this.#repo.transaction(() => {
      for (const row of rows) {
        const serverId =
          row.operation_id === null ? null : (standings.get(row.operation_id)?.serverId ?? null);
        if (serverId !== null && !this.#repo.findByServerId(serverId))
          this.#repo.setServerId(row.id, serverId);
      }
    });
  }

  /**
   * Writes whose operation was done (or discarded) when a read started: an order read from then on
   * carries them (the back office applied them before the read).
   */
  settledBefore(): Map<number, SettledWrite> {
    const open = this.#repo.openWrites();
    return settledWrites(
      this.#writes,
      open.map((write) => ({ id: write.id, rowId: write.order_id, operationId: write.operation_id })),
    );
  }

  /** Call inside a transaction, after the reads that started at `readStart`. */
  settle(settled: ReadonlyMap<number, SettledWrite>, readStart: number): void {
    const touched = new Set<number>();
    const discarded = this.#discardedWrites();
    const pulledAt = (orderId: number) => this.#repo.find(orderId)?.pulled_at ?? null;
    // A write discarded while the read ran stops counting too.
    for (const [writeId, orderId] of carriedWrites(settled, pulledAt, readStart, (id) => discarded.has(id))) {
      this.#repo.markInServerCopy(writeId);
      touched.add(orderId);
    }
    for (const orderId of touched) this.refreshView(orderId);
  }

  #discardedWrites(): Set<number> {
    const open = this.#repo.openWrites();
    const standings = this.#writes.standings(open.map((write) => write.operation_id));
    return new Set(
      open.filter((write) => standings.get(write.operation_id)?.state === 'discarded').map((w) => w.id),
    );
  }

  /**
   * Stores a record read from the back office. `wanted` says whether an order not held yet belongs in
   * the copy (in the window, or not final); one held already is always updated.
   */
  land(record: ReturnPurchaseOrderRecord, pulledAt: number, windowStart: string): Landing {
    const order = orderFromServer(record);
    const held = this.#repo.findByServerId(record.id) ?? this.#matchMadeHere(record.id, order);
    if (!held) {
      if (order.date < windowStart && FINAL_STATUSES.has(order.status)) return 'skipped';
      const id = this.#repo.insert(order, { serverId: record.id, operationId: null }, pulledAt, pulledAt);
      this.refreshView(id);
      return 'added';
    }
    const same = held.server_id === record.id && held.record_json === JSON.stringify(order);
    this.#repo.replaceFromServer(held.id, record.id, order, pulledAt);
    if (!same) this.refreshView(held.id);
    return same ? 'unchanged' : 'changed';
  }

  /** The row made here for this server record: by the id its create learnt, else by its figures. */
  #matchMadeHere(serverId: number, order: StoredOrder): OrderRow | undefined {
    const rows = this.#repo.unmatched();
    const standings = this.#writes.standings(
      rows.flatMap((row) => (row.operation_id === null ? [] : [row.operation_id])),
    );
    const byId = rows.find(
      (row) => row.operation_id !== null && standings.get(row.operation_id)?.serverId === serverId,
    );
    if (byId) return byId;
    return rows.find((row) => {
      const standing = row.operation_id === null ? undefined : standings.get(row.operation_id);
      if (standing?.state !== 'done' || standing.serverId !== null) return false;
      const sent = storedOrder(row);
      return (
        sent.number === order.number &&
        sent.date === order.date &&
        toSatang(sent.amount) === toSatang(order.amount)
      );
    });
  }

  /** Recomputes a row's status, paid figure and payment status from its record and the writes on top. */
  refreshView(orderId: number): void {
    const row = this.#repo.find(orderId);
    if (!row) return;
    this.#repo.saveView(orderId, orderView(storedOrder(row), this.onTop(orderId)));
  }

  /** The writes made here still shown on top of the order (not in its server copy, not discarded). */
  onTop(orderId: number) {
    const writes = this.#repo.writesOf(orderId).filter((write) => write.in_server_copy === 0);
    const standings = this.#writes.standings(writes.map((write) => write.operation_id));
    return writes.filter((write) => standings.get(write.operation_id)?.state !== 'discarded');
  }

  /** Orders with writes on top: their view again (a write discarded in the Outbox stops counting). */
  refreshOpenViews(): void {
    const orders = new Set(this.#repo.openWrites().map((write) => write.order_id));
    if (orders.size === 0) return;
    this.#repo.transaction(() => {
      for (const orderId of orders) this.refreshView(orderId);
    });
  }
}
