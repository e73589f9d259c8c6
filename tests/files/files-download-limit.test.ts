// A back office that answers a file download with 256 MiB (issue 21): the read stops at the cap for a
// file (the attachment limit as Base64) and the page is told why, with a reason it words itself; no
// partial copy is kept.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BackofficeClient } from '../../src-main/backoffice/index.js';
import { FilesService } from '../../src-main/files/files.service.js';
import { outboxFileWrites } from '../../src-main/files/outbox-file-writes.js';
import { Refusal } from '../../src-main/refusal/refusal.js';
import { startFlood, type Flood } from '../backoffice/support/flood-server.js';
import { TEST_CREDENTIALS } from '../backoffice/support/secrets.js';
import { startFilesFixture, type FilesFixture } from './support/files-fixture.js';

let f: FilesFixture;
let flood: Flood;
let client: BackofficeClient;
beforeAll(async () => {
  f = await startFilesFixture();
  flood = await startFlood(false);
  client = new BackofficeClient({
    baseUrl: flood.url,
    credentials: TEST_CREDENTIALS,
    retry: { attempts: 1 },
  });
});
afterAll(async () => {
  await client.close();
  await flood.close();
  await f.close();
});

it('refuses a file download larger than a file may be, as downloadTooLarge', async () => {
  const files = new FilesService({
    db: f.fx.db,
    client,
    writes: outboxFileWrites(f.fx.db),
    folder: f.folder,
  });
  const error = await files.open({ record: { kind: 'order', id: 1 }, fileId: 7 }).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(Refusal);
  expect(error).toMatchObject({ code: 'conflict', reason: 'download-too-large' });
  expect((error as Refusal).message).toContain('a fileDetail answer may be; it was not read');
  const opened = join(f.folder.root, 'opened');
  expect(existsSync(opened) ? readdirSync(opened) : []).toEqual([]);
});
