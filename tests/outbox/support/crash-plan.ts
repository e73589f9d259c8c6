// What the crash children write to, shared by the child, the crash test and the soak script.
import { dirname, join } from 'node:path';
import { seededFloats } from '../../../src-shared/random.js';
export const CRASH_WAREHOUSE = 'W0001';
export const CRASH_PRODUCTS: readonly number[] = [1, 2, 3, 4, 5, 6];
export const CRASH_PAYMENT_METHOD = 'เงินสด';
/** The demo seed's first purchase order, which children attach files to by number. */
export const CRASH_PURCHASE_ORDER = 'PO-0001';

/** Where a child keeps the files it uploads: the store's files folder beside the database. */
export function crashUploadFolder(databaseFile: string): string {
  return join(dirname(databaseFile), 'store.files', 'attached');
}

/** Deterministic [0, 1) numbers: the app's one seeded generator. */
export const seededRandom = (seed: number): (() => number) => seededFloats(seed);
