// Return purchase orders for the page: the list and details from the local copy (works offline), a new
// order queued keyless (AddReturnPurchaseOrder, read back by its number and figures; the number taken
// as it is saved: return-numbers.ts), and the writes on an order (return-actions.ts). Every write is
// queued in the transaction that stores its local change; a Success (at creation or later) also stores
// its stock effect there, so the local view of those products' stock shows the goods gone at once.
// Returns the contract's shapes.
import { hostname } from 'node:os';
import type { Database } from 'better-sqlite3';
import type {
  CallValue,
  ParsedCallArgs,
  ReturnOrderDetail,
  ReturnsChange,
} from '../../src-shared/ipc/index.js';
import type { MovementReturnPurchaseOrderRecord } from '../../src-shared/api/index.js';
import { formatMoney, roundMoney } from '../../src-shared/money/index.js';
import { formatThaiDate, formatThaiDateTime } from '../../src-shared/time/index.js';
import { isBackofficeFailure } from '../backoffice/index.js';
import type { CatalogueRepository } from '../catalog/catalogue.repository.js';
import { computeLines, wireLines, wireMoney } from '../documents/document-lines-figures.js';
import type { DocumentNumbers } from '../documents/document-numbers.js';
import type { OutboxWrites, QueuedWrite, WriteRequest } from '../outbox/index.js';
import type { BackofficeCaller } from '../backoffice/index.js';
import { recordStockEffects } from '../outbox/index.js';
import { Refusal } from '../refusal/refusal.js';
import type { ReturnCopy } from './return-copy.js';
import type { StoredOrder } from './return-order-rows.js';
import { returnNumbers } from './return-numbers.js';
import type { ReturnOrderRepository } from './return-order.repository.js';
import { operationsOf, orderDetail, orderSummary } from './return-views.js';
import type { ReturnsSync } from './returns-sync.js';

export interface ReturnsServiceOptions {
  readonly db: Database;
  readonly writes: OutboxWrites;
  readonly catalogue: CatalogueRepository;
  /** Reads an order again when the page opens it. */
  readonly client: BackofficeCaller;
  readonly sync: ReturnsSync;
  readonly repo: ReturnOrderRepository;
  readonly copy: ReturnCopy;
  /** This PC's name; its short form starts the numbers proposed here. */
  readonly pcName?: string;
  readonly now?: () => number;
  readonly onChanged?: (change: ReturnsChange) => void;
  /** A cached contact by its server id (the contacts service's copy). */
  readonly findContact?: (id: number) => Partial<StoredOrder['supplier']> | undefined;
}

type ReturnMovement = NonNullable<ReturnOrderDetail['movement']>;

/** A movement record as the page shows it. */
function movementView(movement: MovementReturnPurchaseOrderRecord, readAt: number): ReturnMovement {
  return {
    dates: movement.actionDateString ?? [],
    lines: (movement.list ?? []).map((line) => ({
      sku: line.sku ?? '',
      name: line.name ?? '',
      quantity: line.number ?? 0,
      unitText: line.unittext ?? '',
    })),
    readAt,
  };
}

export class ReturnsService {
  readonly #o: ReturnsServiceOptions;
  readonly #now: () => number;
  readonly repo: ReturnOrderRepository;
  readonly copy: ReturnCopy;
  readonly #numbers: DocumentNumbers;

  constructor(options: ReturnsServiceOptions) {
    this.#o = options;
    this.#now = options.now ?? Date.now;
    this.repo = options.repo;
    this.copy = options.copy;
    this.#numbers = returnNumbers(options.repo, options.pcName ?? hostname());
  }

