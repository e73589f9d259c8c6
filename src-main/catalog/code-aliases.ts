// Codes this store's PCs know for a product besides its barcode (issue 13, fix 1). v4 holds ONE barcode
// per product: giving a product a second code as its barcode replaces the real one for the whole store.
// An alias is the safe choice: kept in this PC's database (migration 0006), found by scans after the
// barcodes and before the sku, never sent to the back office, and carried to the store's other PCs as a
// small JSON file. A pack is an alias whose one scan counts N units (a carton's GTIN-14).
//
// The file names products by their server id (one store: the same ids on every PC) and carries the sku
// only for people reading it. Importing is idempotent: an alias already known exactly so is unchanged;
// the PC's own alias of another product wins over the file's.
import { z } from 'zod';
import type { CallValue } from '../../src-shared/ipc/index.js';
import { MAX_PACK_UNITS, type CodeAlias } from '../../src-shared/ipc/schemas/catalogue.js';
import type { AliasImportSkip } from '../../src-shared/domain/vocabulary.js';
import { barcodeKey, hasShelfPrefix, normaliseScannedCode } from '../../src-shared/barcode/index.js';
import { Refusal } from '../refusal/refusal.js';
import type { CatalogueLookup } from './catalogue-lookup.js';
import { CodeAliasRepository, type CodeAliasRow } from './code-aliases.repository.js';
import type { Database } from '../db/database.js';
import { parseUntrusted } from '../../src-shared/parse-untrusted.js';

export const ALIAS_FILE_FORMAT = 'stockroom-code-aliases';
const ALIAS_FILE_VERSION = 1;
const MAX_CODE_LENGTH = 64;

const aliasFileSchema = z.object({
  format: z.literal(ALIAS_FILE_FORMAT),
  version: z.literal(ALIAS_FILE_VERSION),
  aliases: z
    .array(
      z.object({
        code: z.string().min(1).max(200),
        productId: z.int().positive(),
        sku: z.string().optional(),
        units: z.int().min(1).max(MAX_PACK_UNITS).default(1),
      }),
    )
    .max(100_000),
});

export interface CodeAliasesOptions {
  readonly db: Database;
  readonly lookup: CatalogueLookup;
  readonly now: () => number;
}

function toAlias(row: CodeAliasRow): CodeAlias {
  return {
    code: row.code,
    productId: row.product_id,
    sku: row.sku,
    name: row.name,
    units: row.units,
    createdAt: row.created_at,
  };
}

/** A code that may be kept, with the alias this PC already keeps under it (the same product's). */
type Check =
  | { ok: true; key: string; code: string; existing: CodeAliasRow | undefined }
  | { ok: false; reason: AliasImportSkip; text: string };

export class CodeAliases {
  readonly #db: Database;
  readonly #lookup: CatalogueLookup;
  readonly #repository: CodeAliasRepository;
  readonly #now: () => number;

  constructor(options: CodeAliasesOptions) {
    this.#db = options.db;
    this.#lookup = options.lookup;
    this.#repository = new CodeAliasRepository(options.db);
    this.#now = options.now;
  }

  list(productId?: number): CodeAlias[] {
    const rows = productId === undefined ? this.#repository.all() : this.#repository.ofProduct(productId);
    return rows.map(toAlias);
  }

  /** Keeps the code for the product (units 1: an alias; N: a pack); again for the same product: new units. */
  add(productId: number, rawCode: string, units = 1): CodeAlias {
    if (!Number.isSafeInteger(units) || units < 1 || units > MAX_PACK_UNITS) {
      throw new Refusal(
        'invalid-arguments',
        `A pack counts 1 to ${MAX_PACK_UNITS} whole units (got ${units})`,
      );
    }
    return this.#db
      .transaction(() => {
        if (this.#lookup.findById(productId) === undefined) {
          throw Refusal.notFound(`No product ${productId} in the local catalogue.`);
        }
        const checked = this.#check(productId, rawCode);
        if (!checked.ok) {
          throw checked.reason === 'unknown-product'
            ? Refusal.notFound(checked.text, checked.reason)
            : Refusal.conflict(checked.text, checked.reason);
        }
        this.#repository.upsert({ key: checked.key, code: checked.code, productId, units, at: this.#now() });
        const row = this.#repository.byKey(checked.key);
        if (row === undefined) throw new Error(`The alias ${checked.code} was not written`);
        return toAlias(row);
      })
      .immediate();
  }

