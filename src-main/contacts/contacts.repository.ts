// All SQL of the contacts as this PC shows them: the catalogue's server copy (`contacts`, pulled by the
// reference refresh; only read here) with the rows of contacts made or edited here on top
// (`contacts_here`, migration 0010) until the back office confirmed them. A contact shows once: a
// catalogue row is hidden while a row of contacts_here stands for it.
import type { Database } from 'better-sqlite3';
import { StatementsBySql } from '../db/sql-conditions.js';
import { contactSearchText } from '../db/migrations/0010-contacts.js';
import { preparedFor } from '../db/statements.js';
import { trigramQuery } from '../db/trigram-query.js';
import type { ContactFields } from '../../src-shared/ipc/index.js';

/** A contact as listed: the catalogue's row or the one made/edited here (`local_id` set). */
export interface ShownContactRow {
  server_id: number | null;
  local_id: number | null;
  code: string;
  name: string;
  idnumber: string;
  phone: string;
  email: string;
  address: string;
  branchname: string;
  branchno: string;
  operation_id: number | null;
  create_operation_id: number | null;
}

/** A row of contacts_here. */
export interface HereRow {
  id: number;
  server_id: number | null;
  create_operation_id: number | null;
  operation_id: number;
  code: string;
  name: string;
  idnumber: string;
  phone: string;
  email: string;
  address: string;
  branchname: string;
  branchno: string;
  settled: 0 | 1;
}

export interface CatalogueContactRow {
  id: number;
  code: string;
  name: string;
  idnumber: string;
  phone: string;
  email: string;
  address: string;
  branchname: string;
  branchno: string;
  sub_contacts_json: string;
  shipping_addresses_json: string;
  record_json: string;
}

/**
 * Above this many candidates the trigram index stops paying: each costs a row lookup, while a scan of
 * 20,000 contacts' haystacks costs a few milliseconds whatever the keyword (money's reasoning, 0014).
 */
const MAX_INDEXED_CANDIDATES = 1_000;

const FIELDS = 'code, name, idnumber, phone, email, address, branchname, branchno';
const SHOWN_FROM_CATALOGUE = `SELECT c.id AS server_id, NULL AS local_id, ${qualified('c')},
    NULL AS operation_id, NULL AS create_operation_id FROM contacts c`;
const SHOWN_FROM_HERE = `SELECT h.server_id, h.id AS local_id, ${qualified('h')},
    h.operation_id, h.create_operation_id FROM contacts_here h`;
/** Catalogue rows a row made or edited here stands for. */
const NOT_OVERLAID = `c.id NOT IN (SELECT server_id FROM contacts_here WHERE settled = 0 AND server_id IS NOT NULL)`;

function qualified(alias: string): string {
  return FIELDS.split(', ')
    .map((field) => `${alias}.${field}`)
    .join(', ');
}

function prepareAll(db: Database) {
  return {
    candidates: db.prepare<[string, number], { n: number }>(
      'SELECT count(*) AS n FROM (SELECT rowid FROM contacts_search WHERE contacts_search MATCH ? LIMIT ?)',
    ),
    hereById: db.prepare<[number], HereRow>('SELECT * FROM contacts_here WHERE id = ?'),
    hereByServerId: db.prepare<[number], HereRow>('SELECT * FROM contacts_here WHERE server_id = ?'),
    open: db.prepare<[], HereRow>('SELECT * FROM contacts_here WHERE settled = 0 ORDER BY id'),
    catalogueById: db.prepare<[number], CatalogueContactRow>(
      `SELECT id, ${FIELDS}, sub_contacts_json, shipping_addresses_json, record_json FROM contacts WHERE id = ?`,
    ),
    insertHere: db.prepare(
      `INSERT INTO contacts_here (server_id, create_operation_id, operation_id, ${FIELDS}, created_at, updated_at)
       VALUES (@serverId, @createOperationId, @operationId, @code, @name, @idnumber, @phone, @email, @address,
               @branchname, @branchno, @now, @now)`,
    ),
    updateHere: db.prepare(
      `UPDATE contacts_here SET operation_id = @operationId, code = @code, name = @name, idnumber = @idnumber,
         phone = @phone, email = @email, address = @address, branchname = @branchname, branchno = @branchno,
         settled = 0, updated_at = @now
       WHERE id = @id`,
    ),
    setServerId: db.prepare<[number, number]>('UPDATE contacts_here SET server_id = ? WHERE id = ?'),
    settle: db.prepare<[number]>('UPDATE contacts_here SET settled = 1 WHERE id = ?'),
    dropHere: db.prepare<[number]>('DELETE FROM contacts_here WHERE id = ?'),
    codeInCatalogue: db.prepare<{ code: string; serverId: number }, { id: number }>(
      `SELECT c.id FROM contacts c WHERE c.code = @code AND c.id <> @serverId AND ${NOT_OVERLAID} LIMIT 1`,
    ),
    codeHere: db.prepare<{ code: string; localId: number }, { id: number }>(
      'SELECT id FROM contacts_here WHERE code = @code AND settled = 0 AND id <> @localId LIMIT 1',
    ),
    codesLike: db.prepare<[string, string], { code: string }>(
      'SELECT code FROM contacts WHERE code LIKE ? UNION SELECT code FROM contacts_here WHERE code LIKE ?',
    ),
  };
}

/** Bound parameters of a contact's fields (the catalogue's column names). */
function bindFields(fields: ContactFields) {
  return {
    code: fields.code,
    name: fields.name,
    idnumber: fields.idNumber,
    phone: fields.phone,
    email: fields.email,
    address: fields.address,
    branchname: fields.branchName,
    branchno: fields.branchNo,
  };
}

