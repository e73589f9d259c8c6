// One outbox row by its id: what a kind reads when it checks the create a write waits for.
import type { Database } from 'better-sqlite3';
import { preparedFor } from '../../db/statements.js';
import type { OperationRow } from './operation-types.js';

function prepareAll(db: Database) {
  return {
    byId: db.prepare<[number], OperationRow>(`SELECT * FROM outbox_operations WHERE id = ?`),
  };
}

export function operationById(db: Database, id: number): OperationRow | undefined {
  return preparedFor(db, prepareAll).byId.get(id);
}
