// Files attached to orders, purchase orders and quotations (issue 11). Attaching works offline: the page
// stages the bytes in chunks, attach checks them (size, type by extension and first bytes), keeps them
// in the store's files folder under a unique name and queues the upload in one transaction with its
// row. Lists are the back office's (saved for offline) merged with this PC's uploads; a file opened
// once is kept, so it opens offline. Whatever is listed or opened is judged by received-files.ts: its
// name cleaned, its type sniffed from the bytes, and anything that could run only ever saved.
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Database } from 'better-sqlite3';
import {
  ALLOWED_ATTACHMENT_TYPES,
  MAX_ATTACHMENT_BYTES,
  checkAttachment,
  uniqueAttachmentName,
} from '../../src-shared/files/attachment-rules.js';
import { cleanFileName } from '../../src-shared/files/file-names.js';
import { judgeReceivedFile, listedContentType } from '../../src-shared/files/received-files.js';
import type { CallValue, ParsedCallArgs } from '../../src-shared/ipc/index.js';
import type { AttachmentRecordKind } from '../../src-shared/domain/vocabulary.js';
import type { AttachmentFile, AttachmentRecord } from '../../src-shared/ipc/schemas/files.js';
import { isBackofficeFailure, LocalCode } from '../backoffice/index.js';
import { sendStateOf } from '../outbox/index.js';
import type { WriteOperationState } from '../outbox/index.js';
import type { BackofficeCaller } from '../backoffice/index.js';
import { Refusal } from '../refusal/refusal.js';
import {
  attachmentCalls,
  recordWords,
  type ListedFile,
  type RecordAddress,
} from '../backoffice/attachment-calls.js';
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
  /**
   * What this PC's local copies know of a record (the quotations' copy): in it, known not to exist, or
   * not known. Without it, every record is not known.
   */
  readonly presence?: (kind: AttachmentRecordKind, at: RecordAddress) => 'here' | 'missing' | 'unknown';
}