/** Lower-cases as SQLite's lower() does (ASCII only), so the keyword and the haystack agree. */
export function keywordOf(text: string): string {
  return text.trim().replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}

export interface ContactQuery {
  /** Lower-cased by keywordOf; '' for every contact. */
  readonly keyword: string;
  /** Only contacts the back office has (money's picker: a record names its contact's fields by id). */
  readonly serverOnly?: boolean;
}

export class ContactsRepository {
  readonly #db: Database;
  readonly #statements: StatementsBySql;

  constructor(db: Database) {
    this.#db = db;
    this.#statements = new StatementsBySql(db);
  }

  get #sql() {
    return preparedFor(this.#db, prepareAll);
  }

  transaction<T>(work: () => T): T {
    return this.#db.transaction(work)();
  }

  /**
   * One page by name (then code, then id); with a keyword, the contact whose code is exactly what was
   * typed comes first, then codes and names that start with it: a code typed in full must pick its
   * contact, not another whose phone or address happens to contain it.
   */
  search(query: ContactQuery, limit: number, offset: number): ShownContactRow[] {
    const { sql, params } = this.#union(query);
    const ranked = query.keyword !== '';
    const rank = ranked
      ? `CASE WHEN lower(code) = ? THEN 0 WHEN instr(lower(code), ?) = 1 THEN 1
          WHEN instr(lower(name), ?) = 1 THEN 2 ELSE 3 END, `
      : '';
    return this.#statements
      .get<ShownContactRow>(
        `SELECT * FROM (${sql}) ORDER BY ${rank}name, code, server_id, local_id LIMIT ? OFFSET ?`,
      )
      .all(...params, ...(ranked ? [query.keyword, query.keyword, query.keyword] : []), limit, offset);
  }

  count(query: ContactQuery): number {
    const { sql, params } = this.#union(query);
    return this.#statements.get<{ n: number }>(`SELECT count(*) AS n FROM (${sql})`).get(...params)?.n ?? 0;
  }

  catalogueContact(serverId: number): CatalogueContactRow | undefined {
    return this.#sql.catalogueById.get(serverId);
  }

  here(localId: number): HereRow | undefined {
    return this.#sql.hereById.get(localId);
  }

  hereForServer(serverId: number): HereRow | undefined {
    return this.#sql.hereByServerId.get(serverId);
  }

  /** Rows still shown over (or instead of) the catalogue's. */
  openHere(): HereRow[] {
    return this.#sql.open.all();
  }

  insertHere(row: {
    fields: ContactFields;
    serverId: number | null;
    createOperationId: number | null;
    operationId: number;
    now: number;
  }): number {
    const info = this.#sql.insertHere.run({
      ...bindFields(row.fields),
      serverId: row.serverId,
      createOperationId: row.createOperationId,
      operationId: row.operationId,
      now: row.now,
    });
    return Number(info.lastInsertRowid);
  }

  /** A later write on a row: its fields and its latest operation (shown again if it was settled). */
  updateHere(id: number, fields: ContactFields, operationId: number, now: number): void {
    this.#sql.updateHere.run({ ...bindFields(fields), id, operationId, now });
  }

  setServerId(id: number, serverId: number): void {
    this.#sql.setServerId.run(serverId, id);
  }

  settle(id: number): void {
    this.#sql.settle.run(id);
  }

  drop(id: number): void {
    this.#sql.dropHere.run(id);
  }

  /** True when another contact shown on this PC has this code (the contact itself excluded). */
  codeTaken(code: string, self: { serverId: number | null; localId: number | null }): boolean {
    const sql = this.#sql;
    return (
      sql.codeInCatalogue.get({ code, serverId: self.serverId ?? 0 }) !== undefined ||
      sql.codeHere.get({ code, localId: self.localId ?? 0 }) !== undefined
    );
  }

  /** Every code starting with `prefix` (catalogue and here). */
  codesStartingWith(prefix: string): string[] {
    const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return this.#sql.codesLike
      .all(pattern, pattern)
      .map((row) => row.code)
      .filter((code) => code.startsWith(prefix));
  }

  /** The two halves of the list for a query, with their parameters in order. */
  #union(query: ContactQuery): { sql: string; params: unknown[] } {
    const keyword = query.keyword;
    const catalogueConditions = [NOT_OVERLAID];
    const hereConditions = ['h.settled = 0'];
    const params: unknown[] = [];
    const hereParams: unknown[] = [];
    if (keyword !== '') {
      const trigrams = trigramQuery(keyword);
      const narrowed =
        trigrams !== null &&
        (this.#sql.candidates.get(trigrams, MAX_INDEXED_CANDIDATES + 1)?.n ?? 0) <= MAX_INDEXED_CANDIDATES;
      // The index's own copy of each haystack is read, never rebuilt from the row's columns.
      catalogueConditions.push(
        narrowed
          ? 'c.id IN (SELECT rowid FROM contacts_search WHERE contacts_search MATCH ? AND instr(search_text, ?) > 0)'
          : 'c.id IN (SELECT rowid FROM contacts_search WHERE instr(search_text, ?) > 0)',
      );
      params.push(...(narrowed ? [trigrams, keyword] : [keyword]));
      hereConditions.push(`instr(${contactSearchText('h')}, ?) > 0`);
      hereParams.push(keyword);
    }
    if (query.serverOnly === true) hereConditions.push('h.server_id IS NOT NULL');
    return {
      sql:
        `${SHOWN_FROM_CATALOGUE} WHERE ${catalogueConditions.join(' AND ')}` +
        ` UNION ALL ${SHOWN_FROM_HERE} WHERE ${hereConditions.join(' AND ')}`,
      params: [...params, ...hereParams],
    };
  }
}
