// What the crash children write to, shared by the child, the crash test and the soak script.
import { dirname, join } from 'node:path';
import { seededFloats } from '../../../src-shared/random.js';
export const CRASH_WAREHOUSE = 'W0001';
/** Where transfers take stock from CRASH_WAREHOUSE to (both are topped up before the run). */
export const CRASH_TRANSFER_TO = 'W0002';
export const CRASH_WAREHOUSES: readonly string[] = [CRASH_WAREHOUSE, CRASH_TRANSFER_TO];
/** Each crash product's stock in both warehouses before a run: transfers never run out. */
export const CRASH_TOP_UP = 1_000;
export const CRASH_PRODUCTS: readonly number[] = [1, 2, 3, 4, 5, 6];
/** Products only counted and undone (crash-counts.ts), in CRASH_WAREHOUSE. */
export const CRASH_COUNT_PRODUCTS: readonly number[] = [7, 8, 9, 10, 11, 12, 13, 14, 15, 16];
export const CRASH_PAYMENT_METHOD = 'เงินสด';
/** The demo seed's first purchase order, which children attach files to by number. */
export const CRASH_PURCHASE_ORDER = 'PO-0001';

/** Where a child keeps the files it uploads: the store's files folder beside the database. */
export function crashUploadFolder(databaseFile: string): string {
  return join(dirname(databaseFile), 'store.files', 'attached');
}

/** Deterministic [0, 1) numbers: the app's one seeded generator. */
export const seededRandom = (seed: number): (() => number) => seededFloats(seed);
