// One record's files on the page: the list (the back office's, or the copy saved on this PC, with this
// PC's uploads merged in), attaching a chosen or dropped file (checked by name and size at once, sent
// to main in chunks, then checked again there), and opening one (a picture or a PDF is shown; what main
// warns about is held for the person to save or leave; anything else is saved). Problems are kept as text keys so they follow a language switch.
import type { AttachmentRefusal, ReceivedFileWarning } from '../../../src-shared/domain/vocabulary.js';
import {
  MAX_ATTACHMENT_BYTES,
  STAGE_CHUNK_BYTES,
  checkAttachmentName,
} from '../../../src-shared/files/attachment-rules.js';
import type {
  CallArgs,
  CallReason,
  CallValue,
  IpcError,
  IpcResult,
  ReasonOfCalls,
  StockroomBridge,
} from '../../../src-shared/ipc/index.js';
import type { AttachmentFile } from '../../../src-shared/ipc/schemas/files.js';
import { api } from '../../lib/api.js';
import { ft, kindKey, type FilesText } from './files-strings.js';
import { refusalSaid, type MainRefusal, type Said } from '../../lib/refusal-words.js';

export type RecordReference = CallArgs<'files.list'>['record'];
export type AttachmentList = CallValue<'files.list'>;
export type OpenedFile = CallValue<'files.open'>;

/** What the page can pick or drop: a File (name, size, slices). */
export interface PickedFile {
  readonly name: string;
  readonly size: number;
  slice(start: number, end: number): Blob;
}

interface Problem {
  readonly key: FilesText;
  readonly values?: Readonly<Record<string, string | number>>;
  /** Main's refusal, shown behind Details (its sentence is ours: the key's, else the code's). */
  readonly refusal?: MainRefusal;
  /** No key of ours says it: the refusal's code picks the sentence. */
  readonly generic?: boolean;
  /** The record it is about, named in the page's language when the words are made. */
  readonly record?: RecordReference;
}

export const MAX_MEGABYTES = MAX_ATTACHMENT_BYTES / (1024 * 1024);

const REFUSAL_KEYS: Readonly<Record<AttachmentRefusal, FilesText>> = {
  'file-empty': 'fileEmpty',
  'file-too-large': 'fileTooLarge',
  'file-type-not-allowed': 'fileTypeNotAllowed',
  'file-content-mismatch': 'fileContentMismatch',
};

/** Every reason the panel's calls can refuse with. */
type AttachmentsReason = ReasonOfCalls<'files.list' | 'files.stage' | 'files.attach' | 'files.open'>;

/** Each of them in the panel's words: a reason added to one of these calls needs its words here. */
const REASON_KEYS: Readonly<Record<AttachmentsReason, FilesText>> = {
  ...REFUSAL_KEYS,
  offset: 'stageOffset',
  'record-not-found': 'recordNotFound',
  'not-on-this-pc': 'notOnThisPc',
  'download-too-large': 'downloadTooLarge',
  'staging-full': 'stagingFull',
  'file-not-found': 'fileNotFound',
  'file-gone': 'fileGone',
  'not-sent-yet': 'notSentYet',
};

const WARNING_KEYS: Readonly<Record<ReceivedFileWarning, FilesText>> = {
  runnable: 'warnRunnable',
  unknownType: 'warnUnknownType',
  contentMismatch: 'warnContentMismatch',
};

