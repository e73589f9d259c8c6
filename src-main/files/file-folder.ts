// The store's files folder (storage/paths.ts: `stores/<profile>.files/`):
//   staging/<upload id>.part   a file arriving from the page in chunks (swept after a day)
//   attached/<unique name>     a file attached on this PC: renamed from staging, never copied again; the
//                              outbox opens it at send time (fs.openAsBlob) and it stays so it opens offline
//   opened/<kind>-<hash>.bin   a file downloaded once (written to a temporary name, then renamed)
// Stored paths are relative to the folder, so the rows survive the user-data folder moving.
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_ATTACHMENT_BYTES, SIGNATURE_BYTES } from '../../src-shared/files/attachment-rules.js';
import { Refusal } from '../refusal.js';

const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const STAGING_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export interface StagedFile {
  readonly path: string;
  readonly size: number;
  /** The first SIGNATURE_BYTES bytes (fewer for a shorter file). */
  readonly head: Uint8Array;
}

export class FileFolder {
  readonly #root: string;

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
   * what was received so far, so a repeated or lost chunk is refused rather than silently misplaced.
   */
  async stage(
    uploadId: string | null,
    offset: number,
    chunk: Uint8Array,
  ): Promise<{ uploadId: string; size: number }> {
    const id = uploadId ?? randomUUID();
    const path = this.#stagingPath(id);
    if (uploadId === null) await mkdir(join(this.#root, 'staging'), { recursive: true });
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
      throw new Refusal('invalid-arguments', tooLargeText(), {
        reason: 'fileTooLarge',
        issues: [{ path: 'file', message: tooLargeText() }],
      });
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

  /** Removes staging files older than a day (an upload the page never finished). */
  async sweepStaging(now: number): Promise<void> {
    const directory = join(this.#root, 'staging');
    const names = await readdir(directory).catch(() => [] as string[]);
    for (const name of names) {
      const path = join(directory, name);
      const info = await stat(path).catch(() => undefined);
      if (info && now - info.mtimeMs > STAGING_MAX_AGE_MS) await rm(path, { force: true });
    }
  }

  #stagingPath(uploadId: string): string {
    if (!UPLOAD_ID.test(uploadId)) {
      throw new Refusal('invalid-arguments', 'uploadId is not an upload of this PC', {
        issues: [{ path: 'uploadId', message: 'is not an upload of this PC' }],
      });
    }
    return join(this.#root, 'staging', `${uploadId}.part`);
  }
}

function tooLargeText(): string {
  return `is larger than ${MAX_ATTACHMENT_BYTES / (1024 * 1024)} MB, the largest file the back office takes`;
}

async function sizeOf(path: string): Promise<number | undefined> {
  const info = await stat(path).catch(() => undefined);
  return info?.size;
}
