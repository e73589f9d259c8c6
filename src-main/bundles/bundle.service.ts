// Bundles as the page asks for them (bundles.*): the local copy (bundle.repository.ts) with the state of
// the newest write made here, and writes queued through the outbox in the transaction that changes the
// local row, so a bundle made offline shows at once and its later edits wait for its create.
import type { Database } from 'better-sqlite3';
import type { CallValue, ParsedCallArgs } from '../../src-shared/ipc/index.js';
import type { BundleDetail } from '../../src-shared/ipc/schemas/bundles.js';
import { MIN_BUNDLE_SKU_LENGTH } from '../../src-shared/ipc/schemas/bundles.js';
import { BUNDLE_VAT_STATUSES } from '../../src-shared/domain/vocabulary.js';
import type { IpcIssue } from '../../src-shared/ipc/result.js';
import type { CatalogueLookup } from '../catalog/catalogue-lookup.js';
import {
  enqueueWrite,
  operationStates,
  sendStateOf,
  type WriteOperationState,
  type WriteRequest,
  type WriteTarget,
} from '../outbox/index.js';
import { Refusal } from '../refusal/refusal.js';
import type { BundleItemCopy, BundleRepository, BundleRow } from './bundle.repository.js';

export interface BundleServiceOptions {
  readonly db: Database;
  readonly bundles: BundleRepository;
  readonly lookup: Pick<CatalogueLookup, 'findById' | 'findBySku'>;
  readonly now: () => number;
  /** After a write saved here (the `bundles.changed` event). */
  readonly onChanged?: () => void;
}

const priceText = (baht: number) => baht.toFixed(2);

function refuse(issues: readonly IpcIssue[]): never {
  const first = issues[0];
  throw new Refusal('invalid-arguments', first?.message ?? 'The bundle is not valid.', { issues });
}

export class BundleService {
  readonly #options: BundleServiceOptions;

  constructor(options: BundleServiceOptions) {
    this.#options = options;
  }

