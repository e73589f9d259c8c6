// The bundles copy (migration 0010 `bundle_copy`): the catalogue's pulled bundles and the ones made on this
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
  /** null: the pull has not read the bundle's detail yet. */
  readonly items: readonly BundleItemCopy[] | null;
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
    byId: db.prepare<[number], BundleRow>(`SELECT * FROM bundle_copy WHERE id = ?`),
    byServerId: db.prepare<[number], BundleRow>(`SELECT * FROM bundle_copy WHERE server_id = ?`),
    unmatchedBySku: db.prepare<[string], BundleRow>(
      `SELECT * FROM bundle_copy WHERE sku = ? AND server_id IS NULL ORDER BY id LIMIT 1`,
    ),
    skuTaken: db.prepare<[string], { id: number }>(
      `SELECT id FROM bundle_copy WHERE sku = ? AND deleted = 0 LIMIT 1`,
    ),
    page: db.prepare<{ pattern: string | null; limit: number; offset: number }, BundleRow>(
      `SELECT * FROM bundle_copy WHERE ${visible} ORDER BY created_at DESC, id DESC LIMIT @limit OFFSET @offset`,
    ),
    count: db.prepare<{ pattern: string | null }, { n: number }>(
      `SELECT count(*) AS n FROM bundle_copy WHERE ${visible}`,
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
      `INSERT INTO bundle_copy (server_id, operation_id, last_operation_id, sku, name, sellprice, sell_vat_status, active,
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
      items: string | null;
      pulledAt: number;
      keepFields: number;
    }>(
      `UPDATE bundle_copy SET server_id = @serverId, stock = @stock, availablestock = @available, pulled_at = @pulledAt,
              items_json = coalesce(@items, items_json),
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
      `UPDATE bundle_copy SET name = @name, sellprice = @sellprice, sell_vat_status = @vat, active = @active,
              search_text = @search, last_operation_id = @operationId WHERE id = @id`,
    ),
    markDeleted: db.prepare<{ id: number; operationId: number }>(
      `UPDATE bundle_copy SET deleted = 1, last_operation_id = @operationId WHERE id = @id`,
    ),
    setServerId: db.prepare<[number, number]>(
      `UPDATE bundle_copy SET server_id = ? WHERE id = ? AND server_id IS NULL`,
    ),
    pulledServerIds: db.prepare<[], { id: number; server_id: number; last_operation_id: number | null }>(
      `SELECT id, server_id, last_operation_id FROM bundle_copy WHERE server_id IS NOT NULL`,
    ),
    drop: db.prepare<[number]>(`DELETE FROM bundle_copy WHERE id = ?`),
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

  /**
   * Takes the catalogue's bundles (every one the last pull listed): new ones are added, known ones updated (their
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
          items: bundle.items === null ? null : JSON.stringify(bundle.items),
        };
        if (row === undefined) {
          s.insert.run({ ...fields, operationId: null, pulledAt: now, now });
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
    (bundle.items === null || row.items_json === JSON.stringify(bundle.items)) &&
    row.deleted === 0
  );
}
