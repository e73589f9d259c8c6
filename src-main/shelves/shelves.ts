// A warehouse's shelves on this PC (issue 24, decision 0021; migration 0025): typed on the shelves page
// or taken from a CSV file another PC exported, like code aliases (catalog/code-aliases.ts). v4 has no
// bins, so nothing here is sent. The code is what the shelf label's barcode carries and must have the
// reserved shape (src-shared/barcode/shelf-code.ts); a typed code is refused, never changed.
import type { Database } from 'better-sqlite3';
import {
  MAX_SHELF_NAME_LENGTH,
  isShelfCode,
  normaliseScannedCode,
  shelfNameProblem,
} from '../../src-shared/barcode/index.js';
import type { CallValue, ParsedCallArgs } from '../../src-shared/ipc/index.js';
import type { Shelf } from '../../src-shared/ipc/schemas/shelves.js';
import type { RefusalReasonOf } from '../../src-shared/ipc/refusal-reasons.js';
import { csvFileName, csvText } from '../csv/csv-text.js';
import { readCsv } from '../csv/csv-read.js';
import { Refusal } from '../refusal/refusal.js';
import { ShelfRepository, type ShelfRow } from './shelves.repository.js';

export const SHELF_CSV_COLUMNS = ['warehouse', 'code', 'name'] as const;
const MAX_IMPORT_ROWS = 50_000;

export interface ShelvesOptions {
  readonly db: Database;
  /** The warehouse codes shelves may belong to (the local catalogue's). */
  readonly warehouseCodes: () => readonly string[];
  readonly now: () => number;
}

type ShelfField = (typeof SHELF_CSV_COLUMNS)[number];

/** A field refused: where (a row of a file, or the typed form's field) and why. */
interface FieldProblem {
  readonly field: ShelfField;
  readonly reason: RefusalReasonOf<'shelves'>;
  readonly text: string;
}

function toShelf(row: ShelfRow): Shelf {
  return { warehouseCode: row.warehouse_code, code: row.code, name: row.name, updatedAt: row.updated_at };
}

export class Shelves {
  readonly #db: Database;
  readonly #repository: ShelfRepository;
  readonly #warehouseCodes: () => readonly string[];
  readonly #now: () => number;

  constructor(options: ShelvesOptions) {
    this.#db = options.db;
    this.#repository = new ShelfRepository(options.db);
    this.#warehouseCodes = options.warehouseCodes;
    this.#now = options.now;
  }

  list({ warehouseCode }: ParsedCallArgs<'shelves.list'>): CallValue<'shelves.list'> {
    return this.#repository.ofWarehouse(warehouseCode).map(toShelf);
  }

  /** The shelf of the warehouse with this code, as typed or scanned (undefined when there is none). */
  find(warehouseCode: string, code: string): Shelf | undefined {
    const row = this.#repository.byCode(warehouseCode, normaliseScannedCode(code));
    return row === undefined ? undefined : toShelf(row);
  }

  save(args: ParsedCallArgs<'shelves.save'>): CallValue<'shelves.save'> {
    const problem = this.#problem(args.warehouseCode, args.code, args.name);
    if (problem !== undefined) throw Refusal.field(problem.field, problem.text, problem.reason);
    return this.#db
      .transaction(() => {
        this.#repository.upsert(args.warehouseCode, args.code, args.name.trim(), this.#now());
        const row = this.#repository.byCode(args.warehouseCode, args.code);
        if (row === undefined) throw new Error(`The shelf ${args.code} was not written`);
        return toShelf(row);
      })
      .immediate();
  }

  remove({ warehouseCode, code }: ParsedCallArgs<'shelves.remove'>): CallValue<'shelves.remove'> {
    if (!this.#repository.remove(warehouseCode, code)) {
      throw Refusal.notFound(`${warehouseCode} has no shelf ${code}`, 'shelf-not-found');
    }
    return { removed: true };
  }

  exportCsv({ warehouseCode }: ParsedCallArgs<'shelves.exportCsv'>): CallValue<'shelves.exportCsv'> {
    const rows = this.#repository
      .ofWarehouse(warehouseCode)
      .map((row) => [{ text: row.warehouse_code }, { text: row.code }, { text: row.name }]);
    return {
      fileName: csvFileName(`shelves ${warehouseCode}`, 'shelves'),
      text: csvText(SHELF_CSV_COLUMNS, rows),
    };
  }