  remove(rawCode: string): boolean {
    const key = barcodeKey(rawCode);
    return key === undefined ? false : this.#repository.remove(key);
  }

  exportFile(): CallValue<'catalogue.exportAliases'> {
    const aliases = this.#repository
      .all()
      .map((row) => ({ code: row.code, productId: row.product_id, sku: row.sku, units: row.units }));
    const file = { format: ALIAS_FILE_FORMAT, version: ALIAS_FILE_VERSION, aliases };
    return { fileName: 'stockroom-code-aliases.json', text: `${JSON.stringify(file, null, 2)}\n` };
  }

  importFile(text: string): CallValue<'catalogue.importAliases'> {
    const file = parseAliasFile(text);
    return this.#db
      .transaction(() => {
        const result: CallValue<'catalogue.importAliases'> = {
          added: 0,
          updated: 0,
          unchanged: 0,
          skipped: [],
        };
        for (const entry of file.aliases) {
          const checked = this.#lookup.findById(entry.productId)
            ? this.#check(entry.productId, entry.code)
            : ({ ok: false, reason: 'unknown-product', text: '' } as const);
          if (!checked.ok) {
            result.skipped.push({ code: entry.code, productId: entry.productId, reason: checked.reason });
            continue;
          }
          const before = checked.existing;
          if (before?.units === entry.units) {
            result.unchanged += 1;
            continue;
          }
          this.#repository.upsert({
            key: checked.key,
            code: checked.code,
            productId: entry.productId,
            units: entry.units,
            at: this.#now(),
          });
          if (before === undefined) result.added += 1;
          else result.updated += 1;
        }
        return result;
      })
      .immediate();
  }

  /** Whether the code may be kept for the product: not a barcode (it would never be reached), not another's alias. */
  #check(productId: number, rawCode: string): Check {
    const code = normaliseScannedCode(rawCode);
    const key = barcodeKey(code);
    if (key === undefined || code.length > MAX_CODE_LENGTH) {
      throw new Refusal('invalid-arguments', `A code is 1 to ${MAX_CODE_LENGTH} characters once cleaned`);
    }
    if (hasShelfPrefix(code)) {
      return {
        ok: false,
        reason: 'code-is-a-shelf',
        text: `${code} starts with SHELF-, which only shelf labels carry: it would scan as a shelf`,
      };
    }
    const holder = this.#lookup.findByBarcode(code) ?? this.#lookup.findByPendingBarcode(code);
    if (holder) {
      return {
        ok: false,
        reason: 'code-is-a-barcode',
        text: `${code} is already the barcode of ${holder.sku} (${holder.name}): it scans as that product`,
      };
    }
    const existing = this.#repository.byKey(key);
    if (existing && existing.product_id !== productId) {
      return {
        ok: false,
        reason: 'alias-of-another-product',
        text: `${code} is already kept on this PC for product ${existing.product_id} ${existing.sku}: remove that alias first`,
      };
    }
    return { ok: true, key, code, existing };
  }
}

function parseAliasFile(text: string): z.output<typeof aliasFileSchema> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Refusal('invalid-arguments', 'The file is not an alias file written by Stockroom (not JSON).');
  }
  const parsed = parseUntrusted(aliasFileSchema, json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? issue.path.join('.') : '';
    throw new Refusal(
      'invalid-arguments',
      `The file is not an alias file written by Stockroom${where === '' ? '' : ` (at ${where})`}.`,
    );
  }
  return parsed.data;
}
