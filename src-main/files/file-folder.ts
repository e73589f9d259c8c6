// The store's files folder (storage/paths.ts: `stores/<profile>.files/`):
//   staging/<upload id>.part   a file arriving from the page in chunks (swept at start and when idle)
//   attached/<unique name>     a file attached on this PC: renamed from staging, never copied again; the
//                              outbox opens it at send time (fs.openAsBlob) and it stays so it opens offline
//   opened/<kind>-<hash>.bin   a file downloaded once (written to a temporary name, then renamed)
// Stored paths are relative to the folder, so the rows survive the user-data folder moving.
import { createHash, randomUUID } from 'node:crypto';
import type { Stats } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_ATTACHMENT_BYTES, SIGNATURE_BYTES } from '../../src-shared/files/attachment-rules.js';
import { Refusal } from '../refusal/refusal.js';

const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The most bytes staged at once in one store's folder (issue 21): four files of the largest size the
 * back office takes. A person attaches one file at a time, so this is room to spare; a page that starts
 * uploads and never finishes them (a bug, or a hostile page through the web host) stops here instead of
 * filling the PC's disk.
 */
export const MAX_STAGED_BYTES = 4 * MAX_ATTACHMENT_BYTES;

/**
 * A staged upload that got no chunk for this long is abandoned (the page sends the next chunk as soon as
 * the last is answered): it no longer counts against MAX_STAGED_BYTES and is removed.
 */
export const STAGING_IDLE_MS = 30 * 60 * 1000;

export interface StagedFile {
  readonly path: string;
  readonly size: number;
  /** The first SIGNATURE_BYTES bytes (fewer for a shorter file). */
  readonly head: Uint8Array;
}

export class FileFolder {
  readonly #root: string;
  /**
   * The uploads this run started. The start-up sweep keeps only these: file times cannot tell (Linux
   * stamps a file with a clock that lags Date.now() by up to a tick, so a file written just after the
   * folder opened can look older than it).
   */
  readonly #startedHere = new Set<string>();
  /** Staging steps, one at a time: an offset check and its append are one step (issue 21). */
  #staging: Promise<unknown> = Promise.resolve();

  constructor(root: string) {
    this.#root = root;
  }

  get root(): string {
    return this.#root;
  }

  absolute(relative: string): string {
    return join(this.#root, relative);
  }

  /**
   * Appends a chunk to an upload's staging file (a new upload when `uploadId` is null). `offset` must be
   * what was received so far, so a repeated or lost chunk is refused rather than silently misplaced; the
   * check and the append are one step, so of two copies of a chunk sent at once only one is taken.
   */
  stage(
    uploadId: string | null,
    offset: number,
    chunk: Uint8Array,
  ): Promise<{ uploadId: string; size: number }> {
    return this.#oneAtATime(() => this.#append(uploadId, offset, chunk));
  }

  async #append(
    uploadId: string | null,
    offset: number,
    chunk: Uint8Array,
  ): Promise<{ uploadId: string; size: number }> {
    const id = uploadId ?? randomUUID();
    const path = this.#stagingPath(id);
    if (uploadId === null) {
      await mkdir(join(this.#root, 'staging'), { recursive: true });
      this.#startedHere.add(`${id}.part`);
    }
    const received = uploadId === null ? 0 : await sizeOf(path);
    if (received === undefined)
      throw Refusal.notFound(`Upload ${id} is not on this PC (it may have expired)`);
    if (received !== offset) {
      throw new Refusal('conflict', `Upload ${id} has ${received} bytes, not ${offset}`, {
        reason: 'offset',
      });
    }
    if (received + chunk.length > MAX_ATTACHMENT_BYTES) {
      await rm(path, { force: true });
      throw Refusal.field('file', tooLargeText(), 'file-too-large', tooLargeText());
    }
    const others = await this.#stagedBytesBesides(`${id}.part`);
    if (others + received + chunk.length > MAX_STAGED_BYTES) {
      await rm(path, { force: true });
      throw new Refusal('conflict', stagingFullText(others), { reason: 'staging-full' });
    }
    const handle = await open(path, 'a');
    try {
      await handle.write(chunk);
      await handle.sync();
    } finally {
      await handle.close();
    }
    return { uploadId: id, size: received + chunk.length };
  }

  /** The bytes of the other uploads staged now; an abandoned one (idle STAGING_IDLE_MS) is removed. */
  async #stagedBytesBesides(ownName: string): Promise<number> {
    const now = Date.now();
    let total = 0;
    for (const { name, path, info } of await this.#stagingFiles()) {
      if (name === ownName) continue;
      if (now - info.mtimeMs > STAGING_IDLE_MS) await rm(path, { force: true });
      else total += info.size;
    }
    return total;
  }

  async #stagingFiles(): Promise<Array<{ name: string; path: string; info: Stats }>> {
    const directory = join(this.#root, 'staging');
    const names = await readdir(directory).catch(() => [] as string[]);
    const files = [];
    for (const name of names) {
      const path = join(directory, name);
      const info = await stat(path).catch(() => undefined);
      if (info?.isFile()) files.push({ name, path, info });
    }
    return files;
  }

  #oneAtATime<T>(step: () => Promise<T>): Promise<T> {
    const run = this.#staging.then(step, step);
    this.#staging = run.catch(() => {});
    return run;
  }

