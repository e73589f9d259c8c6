// Shelves of a warehouse (issue 24, decision 0021): local zones kept on this PC (v4 has no bins), each
// a code its label's barcode carries (`SHELF-…`, src-shared/barcode/shelf-code.ts) and a name. Typed on
// the shelves page or taken from a CSV file another PC exported; nothing here reaches the back office.
import { z } from 'zod';
import { MAX_SHELF_CODE_LENGTH, MAX_SHELF_NAME_LENGTH } from '../../barcode/shelf-code.js';
import { epochMs, requiredText } from './common.js';

const warehouseCode = requiredText(64);

export const shelf = z.object({
  warehouseCode: z.string(),
  code: z.string(),
  name: z.string(),
  updatedAt: epochMs,
});
export type Shelf = z.output<typeof shelf>;

export const shelfFile = z.object({ fileName: z.string(), text: z.string() });

export const shelfImport = z.object({ added: z.int(), renamed: z.int(), unchanged: z.int() });

export const shelvesCalls = {
  /** The warehouse's shelves by code. */
  'shelves.list': { args: z.strictObject({ warehouseCode }), result: z.array(shelf) },
  /**
   * Keeps a shelf (again with the same code: its new name). Refused naming the field: a code not of the
   * shape `SHELF-` + 1 to 26 of A–Z, 0–9, '-' (reason `shelf-code-shape`), a blank or too long name
   * (`shelf-name`), a warehouse the catalogue does not know (`unknown-warehouse`).
   */
  'shelves.save': {
    args: z.strictObject({
      warehouseCode,
      code: z.string().max(MAX_SHELF_CODE_LENGTH * 2),
      name: z.string().max(MAX_SHELF_NAME_LENGTH * 4),
    }),
    result: shelf,
    reasons: ['shelf-code-shape', 'shelf-name', 'unknown-warehouse'],
  },
  /** Forgets a shelf; counts that visited it keep their lines (`shelf-not-found` when there is none). */
  'shelves.remove': {
    args: z.strictObject({ warehouseCode, code: requiredText(MAX_SHELF_CODE_LENGTH * 2) }),
    result: z.object({ removed: z.boolean() }),
    reasons: ['shelf-not-found'],
  },
  /** Every shelf of the warehouse as CSV (warehouse, code, name) to carry to the store's other PCs. */
  'shelves.exportCsv': { args: z.strictObject({ warehouseCode }), result: shelfFile },
  /**
   * Takes a CSV file of shelves (the export's columns; any warehouse the catalogue knows). All or
   * nothing: a bad row refuses the file, the path naming it (`rows.<row>.<field>`, the row as a
   * spreadsheet numbers it, the header being row 1). Idempotent: the same file twice changes nothing.
   */
  'shelves.importCsv': {
    args: z.strictObject({ text: z.string().max(5_000_000) }),
    result: shelfImport,
    reasons: ['shelf-code-shape', 'shelf-file', 'shelf-name', 'shelf-repeated', 'unknown-warehouse'],
  },
} as const;
