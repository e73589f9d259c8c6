// The write-kind table: one row per v4 write the outbox sends, declaring which endpoint, its shape
// (WRITES.md: keyed create, keyless create, absolute change, delta), the read-back it reconciles with
// and how its row reads to a person. Rows live with their resource (finance-rows.ts, …) and are
// gathered here; the drainer's kinds are built from them by shape (write-kinds.ts), and the requests
// services queue are typed from them (write-request.ts). See docs/decisions/0012-write-kind-table.md.
import { contactRows } from './contact-rows.js';
import { financeRows } from './finance-rows.js';
import { quotationRows } from './quotation-write-rows.js';
import type { WriteRow } from './write-rows.js';

export const writeTable = {
  ...financeRows,
  ...contactRows,
  ...quotationRows,
} as const satisfies Record<string, WriteRow>;

export type WriteTable = typeof writeTable;

/** Every write kind the table declares; also the `kind` column of their rows. */
export type WriteKind = keyof WriteTable;

export const WRITE_KINDS = Object.keys(writeTable) as readonly WriteKind[];

/** The row of a kind read from the database (`kind` column), if it is one of the table's. */
export function writeRowOf(kind: string): WriteRow | undefined {
  return Object.hasOwn(writeTable, kind) ? writeTable[kind as WriteKind] : undefined;
}
