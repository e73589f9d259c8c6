// The bundles copy (migration 0010): rows pulled from GetBundles / GetBundleDetail and rows made on this
// PC, one row per bundle whatever its origin (a bundle made here is matched to its pulled copy by its
// server id, or by its sku before that is known).
import type { Database } from 'better-sqlite3';
import { preparedFor } from '../db/statements.js';

export interface BundleItemCopy {
  readonly productId: number;
  readonly sku: string;
  readonly name: string;
  readonly quantity: number;
}

export interface BundleRow {
  readonly id: number;
  readonly server_id: number | null;
  readonly operation_id: number | null;
  readonly last_operation_id: number | null;
  readonly sku: string;
  readonly name: string;
  readonly sellprice: string;
  readonly sell_vat_status: number;
  readonly active: number;
  readonly stock: string;
  readonly availablestock: string;
  readonly items_json: string | null;
  readonly deleted: number;
  readonly created_at: number;
}

/** A bundle as GetBundles lists it (the fields the copy keeps). */
export interface PulledBundle {
  readonly id: number;
  readonly sku: string;
  readonly name: string;
  readonly sellprice: string;
  readonly sell_vat_status: number;
  readonly active: boolean;
  readonly stock: string;
  readonly availablestock: string;
}

export interface BundleFields {
  readonly name: string;
  readonly sellprice: string;
  readonly sellVatStatus: number;
  readonly active: boolean;
}

const searchText = (name: string, sku: string) => `${name}\n${sku}`.toLowerCase();
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

function prepareAll(db: Database) {
  const visible = `deleted = 0 AND (@pattern IS NULL OR search_text LIKE @pattern ESCAPE '\\')`;
  return {
    byId: db.prepare<[number], BundleRow>(`SELECT * FROM bundles WHERE id = ?`),
    byServerId: db.prepare<[number], BundleRow>(`SELECT * FROM bundles WHERE server_id = ?`),
    unmatchedBySku: db.prepare<[string], BundleRow>(
      `SELECT * FROM bundles WHERE sku = ? AND server_id IS NULL ORDER BY id LIMIT 1`,
    ),
    skuTaken: db.prepare<[string], { id: number }>(
      `SELECT id FROM bundles WHERE sku = ? AND deleted = 0 LIMIT 1`,
    ),
    page: db.prepare<{ pattern: string | null; limit: number; offset: number }, BundleRow>(
      `SELECT * FROM bundles WHERE ${visible} ORDER BY created_at DESC, id DESC LIMIT @limit OFFSET @offset`,
    ),
    count: db.prepare<{ pattern: string | null }, { n: number }>(
      `SELECT count(*) AS n FROM bundles WHERE ${visible}`,
    ),
    insert: db.prepare<{
      serverId: number | null;
      operationId: number | null;
      sku: string;
      name: string;
      sellprice: string;
      vat: number;
      active: number;
      stock: string;
      available: string;
      items: string | null;
      search: string;
      pulledAt: number | null;
      now: number;
    }>(
      `INSERT INTO bundles (server_id, operation_id, last_operation_id, sku, name, sellprice, sell_vat_status, active,
                            stock, availablestock, items_json, search_text, pulled_at, created_at)
       VALUES (@serverId, @operationId, @operationId, @sku, @name, @sellprice, @vat, @active, @stock, @available,
               @items, @search, @pulledAt, @now)`,
    ),
    pulled: db.prepare<{
      id: number;
      serverId: number;
      sku: string;
      name: string;
      sellprice: string;
      vat: number;
      active: number;
      stock: string;
      available: string;
      search: string;
      pulledAt: number;
      keepFields: number;
    }>(
      `UPDATE bundles SET server_id = @serverId, stock = @stock, availablestock = @available, pulled_at = @pulledAt,
              sku = CASE WHEN @keepFields = 1 THEN sku ELSE @sku END,
              name = CASE WHEN @keepFields = 1 THEN name ELSE @name END,
              sellprice = CASE WHEN @keepFields = 1 THEN sellprice ELSE @sellprice END,
              sell_vat_status = CASE WHEN @keepFields = 1 THEN sell_vat_status ELSE @vat END,
              active = CASE WHEN @keepFields = 1 THEN active ELSE @active END,
              search_text = CASE WHEN @keepFields = 1 THEN search_text ELSE @search END
        WHERE id = @id`,
    ),
    local: db.prepare<{
      id: number;
      name: string;
      sellprice: string;
      vat: number;
      active: number;
      search: string;
      operationId: number;
    }>(
      `UPDATE bundles SET name = @name, sellprice = @sellprice, sell_vat_status = @vat, active = @active,
              search_text = @search, last_operation_id = @operationId WHERE id = @id`,
    ),
    markDeleted: db.prepare<{ id: number; operationId: number }>(
      `UPDATE bundles SET deleted = 1, last_operation_id = @operationId WHERE id = @id`,
    ),
    setServerId: db.prepare<[number, number]>(
      `UPDATE bundles SET server_id = ? WHERE id = ? AND server_id IS NULL`,
    ),
    setItems: db.prepare<[string, number]>(`UPDATE bundles SET items_json = ? WHERE id = ?`),
    withoutItems: db.prepare<[number], BundleRow>(
      `SELECT * FROM bundles WHERE server_id IS NOT NULL AND items_json IS NULL AND deleted = 0 ORDER BY id LIMIT ?`,
    ),
    pulledServerIds: db.prepare<[], { id: number; server_id: number; last_operation_id: number | null }>(
      `SELECT id, server_id, last_operation_id FROM bundles WHERE server_id IS NOT NULL`,
    ),
    drop: db.prepare<[number]>(`DELETE FROM bundles WHERE id = ?`),
    marker: db.prepare<[], { last_started_at: number; last_finished_at: number; last_requests: number }>(
      `SELECT last_started_at, last_finished_at, last_requests FROM bundle_sync_marker WHERE job = 'list'`,
    ),
    setMarker: db.prepare<{ startedAt: number; finishedAt: number; requests: number }>(
      `INSERT INTO bundle_sync_marker (job, last_started_at, last_finished_at, last_requests)
       VALUES ('list', @startedAt, @finishedAt, @requests)
       ON CONFLICT (job) DO UPDATE SET last_started_at = excluded.last_started_at,
         last_finished_at = excluded.last_finished_at, last_requests = excluded.last_requests`,
    ),
  };
}

