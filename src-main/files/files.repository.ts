// The files tables of migration 0010: attachments made on this PC, the last file list read per record,
// downloaded copies, and this PC's tag. Plain SQL; the service decides what goes in.
import { randomBytes } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { AttachmentRecordKind } from '../../src-shared/domain/vocabulary.js';
import { preparedFor } from '../db/statements.js';

export interface AttachmentRow {
  readonly id: number;
  readonly record_kind: AttachmentRecordKind;
  readonly record_ref: string;
  readonly file_name: string;
  readonly original_name: string;
  readonly mime_type: string;
  readonly size: number;
  readonly stored_path: string;
  readonly operation_id: number | null;
  readonly created_at: number;
}

export interface NewAttachment {
  readonly kind: AttachmentRecordKind;
  readonly ref: string;
  readonly fileName: string;
  readonly originalName: string;
  readonly mimeType: string;
  readonly size: number;
  readonly storedPath: string;
  readonly now: number;
}

/** A file of the back office's list, as saved. */
export interface ListedFile {
  readonly id: number;
  readonly fileName: string;
  readonly type: string;
}

export interface SavedList {
  readonly files: readonly ListedFile[];
  readonly fetchedAt: number;
}

export interface CopyRow {
  readonly file_id: number;
  readonly file_name: string;
  readonly mime_type: string;
  readonly size: number;
  readonly stored_path: string;
}

function prepareAll(db: Database) {
  return {
    nextId: db.prepare<[], { next: number }>(`SELECT coalesce(max(id), 0) + 1 AS next FROM file_attachments`),
    insert: db.prepare(
      `INSERT INTO file_attachments
         (id, record_kind, record_ref, file_name, original_name, mime_type, size, stored_path, created_at)
       VALUES (@id, @kind, @ref, @fileName, @originalName, @mimeType, @size, @storedPath, @now)`,
    ),
    setOperation: db.prepare<[number, number]>(`UPDATE file_attachments SET operation_id = ? WHERE id = ?`),
    byRecord: db.prepare<[string, string], AttachmentRow>(
      `SELECT * FROM file_attachments WHERE record_kind = ? AND record_ref = ? ORDER BY id`,
    ),
    byId: db.prepare<[number], AttachmentRow>(`SELECT * FROM file_attachments WHERE id = ?`),
    byName: db.prepare<[string], AttachmentRow>(`SELECT * FROM file_attachments WHERE file_name = ?`),
    saveList: db.prepare<[string, string, string, number]>(
      `INSERT INTO file_lists (record_kind, record_ref, files_json, fetched_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (record_kind, record_ref) DO UPDATE SET files_json = excluded.files_json,
         fetched_at = excluded.fetched_at`,
    ),
    list: db.prepare<[string, string], { files_json: string; fetched_at: number }>(
      `SELECT files_json, fetched_at FROM file_lists WHERE record_kind = ? AND record_ref = ?`,
    ),
    saveCopy: db.prepare(
      `INSERT OR REPLACE INTO file_copies
         (record_kind, record_ref, file_id, file_name, mime_type, size, stored_path, fetched_at)
       VALUES (@kind, @ref, @fileId, @fileName, @mimeType, @size, @storedPath, @now)`,
    ),
    copy: db.prepare<[string, string, number], CopyRow>(
      `SELECT file_id, file_name, mime_type, size, stored_path FROM file_copies
        WHERE record_kind = ? AND record_ref = ? AND file_id = ?`,
    ),
    copyIds: db.prepare<[string, string], { file_id: number }>(
      `SELECT file_id FROM file_copies WHERE record_kind = ? AND record_ref = ?`,
    ),
    pcTag: db.prepare<[], { pc_tag: string }>(`SELECT pc_tag FROM file_settings WHERE id = 1`),
    setPcTag: db.prepare<[string]>(`INSERT OR IGNORE INTO file_settings (id, pc_tag) VALUES (1, ?)`),
  };
}

// Lower-case letters and digits without look-alikes: short, and safe in any file name.
const TAG_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const TAG_LENGTH = 6;

export class FilesRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  get #sql() {
    return preparedFor(this.#db, prepareAll);
  }

  /** This PC's tag in unique names, made once per store database. */
  pcTag(): string {
    const existing = this.#sql.pcTag.get();
    if (existing) return existing.pc_tag;
    const tag = [...randomBytes(TAG_LENGTH)]
      .map((byte) => TAG_ALPHABET[byte % TAG_ALPHABET.length] ?? 'x')
      .join('');
    this.#sql.setPcTag.run(tag);
    return this.#sql.pcTag.get()?.pc_tag ?? tag;
  }

  /** The id the next attachment row gets (its sequence in the unique name); inside the insert's transaction. */
  nextId(): number {
    return this.#sql.nextId.get()?.next ?? 1;
  }

  insert(id: number, attachment: NewAttachment): void {
    this.#sql.insert.run({ id, ...attachment });
  }

  setOperation(id: number, operationId: number): void {
    this.#sql.setOperation.run(operationId, id);
  }

  forRecord(kind: AttachmentRecordKind, ref: string): AttachmentRow[] {
    return this.#sql.byRecord.all(kind, ref);
  }

  byId(id: number): AttachmentRow | undefined {
    return this.#sql.byId.get(id);
  }

  byName(fileName: string): AttachmentRow | undefined {
    return this.#sql.byName.get(fileName);
  }

  saveList(kind: AttachmentRecordKind, ref: string, files: readonly ListedFile[], now: number): void {
    this.#sql.saveList.run(kind, ref, JSON.stringify(files), now);
  }

  savedList(kind: AttachmentRecordKind, ref: string): SavedList | undefined {
    const row = this.#sql.list.get(kind, ref);
    if (!row) return undefined;
    const parsed = JSON.parse(row.files_json) as unknown;
    return { files: Array.isArray(parsed) ? (parsed as ListedFile[]) : [], fetchedAt: row.fetched_at };
  }

  saveCopy(
    kind: AttachmentRecordKind,
    ref: string,
    copy: { fileId: number; fileName: string; mimeType: string; size: number; storedPath: string },
    now: number,
  ): void {
    this.#sql.saveCopy.run({ kind, ref, ...copy, now });
  }

  copy(kind: AttachmentRecordKind, ref: string, fileId: number): CopyRow | undefined {
    return this.#sql.copy.get(kind, ref, fileId);
  }

  copiedIds(kind: AttachmentRecordKind, ref: string): Set<number> {
    return new Set(this.#sql.copyIds.all(kind, ref).map((row) => row.file_id));
  }
}
