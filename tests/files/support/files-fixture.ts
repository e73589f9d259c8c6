// A FilesService on a real database file and files folder, its outbox and a real sandbox over loopback;
// `attach` stages bytes in chunks as the page does.
import { join } from 'node:path';
import { FileFolder } from '../../../src-main/files/file-folder.js';
import { FilesService } from '../../../src-main/files/files.service.js';
import { outboxFileWrites } from '../../../src-main/files/outbox-file-writes.js';
import type { Outbox } from '../../../src-main/outbox/index.js';
import type { AttachmentRecord } from '../../../src-shared/ipc/schemas/files.js';
import { STAGE_CHUNK_BYTES } from '../../../src-shared/files/attachment-rules.js';
import { startOutboxFixture, type OutboxFixture } from '../../outbox/support/outbox-fixture.js';

/** A real 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

export interface FilesFixture {
  readonly fx: OutboxFixture;
  readonly files: FilesService;
  readonly folder: FileFolder;
  readonly outbox: Outbox;
  /** Stages `bytes` in chunks and attaches them under `fileName`. */
  attach(record: AttachmentRecord, fileName: string, bytes: Uint8Array): ReturnType<FilesService['attach']>;
  close(): Promise<void>;
}

export async function startFilesFixture(): Promise<FilesFixture> {
  const fx = await startOutboxFixture({ products: 5 });
  const folder = new FileFolder(join(fx.temp.folder, 'store.files'));
  const files = new FilesService({
    db: fx.db,
    client: fx.client(),
    writes: outboxFileWrites(fx.db),
    folder,
    now: fx.clock.now,
  });
  return {
    fx,
    files,
    folder,
    outbox: fx.outbox(),
    async attach(record, fileName, bytes) {
      let uploadId: string | null = null;
      for (let offset = 0; offset < bytes.length; offset += STAGE_CHUNK_BYTES) {
        const chunk = Buffer.from(bytes.subarray(offset, offset + STAGE_CHUNK_BYTES)).toString('base64');
        uploadId = (await files.stage({ uploadId, offset, chunk })).uploadId;
      }
      return files.attach({ record, uploadId: uploadId ?? '', fileName });
    },
    close: () => fx.close(),
  };
}
