// Brings the catalogue's pulled bundles into the bundles copy. The catalogue's reference pull already
// lists every bundle (GetBundles) and reads the detail of new or changed ones (GetBundleDetail, see
// catalog/sync/reference-pull.ts), within the PC's daily allowance; this adds no request of its own.
// It runs when the store opens and after each reference pull.
import type { Database } from 'better-sqlite3';
import { preparedFor } from '../db/statements.js';
import type { BundleItemCopy, BundleRepository, PulledBundle } from './bundle.repository.js';

interface CatalogueBundleRow {
  readonly id: number;
  readonly sku: string;
  readonly name: string;
  readonly record_json: string;
}

interface CatalogueItemRow {
  readonly bundle_id: number;
  readonly product_id: number | null;
  readonly sku: string;
  readonly name: string;
  readonly quantity: number;
}

function prepareAll(db: Database) {
  return {
    bundles: db.prepare<[], CatalogueBundleRow>(`SELECT id, sku, name, record_json FROM bundles ORDER BY id`),
    items: db.prepare<[], CatalogueItemRow>(
      `SELECT bundle_id, product_id, sku, name, quantity FROM bundle_items ORDER BY bundle_id, position`,
    ),
  };
}

const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

export interface BundleRefreshOptions {
  readonly db: Database;
  readonly bundles: BundleRepository;
  /** Whether a write queued here is still open (its bundle keeps the fields shown here meanwhile). */
  readonly isOpen: (operationId: number) => boolean;
  readonly now: () => number;
  /** After a refresh that changed the copy (the `bundles.changed` event). */
  readonly onChanged?: () => void;
}

/** Takes the catalogue's bundles into the copy; answers how many rows changed. */
export function refreshBundles(options: BundleRefreshOptions): number {
  const statements = preparedFor(options.db, prepareAll);
  const items = new Map<number, BundleItemCopy[]>();
  for (const item of statements.items.all()) {
    const list = items.get(item.bundle_id) ?? [];
    list.push({ productId: item.product_id ?? 0, sku: item.sku, name: item.name, quantity: item.quantity });
    items.set(item.bundle_id, list);
  }
  const listing: PulledBundle[] = statements.bundles.all().map((row) => {
    const record = parseRecord(row.record_json);
    return {
      id: row.id,
      sku: row.sku,
      name: row.name,
      sellprice: text(record['sellprice']),
      sell_vat_status: typeof record['sell_vat_status'] === 'number' ? record['sell_vat_status'] : 0,
      active: record['active'] !== false,
      stock: text(record['stock']),
      availablestock: text(record['availablestock']),
      items: items.get(row.id) ?? (Array.isArray(record['list']) ? [] : null),
    };
  });
  const changed = options.bundles.takeListing(listing, options.isOpen, options.now());
  if (changed > 0) options.onChanged?.();
  return changed;
}

function parseRecord(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