export class BundleRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  get #s() {
    return preparedFor(this.#db, prepareAll);
  }

  byId(id: number): BundleRow | undefined {
    return this.#s.byId.get(id);
  }

  /** Whether a bundle (not deleted) has this sku. */
  skuTaken(sku: string): boolean {
    return this.#s.skuTaken.get(sku) !== undefined;
  }

  page(text: string, offset: number, limit: number): { rows: BundleRow[]; total: number; all: number } {
    const trimmed = text.trim().toLowerCase();
    const pattern = trimmed === '' ? null : `%${escapeLike(trimmed)}%`;
    return {
      rows: this.#s.page.all({ pattern, limit, offset }),
      total: this.#s.count.get({ pattern })?.n ?? 0,
      all: this.#s.count.get({ pattern: null })?.n ?? 0,
    };
  }

  /** A bundle made on this PC, before the back office has it. */
  insertLocal(
    bundle: BundleFields & { sku: string; items: readonly BundleItemCopy[]; operationId: number },
    now: number,
  ): number {
    return Number(
      this.#s.insert.run({
        serverId: null,
        operationId: bundle.operationId,
        sku: bundle.sku,
        name: bundle.name,
        sellprice: bundle.sellprice,
        vat: bundle.sellVatStatus,
        active: bundle.active ? 1 : 0,
        stock: '',
        available: '',
        items: JSON.stringify(bundle.items),
        search: searchText(bundle.name, bundle.sku),
        pulledAt: null,
        now,
      }).lastInsertRowid,
    );
  }

  /** A change made here: shown at once; `operationId` is the write that sends it. */
  updateLocal(id: number, fields: BundleFields & { sku: string }, operationId: number): void {
    this.#s.local.run({
      id,
      name: fields.name,
      sellprice: fields.sellprice,
      vat: fields.sellVatStatus,
      active: fields.active ? 1 : 0,
      search: searchText(fields.name, fields.sku),
      operationId,
    });
  }

  markDeleted(id: number, operationId: number): void {
    this.#s.markDeleted.run({ id, operationId });
  }

  learnServerId(id: number, serverId: number): void {
    this.#s.setServerId.run(serverId, id);
  }

  setItems(id: number, items: readonly BundleItemCopy[]): void {
    this.#s.setItems.run(JSON.stringify(items), id);
  }

  /** When the last listing run started and ended, and its requests; undefined before the first. */
  lastListing(): { startedAt: number; finishedAt: number; requests: number } | undefined {
    const row = this.#s.marker.get();
    return (
      row && { startedAt: row.last_started_at, finishedAt: row.last_finished_at, requests: row.last_requests }
    );
  }

  markListing(marker: { startedAt: number; finishedAt: number; requests: number }): void {
    this.#s.setMarker.run(marker);
  }

  withoutItems(limit: number): BundleRow[] {
    return this.#s.withoutItems.all(limit);
  }

  /**
   * Takes a full listing of the back office's bundles: new ones are added, known ones updated (their
   * fields kept while a write made here is still open: `isOpen`), a bundle made here is matched by its
   * sku, and pulled bundles the listing no longer has are forgotten (unless a write on them is open).
   * Answers how many rows changed.
   */
  takeListing(
    listing: readonly PulledBundle[],
    isOpen: (operationId: number) => boolean,
    now: number,
  ): number {
    const s = this.#s;
    return this.#db.transaction(() => {
      let changed = 0;
      const seen = new Set<number>();
      for (const bundle of listing) {
        seen.add(bundle.id);
        const row = s.byServerId.get(bundle.id) ?? s.unmatchedBySku.get(bundle.sku);
        const fields = {
          serverId: bundle.id,
          sku: bundle.sku,
          name: bundle.name,
          sellprice: bundle.sellprice,
          vat: bundle.sell_vat_status,
          active: bundle.active ? 1 : 0,
          stock: bundle.stock,
          available: bundle.availablestock,
          search: searchText(bundle.name, bundle.sku),
        };
        if (row === undefined) {
          s.insert.run({ ...fields, operationId: null, items: null, pulledAt: now, now });
          changed += 1;
          continue;
        }
        const keep = row.last_operation_id !== null && isOpen(row.last_operation_id);
        if (!keep && !sameAsPulled(row, bundle)) changed += 1;
        s.pulled.run({ ...fields, id: row.id, pulledAt: now, keepFields: keep ? 1 : 0 });
      }
      for (const row of s.pulledServerIds.all()) {
        if (seen.has(row.server_id)) continue;
        if (row.last_operation_id !== null && isOpen(row.last_operation_id)) continue;
        s.drop.run(row.id);
        changed += 1;
      }
      return changed;
    })();
  }
}

function sameAsPulled(row: BundleRow, bundle: PulledBundle): boolean {
  return (
    row.name === bundle.name &&
    row.sellprice === bundle.sellprice &&
    row.sell_vat_status === bundle.sell_vat_status &&
    (row.active === 1) === bundle.active &&
    row.stock === bundle.stock &&
    row.availablestock === bundle.availablestock &&
    row.deleted === 0
  );
}