  list(filter: ParsedCallArgs<'bundles.list'>): CallValue<'bundles.list'> {
    const page = this.#options.bundles.page(filter.text, filter.offset, filter.limit);
    const standings = this.#standings(page.rows);
    return { rows: page.rows.map((row) => this.#detail(row, standings)), total: page.total, all: page.all };
  }

  detail(bundleId: number): CallValue<'bundles.detail'> {
    const row = this.#row(bundleId);
    return this.#detail(row, this.#standings([row]));
  }

  create(draft: ParsedCallArgs<'bundles.create'>): CallValue<'bundles.create'> {
    const { db, bundles, lookup, now } = this.#options;
    const sku = draft.sku.trim();
    const issues: IpcIssue[] = [];
    if (sku.length < MIN_BUNDLE_SKU_LENGTH) {
      issues.push({ path: 'sku', message: `The sku needs at least ${MIN_BUNDLE_SKU_LENGTH} characters.` });
    } else if (bundles.skuTaken(sku) || lookup.findBySku(sku) !== undefined) {
      issues.push({ path: 'sku', message: `The sku ${sku} is already used by a product or a bundle.` });
    }
    const seen = new Set<number>();
    const items: BundleItemCopy[] = [];
    draft.items.forEach((item, index) => {
      const product = lookup.findById(item.productId);
      if (product === undefined) {
        issues.push({
          path: `items.${index}.productId`,
          message: `No product ${item.productId} in the catalogue.`,
        });
      } else if (seen.has(item.productId)) {
        issues.push({ path: `items.${index}.productId`, message: `${product.sku} is in the bundle twice.` });
      } else
        items.push({ productId: product.id, sku: product.sku, name: product.name, quantity: item.quantity });
      seen.add(item.productId);
    });
    if (issues.length > 0) refuse(issues);
    const body = {
      name: draft.name,
      sku,
      sellprice: priceText(draft.sellprice),
      list: items.map((item) => ({ id: item.productId, quantity: item.quantity })),
      ...(draft.sellVatStatus === null ? {} : { sell_vat_status: draft.sellVatStatus }),
    };
    const id = db.transaction(() => {
      const { operationId } = enqueueWrite(db, { kind: 'addBundle', body });
      return bundles.insertLocal(
        {
          sku,
          name: draft.name,
          sellprice: body.sellprice,
          sellVatStatus: draft.sellVatStatus ?? 0,
          active: true,
          items,
          operationId,
        },
        now(),
      );
    })();
    this.#options.onChanged?.();
    return this.detail(id);
  }

  update(changes: ParsedCallArgs<'bundles.update'>): CallValue<'bundles.update'> {
    const row = this.#row(changes.bundleId);
    const body = {
      ...(changes.name === undefined ? {} : { name: changes.name }),
      ...(changes.sellprice === undefined ? {} : { sellprice: priceText(changes.sellprice) }),
      ...(changes.sellVatStatus === undefined ? {} : { sell_vat_status: changes.sellVatStatus }),
    };
    if (Object.keys(body).length === 0) {
      throw new Refusal('invalid-arguments', 'Nothing to change: give a name, a sell price or a VAT status.');
    }
    return this.#write(
      row,
      { kind: 'updateBundle', target: this.#target(row), args: { body } },
      {
        name: body.name ?? row.name,
        sellprice: body.sellprice ?? row.sellprice,
        sellVatStatus: body.sell_vat_status ?? row.sell_vat_status,
        active: row.active === 1,
      },
    );
  }

  activate(bundleId: number): CallValue<'bundles.activate'> {
    const row = this.#row(bundleId);
    return this.#write(
      row,
      { kind: 'activateBundle', target: this.#target(row), args: {} },
      {
        name: row.name,
        sellprice: row.sellprice,
        sellVatStatus: row.sell_vat_status,
        active: true,
      },
    );
  }

  remove(bundleId: number): CallValue<'bundles.delete'> {
    const { db, bundles } = this.#options;
    const row = this.#row(bundleId);
    const operationId = db.transaction(() => {
      const queued = enqueueWrite(db, { kind: 'deleteBundle', target: this.#target(row), args: {} });
      bundles.markDeleted(row.id, queued.operationId);
      return queued.operationId;
    })();
    this.#options.onChanged?.();
    return { operationId };
  }

  #write(
    row: BundleRow,
    request: WriteRequest,
    fields: { name: string; sellprice: string; sellVatStatus: number; active: boolean },
  ): BundleDetail {
    const { db, bundles } = this.#options;
    db.transaction(() => {
      const { operationId } = enqueueWrite(db, request);
      bundles.updateLocal(row.id, { ...fields, sku: row.sku }, operationId);
    })();
    this.#options.onChanged?.();
    return this.detail(row.id);
  }

  /** A bundle the back office has by its id; one made here by its create (its writes wait for it). */
  #target(row: BundleRow): WriteTarget {
    if (row.operation_id !== null) return { afterOperation: row.operation_id };
    if (row.server_id !== null) return { serverId: row.server_id };
    throw new Refusal('conflict', `Bundle ${row.sku} has no id on the back office yet.`);
  }

  #row(bundleId: number): BundleRow {
    const row = this.#options.bundles.byId(bundleId);
    if (row === undefined || row.deleted === 1) throw Refusal.notFound(`No bundle ${bundleId} on this PC.`);
    return row;
  }

  #standings(rows: readonly BundleRow[]): ReadonlyMap<number, WriteOperationState> {
    const ids = rows.flatMap((row) => [row.operation_id, row.last_operation_id]).filter((id) => id !== null);
    if (ids.length === 0) return new Map();
    return new Map(
      operationStates(this.#options.db, [...new Set(ids)]).map((state) => [state.operationId, state]),
    );
  }

  #detail(row: BundleRow, standings: ReadonlyMap<number, WriteOperationState>): BundleDetail {
    const create = row.operation_id === null ? undefined : standings.get(row.operation_id);
    // A bundle made here learns its server id from its done create.
    const serverId = row.server_id ?? create?.serverId ?? null;
    if (row.server_id === null && serverId !== null) this.#options.bundles.learnServerId(row.id, serverId);
    const latest = row.last_operation_id === null ? undefined : standings.get(row.last_operation_id);
    return {
      id: row.id,
      serverId,
      sku: row.sku,
      name: row.name,
      sellprice: Number(row.sellprice) || 0,
      sellVatStatus: BUNDLE_VAT_STATUSES.find((status) => status === row.sell_vat_status) ?? 0,
      active: row.active === 1,
      stock: row.stock,
      availablestock: row.availablestock,
      sendState: sendStateOf(latest),
      problem: latest?.mark === 'needsAttention' ? latest.reasonText : null,
      items: row.items_json === null ? null : (JSON.parse(row.items_json) as BundleItemCopy[]),
    };
  }
}