const REFUSAL_TEXT = {
  'file-empty': 'is empty',
  'file-too-large': `is larger than ${MAX_ATTACHMENT_BYTES / (1024 * 1024)} MB, the largest file the back office takes`,
  'file-type-not-allowed': `is not a picture, PDF or office document (${Object.keys(ALLOWED_ATTACHMENT_TYPES).join(', ')})`,
  'file-content-mismatch': 'does not hold what its name says (its first bytes are not those of such a file)',
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
  readonly #presence: NonNullable<FilesServiceOptions['presence']>;
  readonly #rows: FilesRepository;

  constructor(options: FilesServiceOptions) {
    this.#db = options.db;
    this.#client = options.client;
    this.#writes = options.writes;
    this.#folder = options.folder;
    this.#now = options.now ?? Date.now;
    this.#onProblem = options.onProblem ?? (() => {});
    this.#presence = options.presence ?? (() => 'unknown');
    this.#rows = new FilesRepository(options.db);
  }

  /** Removes staged uploads the page never finished (at the store's start). */
  sweep(): Promise<void> {
    return this.#folder.sweepStaging();
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
      throw Refusal.field('fileName', message, check.refusal, `${fileName} ${message}`);
    }
    try {
      await this.#checkRecordExists(record);
    } catch (error) {
      await this.#folder.discardStaged(uploadId);
      throw error;
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
      // The sender's type and name are never shown as they are: the name cleaned, the type the
      // extension's (the bytes decide it once the file is opened).
      return mine
        ? { ...this.#localView(mine, standings), fileId: file.id }
        : {
            fileId: file.id,
            localId: null,
            fileName: cleanFileName(file.fileName),
            type: listedContentType(file.fileName),
            sendState: null,
            operationId: null,
            reasonText: null,
            reasonCode: null,
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
      return this.#opened(row.file_name, await this.#storedBytes(row.stored_path));
    }
    const fileId = args.fileId ?? 0;
    const copy = this.#rows.copy(record.kind, ref, fileId);
    const kept = copy ? await this.#folder.read(copy.stored_path) : undefined;
    if (copy && kept) return this.#opened(copy.file_name, kept);
    const listedName = this.#rows
      .savedList(record.kind, ref)
      ?.files.find((file) => file.id === fileId)?.fileName;
    const mine = listedName === undefined ? undefined : this.#rows.byName(listedName);
    if (mine) return this.#opened(mine.file_name, await this.#storedBytes(mine.stored_path));
    return this.#download(record, ref, fileId);
  }

  async #download(record: AttachmentRecord, ref: string, fileId: number): Promise<CallValue<'files.open'>> {
    const address = this.#addressOf(record);
    if (address === undefined) {
      throw Refusal.conflict(`${this.#recordText(record)} is not on the back office yet`, 'not-sent-yet');
    }
    let file;
    try {
      file = await attachmentCalls[record.kind].detail(this.#client, address, fileId);
    } catch (error) {
      if (isBackofficeFailure(error) && error.kind === 'permanent') {
        throw Refusal.notFound(`${this.#recordText(record)} has no file ${fileId}`, 'file-not-found');
      }
      if (!isBackofficeFailure(error)) throw error;
      if (error.code === LocalCode.answerTooLarge) {
        // A bigger file than the back office takes is not one it holds: stop rather than fill the PC.
        throw Refusal.conflict(
          `The back office sent more than a file may be (${error.text})`,
          'download-too-large',
        );
      }
      throw Refusal.conflict(
        `This file was not opened on this PC before, and the back office cannot be reached now (${error.text})`,
        'not-on-this-pc',
      );
    }
    const bytes = Buffer.from(file.content, 'base64');
    const judged = judgeReceivedFile(file.fileName, bytes);
    const storedPath = await this.#folder.writeCopy(`${record.kind}/${ref}/${fileId}`, bytes);
    this.#rows.saveCopy(
      record.kind,
      ref,
      { fileId, fileName: judged.fileName, mimeType: judged.type, size: bytes.length, storedPath },
      this.#now(),
    );
    return this.#opened(file.fileName, bytes);
  }

  async #storedBytes(storedPath: string): Promise<Buffer> {
    const bytes = await this.#folder.read(storedPath);
    if (bytes === undefined)
      throw Refusal.notFound(`The copy ${storedPath} is no longer on this PC`, 'file-gone');
    return bytes;
  }

  /**
   * Judged from its bytes every time, wherever they came from (the back office, a kept copy, this PC):
   * the name cleaned, the type sniffed, and only a picture or PDF whose bytes say so is shown; anything
   * that could run, or is not on the allow-list, is offered for saving with a warning.
   */
  #opened(fileName: string, bytes: Buffer): CallValue<'files.open'> {
    const judged = judgeReceivedFile(fileName, bytes);
    return { ...judged, size: bytes.length, content: bytes.toString('base64') };
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
          'record-not-found',
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

  /**
   * A record this PC knows is not there is refused before anything is queued (it would park later as
   * "Invalid ID."): one the local copy knows does not exist, or one the back office says it has not.
   * A record in the copy, or whose files were read before, is there; when neither is known and the back
   * office cannot be reached, the upload is queued (the drain finds out).
   */
  async #checkRecordExists(record: AttachmentRecord): Promise<void> {
    if (record.operationId !== undefined) return;
    const address: RecordAddress =
      record.id !== undefined ? { id: record.id } : { number: record.number ?? '' };
    const presence = this.#presence(record.kind, address);
    if (presence === 'missing') {
      throw Refusal.notFound(
        `There is no ${recordWords(record.kind, address)}: this PC has not made it, and nothing else can have its number`,
        'record-not-found',
      );
    }
    if (presence === 'here' || this.#rows.savedList(record.kind, refOf(record)) !== undefined) return;
    // Reads the record's files once (kept for offline); a back office without it refuses here.
    await this.#readList(record, refOf(record));
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
      reasonCode: standing?.mark === 'needsAttention' ? standing.reasonCode : null,
      offline: true,
    };
  }
}
