// Contacts for the money forms, read from the catalogue's copy (the reference refresh pulls them; this
// module only reads).
import type { Database } from 'better-sqlite3';
import { preparedFor } from '../db/statements.js';
import type { CallValue } from '../../src-shared/ipc/index.js';
import type { StoredContact } from './money-rows.js';

interface ContactRow {
  id: number;
  name: string;
  code: string;
  idnumber: string;
  phone: string;
  email: string;
  address: string;
  branchname: string;
  branchno: string;
}

const COLUMNS = 'id, name, code, idnumber, phone, email, address, branchname, branchno';

function prepareAll(db: Database) {
  return {
    search: db.prepare<[string, number], ContactRow>(
      `SELECT ${COLUMNS} FROM contacts
       WHERE ?1 = '' OR instr(lower(name), ?1) > 0 OR instr(lower(code), ?1) > 0
          OR instr(phone, ?1) > 0 OR instr(idnumber, ?1) > 0
       ORDER BY name, id LIMIT ?2`,
    ),
    byId: db.prepare<[number], ContactRow>(`SELECT ${COLUMNS} FROM contacts WHERE id = ?`),
  };
}

function stored(row: ContactRow): StoredContact {
  return {
    name: row.name,
    idNumber: row.idnumber,
    phone: row.phone,
    email: row.email,
    address: row.address,
    branchName: row.branchname,
    branchNo: row.branchno,
  };
}

export function searchContacts(db: Database, text: string, limit: number): CallValue<'money.contacts'> {
  return preparedFor(db, prepareAll)
    .search.all(text.trim().toLowerCase(), limit)
    .map((row) => ({ id: row.id, code: row.code, ...stored(row) }));
}

export function findContact(db: Database, id: number): StoredContact | undefined {
  const row = preparedFor(db, prepareAll).byId.get(id);
  return row ? stored(row) : undefined;
}
