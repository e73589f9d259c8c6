// Files attached to orders, purchase orders and quotations (issue 11). Attaching works offline: the page
// stages the bytes in chunks, attach checks them (size, type by extension and first bytes), keeps them
// in the store's files folder under a unique name and queues the upload in one transaction with its
// row. Lists are the back office's (saved for offline) merged with this PC's uploads; a file opened
// once is kept, so it opens offline.
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Database } from 'better-sqlite3';
import {
  ALLOWED_ATTACHMENT_TYPES,
  MAX_ATTACHMENT_BYTES,
  checkAttachment,
  extensionOf,
  uniqueAttachmentName,
} from '../../src-shared/files/attachment-rules.js';
import type { CallValue, ParsedCallArgs } from '../../src-shared/ipc/index.js';
import type { AttachmentFile, AttachmentRecord } from '../../src-shared/ipc/schemas/files.js';
import { isBackofficeFailure } from '../backoffice/index.js';
import { sendStateOf } from '../outbox/index.js';
import type { WriteOperationState } from '../outbox/index.js';
import type { BackofficeCaller } from '../outbox/operation-types.js';
import { Refusal } from '../refusal.js';
import { attachmentCalls, recordWords, type ListedFile, type RecordAddress } from './attachment-calls.js';
import type { FileFolder } from './file-folder.js';
import type { FileWrites, UploadTarget } from './file-writes.js';
import { FilesRepository, type AttachmentRow } from './files.repository.js';

export interface FilesServiceOptions {
  readonly db: Database;
  readonly client: BackofficeCaller;
  readonly writes: FileWrites;
  readonly folder: FileFolder;
  readonly now?: () => number;
  /** Told when the back office could not be read (the list then comes from the saved copy). */
  readonly onProblem?: (message: string, details: Record<string, unknown>) => void;
}

const REFUSAL_TEXT = {
  fileEmpty: 'is empty',
  fileTooLarge: `is larger than ${MAX_ATTACHMENT_BYTES / (1024 * 1024)} MB, the largest file the back office takes`,
  fileTypeNotAllowed: `is not a picture, PDF or office document (${Object.keys(ALLOWED_ATTACHMENT_TYPES).join(', ')})`,
  fileContentMismatch: 'does not hold what its name says (its first bytes are not those of such a file)',
} as const;

type Standings = ReadonlyMap<number, WriteOperationState>;

/** How a record is keyed on this PC: 'id:12', 'number:PO-0001' or 'operation:7'. */
function refOf(record: AttachmentRecord): string {
  if (record.id !== undefined) return `id:${record.id}`;
  if (record.number !== undefined) return `number:${record.number}`;
  return `operation:${record.operationId ?? 0}`;
}

export class FilesService {
  readonly #db: Database;
  readonly #client: BackofficeCaller;
  readonly #writes: FileWrites;
  readonly #folder: FileFolder;
  readonly #now: () => number;
  readonly #onProblem: NonNullable<FilesServiceOptions['onProblem']>;
  readonly #rows: FilesRepository;

  constructor(options: FilesServiceOptions) {
    this.#db = options.db;
    this.#client = options.client;
    this.#writes = options.writes;
    this.#folder = options.folder;
    this.#now = options.now ?? Date.now;
    this.#onProblem = options.onProblem ?? (() => {});
    this.#rows = new FilesRepository(options.db);
  }

  /** Removes staged uploads the page never finished. */
  sweep(): Promise<void> {
    return this.#folder.sweepStaging(this.#now());
  }

  async stage(args: ParsedCallArgs<'files.stage'>): Promise<CallValue<'files.stage'>> {
    const staged = await this.#folder.stage(args.uploadId, args.offset, Buffer.from(args.chunk, 'base64'));
    return { uploadId: staged.uploadId, receivedBytes: staged.size };
  }

