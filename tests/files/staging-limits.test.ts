// Staged uploads (issue 21): a chunk's offset check and its append are one step, so a chunk sent twice
// at once is taken once; the bytes staged per store are capped (MAX_STAGED_BYTES), abandoned uploads do
// not count; and what an earlier run left in staging is removed when the store opens.
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, rm, utimes, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FileFolder, MAX_STAGED_BYTES, STAGING_IDLE_MS } from '../../src-main/files/file-folder.js';
import { FilesService } from '../../src-main/files/files.service.js';
import { outboxFileWrites } from '../../src-main/files/outbox-file-writes.js';
import { Refusal } from '../../src-main/refusal/refusal.js';
import { MAX_ATTACHMENT_BYTES } from '../../src-shared/files/attachment-rules.js';
import { startFilesFixture, type FilesFixture } from './support/files-fixture.js';

let f: FilesFixture;
beforeAll(async () => {
  f = await startFilesFixture();
});
afterAll(() => f.close());

const staging = () => join(f.folder.root, 'staging');
const stagingFiles = () => (existsSync(staging()) ? readdirSync(staging()).sort() : []);

beforeEach(async () => {
  await rm(staging(), { recursive: true, force: true });
});

/** A staging file as an upload of another page (or an earlier run) leaves it. */
async function plantStaged(bytes: number, lastWrittenMsAgo = 0): Promise<string> {
  await mkdir(staging(), { recursive: true });
  const name = `${randomUUID()}.part`;
  const path = join(staging(), name);
  await writeFile(path, Buffer.alloc(bytes, 1));
  if (lastWrittenMsAgo !== 0) {
    const when = new Date(Date.now() - lastWrittenMsAgo);
    await utimes(path, when, when);
  }
  return name;
}

const base64 = (text: string) => Buffer.from(text).toString('base64');

describe('a chunk sent more than once', () => {
  it('four copies at one offset at once: exactly one is taken, three are refused as offset', async () => {
    const { uploadId } = await f.files.stage({ uploadId: null, offset: 0, chunk: base64('%PDF-') });
    const copies = await Promise.allSettled(
      Array.from({ length: 4 }, () => f.files.stage({ uploadId, offset: 5, chunk: base64('1.4\n') })),
    );
    const taken = copies.filter((copy) => copy.status === 'fulfilled');
    const refused = copies.flatMap((copy) => (copy.status === 'rejected' ? [copy.reason as unknown] : []));
    expect(taken).toHaveLength(1);
    expect(refused).toHaveLength(3);
    for (const refusal of refused) {
      expect(refusal).toBeInstanceOf(Refusal);
      expect(refusal).toMatchObject({
        code: 'conflict',
        reason: 'offset',
        message: expect.stringContaining('has 9 bytes, not 5'),
      });
    }
    const staged = await f.folder.staged(uploadId);
    expect(staged.size).toBe(9);
  });
});

describe('the bytes staged per store', () => {
  it(`are capped at ${MAX_STAGED_BYTES / (1024 * 1024)} MiB: past it a chunk is refused as stagingFull`, async () => {
    const full = MAX_STAGED_BYTES / MAX_ATTACHMENT_BYTES;
    const others = [];
    for (let index = 0; index < full; index++) others.push(await plantStaged(MAX_ATTACHMENT_BYTES));
    const error = await f.files.stage({ uploadId: null, offset: 0, chunk: base64('%PDF-') }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(Refusal);
    expect(error).toMatchObject({ code: 'conflict', reason: 'staging-full' });
    expect((error as Refusal).message).toContain(`already hold 40 MB of the 40 MB that may wait at once`);
    // The refused upload is not kept; the others are untouched.
    expect(stagingFiles()).toEqual(others.sort());
  });

  it('an abandoned upload (idle past STAGING_IDLE_MS) does not count, and is removed', async () => {
    const full = MAX_STAGED_BYTES / MAX_ATTACHMENT_BYTES;
    const abandoned = await plantStaged(MAX_ATTACHMENT_BYTES, STAGING_IDLE_MS + 60_000);
    for (let index = 1; index < full; index++) await plantStaged(MAX_ATTACHMENT_BYTES);
    const { uploadId } = await f.files.stage({ uploadId: null, offset: 0, chunk: base64('%PDF-') });
    expect(stagingFiles()).toContain(`${uploadId}.part`);
    expect(stagingFiles()).not.toContain(abandoned);
    expect(stagingFiles()).toHaveLength(full);
  });
});

describe('at the start of the store', () => {
  it('a staged upload an earlier run left is removed; one staged since is kept', async () => {
    const left = await plantStaged(1024, 60_000);
    // The store opens again (store-session.ts makes a new folder and sweeps it).
    const folder = new FileFolder(f.folder.root);
    const files = new FilesService({
      db: f.fx.db,
      client: f.fx.client(),
      writes: outboxFileWrites(f.fx.db),
      folder,
    });
    const { uploadId } = await files.stage({ uploadId: null, offset: 0, chunk: base64('%PDF-') });
    await files.sweep();
    expect(stagingFiles()).toEqual([`${uploadId}.part`]);
    expect(left).not.toBe(`${uploadId}.part`);
  });

  it('the sweep goes by who started the upload, not by file times', async () => {
    const folder = new FileFolder(f.folder.root);
    // Written after the folder opened (a clock step, or another process): still not this run's.
    const stranger = await plantStaged(1024, -60_000);
    const { uploadId } = await folder.stage(null, 0, Buffer.from('%PDF-'));
    await folder.sweepStaging();
    expect(stagingFiles()).toEqual([`${uploadId}.part`]);
    expect(stranger).not.toBe(`${uploadId}.part`);
  });
});
