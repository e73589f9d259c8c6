// Warehouses added on this PC (local_warehouses, migration 0010) beside the back office's (the pulled
// `warehouses` table): pickers offer both at once, a new one marked waiting to send until the back office
// has it; a pull that brings its code makes the local row invisible (the server's wins). A code is
// proposed in the store's own pattern and checked unique (ignoring case) against every warehouse known.
import type { Database } from 'better-sqlite3';
import type { CallValue } from '../../src-shared/ipc/index.js';
import { WAREHOUSE_CODE_MIN } from '../../src-shared/ipc/schemas/catalogue.js';
import { preparedFor } from '../db/statements.js';
import { Refusal } from '../refusal/refusal.js';

export type WarehouseChoice = CallValue<'catalogue.warehouses'>[number];

export interface NewWarehouse {
  readonly code: string;
  readonly name: string;
  readonly address: string;
}

interface LocalWarehouseRow {
  readonly code: string;
  readonly name: string;
  readonly address: string;
  readonly state: string;
  readonly server_id: number | null;
}

function prepareAll(db: Database) {
  return {
    // Discarded creates will never exist; the pulled list takes over once it has the code.
    visible: db.prepare<[], LocalWarehouseRow>(
      `SELECT l.code, l.name, l.address, o.state, o.server_id
         FROM local_warehouses l JOIN outbox_operations o ON o.id = l.operation_id
        WHERE o.state <> 'discarded' AND NOT EXISTS (SELECT 1 FROM warehouses w WHERE w.code = l.code)
        ORDER BY l.code`,
    ),
    // A code given again after its first create was discarded takes the row over.
    insert: db.prepare<NewWarehouse & { operationId: number; now: number }>(
      `INSERT INTO local_warehouses (code, name, address, operation_id, created_at)
         VALUES (@code, @name, @address, @operationId, @now)
       ON CONFLICT (code) DO UPDATE SET name = excluded.name, address = excluded.address,
         operation_id = excluded.operation_id, created_at = excluded.created_at`,
    ),
  };
}

/** The warehouses made here that pickers still need to show (the server's list does not have them). */
export function localWarehouseChoices(db: Database): WarehouseChoice[] {
  return preparedFor(db, prepareAll)
    .visible.all()
    .map((row) => ({
      id: row.server_id ?? 0,
      code: row.code,
      name: row.name,
      address: row.address,
      pending: row.state !== 'done',
    }));
}

export function insertLocalWarehouse(
  db: Database,
  warehouse: NewWarehouse,
  operationId: number,
  now: number,
): void {
  preparedFor(db, prepareAll).insert.run({ ...warehouse, operationId, now });
}

/** Refuses a code another known warehouse has (ignoring case: W0004 and w0004 are one to a person). */
export function requireNewCode(known: readonly WarehouseChoice[], code: string): void {
  const key = code.trim().toLowerCase();
  const taken = known.find((warehouse) => warehouse.code.trim().toLowerCase() === key);
  if (taken === undefined) return;
  const message = `is already the code of ${taken.name === '' ? taken.code : `${taken.name} (${taken.code})`}`;
  throw new Refusal('conflict', `The warehouse code ${code} ${message}.`, {
    reason: 'code-taken',
    issues: [{ path: 'code', message }],
  });
}

/**
 * The next code in the pattern most known codes follow (letters then digits: W0003 → W0004, keeping the
 * width), never one already known; W0001 when there is no pattern to follow.
 */
export function proposeWarehouseCode(known: readonly WarehouseChoice[]): string {
  const taken = new Set(known.map((warehouse) => warehouse.code.trim().toLowerCase()));
  const patterns = new Map<string, { width: number; highest: number; uses: number }>();
  for (const { code } of known) {
    const match = /^(\D*)(\d+)$/.exec(code.trim());
    if (!match) continue;
    const [, prefix = '', digits = ''] = match;
    const seen = patterns.get(prefix) ?? { width: digits.length, highest: 0, uses: 0 };
    patterns.set(prefix, {
      width: Math.max(seen.width, digits.length),
      highest: Math.max(seen.highest, Number(digits)),
      uses: seen.uses + 1,
    });
  }
  const [prefix, pattern] = [...patterns].sort((a, b) => b[1].uses - a[1].uses)[0] ?? [
    'W',
    { width: 4, highest: 0, uses: 0 },
  ];
  const width = Math.max(pattern.width, WAREHOUSE_CODE_MIN - prefix.length);
  for (let next = pattern.highest + 1; ; next++) {
    const code = `${prefix}${String(next).padStart(width, '0')}`;
    if (!taken.has(code.toLowerCase())) return code;
  }
}