/** Base64 of some bytes, in slices (String.fromCharCode takes a bounded argument list). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

export class Attachments {
  readonly #api: StockroomBridge;
  readonly #record: RecordReference;
  #list = $state<AttachmentList | null>(null);
  /** Reads of the list started so far; the newest one's answer is the one shown. */
  #reads = 0;
  #newestRead: Promise<void> = Promise.resolve();
  #loading = $state(false);
  #selected = $state(0);
  #progress = $state<{ name: string; percent: number } | null>(null);
  #problem = $state<Problem | null>(null);
  #notice = $state<Problem | null>(null);
  #shown = $state<OpenedFile | null>(null);
  #held = $state<OpenedFile | null>(null);

  constructor(record: RecordReference, bridge: StockroomBridge = api) {
    this.#api = bridge;
    this.#record = record;
  }

  get record(): RecordReference {
    return this.#record;
  }
  get files(): readonly AttachmentFile[] {
    return this.#list?.files ?? [];
  }
  get list(): AttachmentList | null {
    return this.#list;
  }
  get loading(): boolean {
    return this.#loading;
  }
  get selected(): number {
    return this.#selected;
  }
  get progress(): { readonly name: string; readonly percent: number } | null {
    return this.#progress;
  }
  /** What went wrong, in the page's language now (main's words behind Details). */
  get error(): Said | null {
    const problem = this.#problem;
    if (problem === null) return null;
    if (problem.refusal === undefined) return { sentence: wordsOf(problem), details: null };
    return refusalSaid(problem.refusal, problem.generic === true ? undefined : wordsOf(problem));
  }
  /** What just went right (attached, saved). */
  get notice(): string | null {
    return this.#notice ? ft(this.#notice.key, this.#notice.values) : null;
  }
  /** The picture or PDF being shown, if any. */
  get shown(): OpenedFile | null {
    return this.#shown;
  }
  /** A file main judged save-only with a warning (it could run, or is of no allowed type): never opened. */
  get held(): OpenedFile | null {
    return this.#held;
  }
  /** The held file's warning, in the page's language now. */
  get heldWarning(): string | null {
    const held = this.#held;
    if (held === null || held.warning === null) return null;
    return ft(WARNING_KEYS[held.warning], { name: held.fileName });
  }

  /**
   * Reads the record's files. Only the newest read is shown: one started earlier (e.g. waiting on an
   * unreachable back office) that answers later would put back a list without a file just attached.
   * Resolves once the list shown is at least as new as this read.
   */
  load(): Promise<void> {
    const read = ++this.#reads;
    const reading = this.#read(read);
    this.#newestRead = reading;
    return reading;
  }

  async #read(read: number): Promise<void> {
    this.#loading = true;
    try {
      const result = await this.#api.call('files.list', { record: this.#record });
      // A newer read shows the list; this one is done when that one is.
      if (read !== this.#reads) return await this.#newestRead;
      if (!result.ok) {
        this.#list = null;
        this.#problem = problemOf(result.error, '', this.#record);
        return;
      }
      this.#list = result.value;
      this.#problem = null;
      this.#selected = Math.min(this.#selected, Math.max(0, result.value.files.length - 1));
    } finally {
      if (read === this.#reads) this.#loading = false;
    }
  }

  select(index: number): void {
    this.#selected = Math.max(0, Math.min(index, this.files.length - 1));
  }

  move(step: number): void {
    this.select(this.#selected + step);
  }

  /**
   * Checks the name and size here (nothing is sent for a refused file), sends the bytes in chunks and
   * attaches them. True when the file is kept on this PC and queued.
   */
  async attach(file: PickedFile): Promise<boolean> {
    this.#notice = null;
    const named = checkAttachmentName(file.name, file.size);
    if (!named.ok) {
      this.#problem = { key: REFUSAL_KEYS[named.refusal], values: { name: file.name, size: MAX_MEGABYTES } };
      return false;
    }
    this.#problem = null;
    let uploadId: string | null = null;
    try {
      for (let offset = 0; offset < file.size; offset += STAGE_CHUNK_BYTES) {
        this.#progress = { name: file.name, percent: Math.floor((offset / file.size) * 100) };
        const end = Math.min(file.size, offset + STAGE_CHUNK_BYTES);
        const chunk = toBase64(new Uint8Array(await file.slice(offset, end).arrayBuffer()));
        const staged: IpcResult<CallValue<'files.stage'>, CallReason<'files.stage'>> = await this.#api.call(
          'files.stage',
          { uploadId, offset, chunk },
        );
        if (!staged.ok) return this.#refused(staged.error, file.name);
        uploadId = staged.value.uploadId;
      }
      if (uploadId === null)
        return this.#refused({ code: 'invalid-arguments', message: '', reason: 'file-empty' }, file.name);
      const attached = await this.#api.call('files.attach', {
        record: this.#record,
        uploadId,
        fileName: file.name,
      });
      if (!attached.ok) return this.#refused(attached.error, file.name);
      this.#notice = { key: 'attached', values: { name: attached.value.fileName } };
      // Kept on this PC and queued: on top of the list at once, whatever the list read behind it
      // answers or however long it takes (it asks the back office, which may be out of reach).
      const kept = attached.value;
      if (this.#list !== null) {
        const others = this.#list.files.filter((listed) => listed.fileName !== kept.fileName);
        this.#list = { ...this.#list, files: [kept, ...others] };
        this.select(0);
      }
      await this.load();
      this.select(0);
      return true;
    } finally {
      this.#progress = null;
    }
  }

  /**
   * Opens the chosen file: a picture or a PDF is shown; a file with a warning is held for the person to
   * save or leave (never opened); anything else is handed to `save`.
   */
  async open(save: (file: OpenedFile) => void): Promise<void> {
    const file = this.files[this.#selected];
    if (!file) return;
    this.#notice = null;
    const result = await this.#api.call('files.open', {
      record: this.#record,
      ...(file.fileId !== null ? { fileId: file.fileId } : { localId: file.localId ?? 0 }),
    });
    if (!result.ok) {
      this.#problem = problemOf(result.error, file.fileName, this.#record);
      return;
    }
    this.#problem = null;
    if (result.value.view !== 'save') {
      this.#shown = result.value;
      return;
    }
    if (result.value.warning !== null) {
      this.#held = result.value;
      return;
    }
    this.saveFile(result.value, save);
    await this.load();
  }

  /** Saves a file (one opened, or the one shown) and says so. */
  saveFile(file: OpenedFile, save: (file: OpenedFile) => void): void {
    save(file);
    this.#notice = { key: 'saved', values: { name: file.fileName } };
  }

  closeShown(): void {
    this.#shown = null;
  }

  /** Saves the held file (the person chose to, having read its warning) and lets it go. */
  saveHeld(save: (file: OpenedFile) => void): void {
    const held = this.#held;
    if (held === null) return;
    this.#held = null;
    this.saveFile(held, save);
  }

  closeHeld(): void {
    this.#held = null;
  }

  #refused(error: IpcError<AttachmentsReason>, name: string): false {
    this.#problem = problemOf(error, name, this.#record);
    return false;
  }
}

function problemOf(error: IpcError<AttachmentsReason>, name: string, record: RecordReference): Problem {
  const key = error.reason === undefined ? undefined : REASON_KEYS[error.reason];
  return key === undefined
    ? { key: 'fileGone', refusal: error, generic: true }
    : { key, values: { name, size: MAX_MEGABYTES }, refusal: error, record };
}

function wordsOf(problem: Problem): string {
  const record = problem.record;
  if (record === undefined) return ft(problem.key, problem.values);
  const reference = record.number ?? (record.id === undefined ? '' : `#${record.id}`);
  return ft(problem.key, { ...problem.values, record: `${ft(kindKey(record.kind))} ${reference}`.trim() });
}