  /** A staged upload's size and first bytes; not-found when there is none. */
  async staged(uploadId: string): Promise<StagedFile> {
    const path = this.#stagingPath(uploadId);
    const handle = await open(path, 'r').catch(() => {
      throw Refusal.notFound(`Upload ${uploadId} is not on this PC (it may have expired)`);
    });
    try {
      const { size } = await handle.stat();
      const head = new Uint8Array(Math.min(size, SIGNATURE_BYTES));
      await handle.read(head, 0, head.length, 0);
      return { path, size, head };
    } finally {
      await handle.close();
    }
  }

  /** Moves a staged upload to `attached/<name>` (a rename: the bytes are not copied); its relative path. */
  async keep(uploadId: string, uniqueName: string): Promise<string> {
    await mkdir(join(this.#root, 'attached'), { recursive: true });
    const relative = join('attached', uniqueName);
    await rename(this.#stagingPath(uploadId), this.absolute(relative));
    return relative;
  }

  async discardStaged(uploadId: string): Promise<void> {
    await rm(this.#stagingPath(uploadId), { force: true });
  }

  async read(relative: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.absolute(relative));
    } catch {
      return undefined;
    }
  }

  /** Keeps a downloaded file; its relative path. Written whole under a temporary name, then renamed. */
  async writeCopy(key: string, bytes: Uint8Array): Promise<string> {
    await mkdir(join(this.#root, 'opened'), { recursive: true });
    const relative = join('opened', `${createHash('sha256').update(key).digest('hex').slice(0, 32)}.bin`);
    const temporary = `${this.absolute(relative)}.${randomUUID()}.tmp`;
    await writeFile(temporary, bytes);
    await rename(temporary, this.absolute(relative));
    return relative;
  }

  /**
   * Removes every staging file this run did not start: an upload belongs to a page
   * of this run, so one left by an earlier run (a crash, a page closed mid-upload) can never be finished.
   */
  sweepStaging(): Promise<void> {
    return this.#oneAtATime(async () => {
      for (const { name, path } of await this.#stagingFiles()) {
        if (!this.#startedHere.has(name)) await rm(path, { force: true });
      }
    });
  }

  #stagingPath(uploadId: string): string {
    if (!UPLOAD_ID.test(uploadId)) {
      throw Refusal.field('uploadId', 'is not an upload of this PC');
    }
    return join(this.#root, 'staging', `${uploadId}.part`);
  }
}

function stagingFullText(others: number): string {
  const megabytes = (bytes: number) => Math.ceil(bytes / (1024 * 1024));
  return `Files being added on this PC already hold ${megabytes(others)} MB of the ${megabytes(MAX_STAGED_BYTES)} MB that may wait at once: attach them first, then add this one`;
}

function tooLargeText(): string {
  return `is larger than ${MAX_ATTACHMENT_BYTES / (1024 * 1024)} MB, the largest file the back office takes`;
}

async function sizeOf(path: string): Promise<number | undefined> {
  const info = await stat(path).catch(() => undefined);
  return info?.size;
}