  /**
   * Checks a staged file and attaches it: renamed into `attached/` under its unique name, its row and
   * its upload stored in one transaction. A refused file is dropped and nothing is queued.
   */
  async attach(args: ParsedCallArgs<'files.attach'>): Promise<CallValue<'files.attach'>> {
    const { record, uploadId, fileName } = args;
    const staged = await this.#folder.staged(uploadId);
    const check = checkAttachment(fileName, staged.size, staged.head);
    if (!check.ok) {
      await this.#folder.discardStaged(uploadId);
      const message = REFUSAL_TEXT[check.refusal];
      throw new Refusal('invalid-arguments', `${fileName} ${message}`, {
        reason: check.refusal,
        issues: [{ path: 'fileName', message }],
      });
    }
    const target = this.#targetOf(record);
    // Synchronous from here: the row's id (the name's sequence) cannot be taken by another attach.
    const id = this.#rows.nextId();
    const uniqueName = uniqueAttachmentName(fileName, this.#rows.pcTag(), id);
    const storedPath = `attached/${uniqueName}`;
    const absolute = this.#folder.absolute(storedPath);
    mkdirSync(dirname(absolute), { recursive: true });
    renameSync(staged.path, absolute);
    try {
      this.#db.transaction(() => {
        this.#rows.insert(id, {
          kind: record.kind,
          ref: refOf(record),
          fileName: uniqueName,
          originalName: fileName,
          mimeType: check.type.mime,
          size: staged.size,
          storedPath,
          now: this.#now(),
        });
        const { operationId } = this.#writes.enqueue({
          kind: record.kind,
          target,
          file: { path: absolute, fileName: uniqueName, type: check.type.mime },
          describe: `File ${uniqueName} on ${this.#recordText(record)}`,
        });
        this.#rows.setOperation(id, operationId);
      })();
    } catch (error) {
      rmSync(absolute, { force: true });
      throw error;
    }
    const row = this.#rows.byId(id);
    if (!row) throw new Error(`Attachment ${id} vanished after it was stored`);
    return this.#localView(row, this.#writes.standings(row.operation_id === null ? [] : [row.operation_id]));
  }

  /** The back office's files (or the copy saved at the last read) with this PC's uploads merged in. */
  async list(args: ParsedCallArgs<'files.list'>): Promise<CallValue<'files.list'>> {
    const { record } = args;
    const ref = refOf(record);
    const local = this.#rows.forRecord(record.kind, ref);
    const standings = this.#writes.standings(local.flatMap((row) => row.operation_id ?? []));
    const read = await this.#readList(record, ref);
    const copied = this.#rows.copiedIds(record.kind, ref);
    const byName = new Map(local.map((row) => [row.file_name, row]));
    const listedNames = new Set<string>();
    const fromBackOffice: AttachmentFile[] = read.files.map((file) => {
      listedNames.add(file.fileName);
      const mine = byName.get(file.fileName);
      return mine
        ? { ...this.#localView(mine, standings), fileId: file.id, type: file.type || mine.mime_type }
        : {
            fileId: file.id,
            localId: null,
            fileName: file.fileName,
            type: file.type,
            sendState: null,
            operationId: null,
            reasonText: null,
            offline: copied.has(file.id),
          };
    });
    // Newest first, as the back office lists: this PC's uploads not listed yet come on top.
    const waiting = local
      .filter((row) => !listedNames.has(row.file_name))
      .reverse()
      .map((row) => this.#localView(row, standings));
    return { ...read, files: [...waiting, ...fromBackOffice] };
  }

  /** A file's bytes: this PC's copy when there is one, else downloaded once and kept for offline. */
  async open(args: ParsedCallArgs<'files.open'>): Promise<CallValue<'files.open'>> {
    const { record } = args;
    const ref = refOf(record);
    if (args.localId !== undefined) {
      const row = this.#rows.byId(args.localId);
      if (!row || row.record_kind !== record.kind || row.record_ref !== ref) {
        throw Refusal.notFound(`No file ${args.localId} attached on this PC to ${this.#recordText(record)}`);
      }
      return this.#opened(row.file_name, row.mime_type, await this.#storedBytes(row.stored_path));
    }
    const fileId = args.fileId ?? 0;
    const copy = this.#rows.copy(record.kind, ref, fileId);
    const kept = copy ? await this.#folder.read(copy.stored_path) : undefined;
    if (copy && kept) return this.#opened(copy.file_name, copy.mime_type, kept);
    const listedName = this.#rows
      .savedList(record.kind, ref)
      ?.files.find((file) => file.id === fileId)?.fileName;
    const mine = listedName === undefined ? undefined : this.#rows.byName(listedName);
    if (mine) return this.#opened(mine.file_name, mine.mime_type, await this.#storedBytes(mine.stored_path));
    return this.#download(record, ref, fileId);
  }

  async #download(record: AttachmentRecord, ref: string, fileId: number): Promise<CallValue<'files.open'>> {
    const address = this.#addressOf(record);
    if (address === undefined) {
      throw Refusal.conflict(`${this.#recordText(record)} is not on the back office yet`, 'notSentYet');
    }
    let file;
    try {
      file = await attachmentCalls[record.kind].detail(this.#client, address, fileId);
    } catch (error) {
      if (isBackofficeFailure(error) && error.kind === 'permanent') {
        throw Refusal.notFound(`${this.#recordText(record)} has no file ${fileId}`, 'fileNotFound');
      }
      if (!isBackofficeFailure(error)) throw error;
      throw Refusal.conflict(
        `This file was not opened on this PC before, and the back office cannot be reached now (${error.text})`,
        'notOnThisPc',
      );
    }
    const bytes = Buffer.from(file.content, 'base64');
    const type = typeOf(file.fileName, file.type);
    const storedPath = await this.#folder.writeCopy(`${record.kind}/${ref}/${fileId}`, bytes);
    this.#rows.saveCopy(
      record.kind,
      ref,
      { fileId, fileName: file.fileName, mimeType: type, size: bytes.length, storedPath },
      this.#now(),
    );
    return this.#opened(file.fileName, type, bytes);
  }

  async #storedBytes(storedPath: string): Promise<Buffer> {
    const bytes = await this.#folder.read(storedPath);
    if (bytes === undefined)
      throw Refusal.notFound(`The copy ${storedPath} is no longer on this PC`, 'fileGone');
    return bytes;
  }

  #opened(fileName: string, type: string, bytes: Buffer): CallValue<'files.open'> {
    const allowed = ALLOWED_ATTACHMENT_TYPES[extensionOf(fileName)];
    // The listed type may not match the bytes (api notes): only a picture or PDF whose bytes say so is
    // shown in the page; anything else is saved.
    const shown =
      allowed !== undefined && allowed.view !== 'save' && allowed.signature(bytes.subarray(0, 16));
    const view = shown ? allowed.view : 'save';
    return {
      fileName,
      type: typeOf(fileName, type),
      view,
      size: bytes.length,
      content: bytes.toString('base64'),
    };
  }

  async #readList(
    record: AttachmentRecord,
    ref: string,
  ): Promise<{
    files: ListedFile[];
    source: 'backOffice' | 'saved' | 'none';
    fetchedAt: number | null;
    problem: string | null;
  }> {
    const saved = () => {
      const copy = this.#rows.savedList(record.kind, ref);
      return copy
        ? { files: [...copy.files], source: 'saved' as const, fetchedAt: copy.fetchedAt }
        : { files: [], source: 'none' as const, fetchedAt: null };
    };
    const address = this.#addressOf(record);
    if (address === undefined) return { ...saved(), problem: null };
    try {
      const files = await attachmentCalls[record.kind].list(this.#client, address);
      const now = this.#now();
      this.#rows.saveList(record.kind, ref, files, now);
      return { files, source: 'backOffice', fetchedAt: now, problem: null };
    } catch (error) {
      if (!isBackofficeFailure(error)) throw error;
      if (error.kind === 'permanent') {
        throw Refusal.notFound(
          `The back office has no ${recordWords(record.kind, address)}`,
          'recordNotFound',
        );
      }
      this.#onProblem('The file list could not be read; the saved one is shown', {
        record: recordWords(record.kind, address),
        kind: error.kind,
      });
      return { ...saved(), problem: error.text };
    }
  }

  /** Where the back office finds the record now; undefined for a quotation whose create is not done. */
  #addressOf(record: AttachmentRecord): RecordAddress | undefined {
    if (record.id !== undefined) return { id: record.id };
    if (record.number !== undefined) return { number: record.number };
    const create = this.#writes.standings([record.operationId ?? 0]).get(record.operationId ?? 0);
    return create?.state === 'done' && create.serverId !== null ? { id: create.serverId } : undefined;
  }

  #targetOf(record: AttachmentRecord): UploadTarget {
    if (record.id !== undefined) return { serverId: record.id };
    if (record.number !== undefined) return { number: record.number };
    return { afterOperation: record.operationId ?? 0 };
  }

  #recordText(record: AttachmentRecord): string {
    if (record.operationId !== undefined)
      return `the quotation made on this PC (operation ${record.operationId})`;
    return recordWords(
      record.kind,
      record.id !== undefined ? { id: record.id } : { number: record.number ?? '' },
    );
  }

  #localView(row: AttachmentRow, standings: Standings): AttachmentFile {
    const standing = row.operation_id === null ? undefined : standings.get(row.operation_id);
    return {
      fileId: null,
      localId: row.id,
      fileName: row.file_name,
      type: row.mime_type,
      sendState: sendStateOf(standing),
      operationId: row.operation_id,
      reasonText: standing?.mark === 'needsAttention' ? standing.reasonText : null,
      offline: true,
    };
  }
}

/** The type from the name's extension when it is one we know, else what the back office said. */
function typeOf(fileName: string, listed: string): string {
  return (
    ALLOWED_ATTACHMENT_TYPES[extensionOf(fileName)]?.mime ?? (listed.trim() || 'application/octet-stream')
  );
}