  /** All or nothing: the first bad row refuses the file, named by its line and field. */
  importCsv({ text }: ParsedCallArgs<'shelves.importCsv'>): CallValue<'shelves.importCsv'> {
    const entries = this.#readFile(text);
    return this.#db
      .transaction(() => {
        const result = { added: 0, renamed: 0, unchanged: 0 };
        const at = this.#now();
        for (const entry of entries) {
          const before = this.#repository.byCode(entry.warehouseCode, entry.code);
          if (before?.name === entry.name) {
            result.unchanged += 1;
            continue;
          }
          this.#repository.upsert(entry.warehouseCode, entry.code, entry.name, at);
          if (before === undefined) result.added += 1;
          else result.renamed += 1;
        }
        return result;
      })
      .immediate();
  }

  #readFile(text: string): { warehouseCode: string; code: string; name: string }[] {
    let rows;
    try {
      rows = readCsv(text);
    } catch (error) {
      throw Refusal.field('file', `is not a CSV file: ${String(error)}`, 'shelf-file');
    }
    const [header, ...body] = rows;
    const columns = header?.cells.map((cell) => cell.trim().toLowerCase()) ?? [];
    const at = SHELF_CSV_COLUMNS.map((column) => columns.indexOf(column));
    if (header === undefined || at.some((index) => index < 0)) {
      throw Refusal.field(
        'rows.1',
        `must be the header ${SHELF_CSV_COLUMNS.join(',')} (as shelves.exportCsv writes it)`,
        'shelf-file',
      );
    }
    if (body.length > MAX_IMPORT_ROWS) {
      throw Refusal.field('file', `holds more than ${MAX_IMPORT_ROWS} shelves`, 'shelf-file');
    }
    const seen = new Map<string, { name: string; line: number }>();
    return body.map(({ line, cells }) => {
      const [warehouseCode, code, rawName] = at.map((index) => (cells[index] ?? '').trim()) as [
        string,
        string,
        string,
      ];
      const problem =
        this.#problem(warehouseCode, code, rawName) ?? repeated(seen, warehouseCode, code, rawName, line);
      if (problem !== undefined) {
        throw Refusal.field(
          `rows.${line}.${problem.field}`,
          problem.text,
          problem.reason,
          `Row ${line}, ${problem.field}: ${problem.text}`,
        );
      }
      return { warehouseCode, code, name: rawName.trim() };
    });
  }

  #problem(warehouseCode: string, code: string, name: string): FieldProblem | undefined {
    if (!this.#warehouseCodes().includes(warehouseCode)) {
      return {
        field: 'warehouse',
        reason: 'unknown-warehouse',
        text: `names no warehouse of the catalogue (${warehouseCode})`,
      };
    }
    if (!isShelfCode(code) || normaliseScannedCode(code) !== code) {
      return {
        field: 'code',
        reason: 'shelf-code-shape',
        text: `must be SHELF- then 1 to 26 of A-Z, 0-9 or - (got ${JSON.stringify(code)})`,
      };
    }
    const nameProblem = shelfNameProblem(name);
    if (nameProblem !== null) {
      return {
        field: 'name',
        reason: 'shelf-name',
        text: nameProblem === 'empty' ? 'is blank' : `is longer than ${MAX_SHELF_NAME_LENGTH} characters`,
      };
    }
    return undefined;
  }
}

function repeated(
  seen: Map<string, { name: string; line: number }>,
  warehouseCode: string,
  code: string,
  name: string,
  line: number,
): FieldProblem | undefined {
  const key = `${warehouseCode}\u0000${code}`;
  const earlier = seen.get(key);
  if (earlier === undefined) {
    seen.set(key, { name: name.trim(), line });
    return undefined;
  }
  if (earlier.name === name.trim()) return undefined;
  return {
    field: 'code',
    reason: 'shelf-repeated',
    text: `is on row ${earlier.line} already, with another name`,
  };
}
