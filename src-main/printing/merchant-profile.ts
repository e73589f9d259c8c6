// The store's own name, address and tax id as last pulled with the reference data (GetMerchantProfile,
// src-main/catalog/sync/reference-pull.ts): what every printed document's header says, offline too.
import type { Database } from 'better-sqlite3';
import type { PrintSeller } from '../../src-shared/printing/index.js';
import { preparedFor } from '../db/statements.js';

function prepare(db: Database) {
  return {
    profile: db.prepare<[], PrintSeller>(
      `SELECT name, address, taxid AS taxId, phone, email FROM merchant_profile WHERE singleton = 1`,
    ),
  };
}

/** Before the first reference pull: blank (the header then names the store profile). */
const UNKNOWN_SELLER: PrintSeller = { name: '', address: '', taxId: '', phone: '', email: '' };

export class MerchantProfileReader {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /** The cached merchant profile; `fallbackName` (the store profile's name) when none is cached yet. */
  seller(fallbackName: string): PrintSeller {
    const cached = preparedFor(this.#db, prepare).profile.get() ?? UNKNOWN_SELLER;
    return cached.name.trim() === '' ? { ...cached, name: fallbackName } : cached;
  }
}
