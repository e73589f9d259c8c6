// For the demo-data seeder: v4 has ActiveBundle but no way to disable a bundle, so a demo store's
// inactive bundles are made with this.
import type { Database } from 'better-sqlite3';
import { setBundleActiveRow } from './bundle.repository.js';

/** Sets a bundle's active flag (updated_at moves to `at` when it changes). */
export function setBundleActive(
  db: Database,
  storeId: number,
  bundleId: number,
  active: boolean,
  at: number,
): void {
  setBundleActiveRow(db, storeId, bundleId, active, at);
}