  list(filter: ParsedCallArgs<'returns.list'>): CallValue<'returns.list'> {
    this.copy.refreshOpenViews();
    const keyword = filter.keyword?.trim().toLowerCase() || undefined;
    const query = { ...filter, keyword };
    const rows = this.repo.list(query, filter.limit, filter.offset);
    const writes = new Map(rows.map((row) => [row.id, this.repo.writesOf(row.id)]));
    const standings = this.#o.writes.standings(
      rows.flatMap((row) => operationsOf(row, writes.get(row.id) ?? [])),
    );
    const totals = this.repo.totals(query);
    return {
      total: totals.count,
      offset: filter.offset,
      items: rows.map((row) => orderSummary(row, standings, writes.get(row.id) ?? [])),
      totals,
      coverage: this.#o.sync.coverage(this.#now()),
    };
  }

  detail(id: number): ReturnOrderDetail {
    const row = this.repo.find(id);
    if (!row) throw Refusal.notFound(`There is no return purchase order ${id} on this PC.`);
    this.copy.refreshView(id);
    const all = this.repo.writesOf(id);
    const standings = this.#o.writes.standings(operationsOf(row, all));
    return orderDetail(this.repo.find(id) ?? row, standings, this.copy.onTop(id), all);
  }

  /** The order and its movement read again (2 requests); offline, what the PC holds. */
  async refresh(id: number): Promise<ReturnOrderDetail> {
    this.detail(id);
    this.copy.adoptServerIds();
    const serverId = this.repo.find(id)?.server_id ?? null;
    if (serverId === null) return this.detail(id);
    const startedAt = this.#now();
    const settled = this.copy.settledBefore();
    try {
      const record = await this.#o.client.call('GetReturnPurchaseOrderDetail', { id: serverId });
      const movement =
        record.status === 'Success'
          ? await this.#o.client.call('GetMovementReturnPurchaseOrderDetail', { id: serverId })
          : undefined;
      this.repo.transaction(() => {
        this.copy.land(record, startedAt, '');
        this.copy.settle(settled, startedAt);
        if (movement) {
          this.repo.saveMovement(id, JSON.stringify(movementView(movement, startedAt)));
        }
      });
    } catch (error) {
      // Offline, out of quota or refused: the page shows what the PC holds and when it was read.
      if (!isBackofficeFailure(error)) throw error;
    }
    return this.detail(id);
  }

  /** The order's movements read now (1 request a page); none before its create is sent. */
  async movements(args: ParsedCallArgs<'returns.movements'>): Promise<CallValue<'returns.movements'>> {
    this.detail(args.id);
    this.copy.adoptServerIds();
    const row = this.repo.find(args.id);
    const serverId = row?.server_id ?? null;
    if (row === undefined || serverId === null) return { state: 'notSent', movements: [] };
    const readAt = this.#now();
    const query = { dateafter: row.doc_date, datebefore: formatThaiDate(readAt), limit: 500 };
    const movements: ReturnMovement[] = [];
    try {
      for (let page = 1, seen = 0; ; page += 1) {
        const answer = await this.#o.client.call('GetMovementReturnPurchaseOrders', {
          query: { ...query, page },
        });
        for (const movement of answer.list) {
          if (movement.returnpurchaseorderid !== serverId) continue;
          movements.push(movementView(movement, readAt));
        }
        seen += answer.list.length;
        if (answer.list.length === 0 || seen >= answer.count) break;
      }
    } catch (error) {
      if (!isBackofficeFailure(error)) throw error;
      return { state: 'unreachable', movements: [] };
    }
    return { state: 'read', movements };
  }

  /** The number a return saved now would get, and today; takes nothing (a cancelled form leaves no gap). */
  newNumber(): CallValue<'returns.newNumber'> {
    return { number: this.#numbers.proposal().number, date: formatThaiDate(this.#now()) };
  }

  /**
   * Saves the order here and queues AddReturnPurchaseOrder. Its number is taken in the same
   * transaction, so nothing is taken when anything is refused.
   */
  create(draft: ParsedCallArgs<'returns.create'>): ReturnOrderDetail {
    const warehouseCode = this.requireWarehouse(draft.warehouseCode, 'warehouseCode');
    const figures = computeLines(draft);
    const now = this.#now();
    const date = draft.date ?? formatThaiDate(now);
    const supplier = this.#supplierOf(draft);
    const payment = draft.payment
      ? {
          methodName: this.paymentMethod(draft.payment.methodId, 'payment.methodId'),
          amount: roundMoney(draft.payment.amount),
          paidAt: draft.payment.paidAt ?? formatThaiDateTime(now),
        }
      : null;
    const money = wireMoney(draft, figures);
    const body = {
      ...money,
      ...(money.discount === '' ? { discount: undefined } : {}),
      status: draft.status,
      returnpurchaseorderdate: date,
      warehousecode: warehouseCode,
      ...(supplier.name ? { customername: supplier.name } : {}),
      ...(supplier.phone ? { customerphone: supplier.phone } : {}),
      ...(supplier.code ? { customercode: supplier.code } : {}),
      ...(draft.reference ? { reference: draft.reference } : {}),
      ...(draft.description ? { description: draft.description } : {}),
      ...(payment ? { paymentamount: payment.amount, paymentmethod: payment.methodName } : {}),
      list: wireLines(draft, figures),
    };
    const { document } = figures;
    const stored: Omit<StoredOrder, 'number'> = {
      date,
      warehouseCode,
      status: draft.status,
      supplier,
      vatType: document.vattype,
      discount: money.discount,
      discountAmount: document.discountamount,
      shippingAmount: document.shippingamount,
      amount: document.amount,
      amountPretax: document.amount_pretax,
      vatAmount: document.vatamount,
      reference: draft.reference,
      description: draft.description,
      lines: draft.lines.map((line, index) => ({
        productId: line.productId,
        sku: line.sku,
        name: line.name,
        unitText: line.unitText,
        quantity: line.quantity,
        unitPrice: roundMoney(line.unitPrice),
        discount: line.discount,
        discountAmount: figures.lines[index]?.discountamount ?? 0,
        totalPrice: figures.lines[index]?.totalprice ?? 0,
      })),
      payments: payment ? [payment] : [],
      tags: [],
    };
    const id = this.repo.transaction(() => {
      const number = this.#takeNumber(draft.number);
      const order: StoredOrder = { number, ...stored };
      const describe =
        `Return purchase order ${number} ฿${formatMoney(document.amount)}` +
        (supplier.name ? ` to ${supplier.name}` : '') +
        (draft.status === 'Success' ? `, goods out of ${warehouseCode}` : '') +
        (payment ? `, paid ฿${formatMoney(payment.amount)} by ${payment.methodName}` : '');
      const queued = this.#o.writes.enqueue({
        kind: 'addReturnPurchaseOrder',
        body: { number, ...body },
        describe,
      });
      if (draft.status === 'Success') this.recordGoodsOut(queued.operationId, order, warehouseCode, -1);
      const orderId = this.repo.insert(order, { serverId: null, operationId: queued.operationId }, null, now);
      this.copy.refreshView(orderId);
      return orderId;
    });
    this.changedHere();
    return this.detail(id);
  }

  /** The lines' quantities leave (sign −1) or come back to (+1) the warehouse when the write is applied. */
  recordGoodsOut(operationId: number, order: StoredOrder, warehouseCode: string, sign: -1 | 1): void {
    recordStockEffects(
      this.#o.db,
      operationId,
      order.lines.flatMap((line) =>
        line.productId === null
          ? []
          : [{ warehouseCode, productId: line.productId, delta: sign * line.quantity }],
      ),
    );
  }

  requireWarehouse(code: string, path: string): string {
    const trimmed = code.trim();
    if (!this.#o.catalogue.warehouses().some((warehouse) => warehouse.code === trimmed)) {
      throw Refusal.field(path, 'is not a warehouse of this store (as last synced)');
    }
    return trimmed;
  }

  paymentMethod(id: number, path: string): string {
    const method = this.#o.catalogue.paymentMethods().find((candidate) => candidate.id === id);
    if (!method) throw Refusal.field(path, 'is not a payment method of this store (as last synced)');
    return method.name;
  }

  /** Synchronous: inside the caller's transaction the write and the local change commit together. */
  enqueue(request: WriteRequest): QueuedWrite {
    return this.#o.writes.enqueue(request);
  }

  changedHere(): void {
    this.#o.onChanged?.({ source: 'local', orders: 1, at: this.#now() });
  }

  /**
   * Inside the save's transaction: this PC's next number when the draft leaves it out; a typed one as
   * typed, refused when an order in the copy has it (the create is read back by its number).
   */
  #takeNumber(typed: string | undefined): string {
    if (typed !== undefined && this.repo.numberTaken(typed)) {
      throw Refusal.field(
        'number',
        'is already used by another return on this PC; numbers must be unique to be read back',
      );
    }
    return this.#numbers.take(typed);
  }

  #supplierOf(draft: ParsedCallArgs<'returns.create'>): StoredOrder['supplier'] {
    const given = draft.supplier;
    const empty = {
      code: '',
      name: '',
      idNumber: '',
      phone: '',
      email: '',
      address: '',
      branchName: '',
      branchNo: '',
    };
    if (!given) return empty;
    if (given.contactId !== undefined) {
      const cached = this.#o.findContact?.(given.contactId);
      if (!cached) throw Refusal.field('supplier.contactId', 'is not a cached contact');
      return { ...empty, ...cached };
    }
    return { ...empty, name: given.name.trim(), phone: given.phone.trim() };
  }
}
