// A 5 MB file attached and uploaded: what it costs the app in memory. The back office is the sandbox in
// its own process (so its buffering is not counted); the app's side is measured in two steps:
//   attach — the bytes arrive in 512 KiB Base64 chunks (as over the contract), are appended to a staging
//            file, checked and renamed into the store's files folder, and the upload is queued;
//   upload — the outbox reads the record's file list, opens the kept copy with fs.openAsBlob and sends
//            it as multipart through undici.
// Peaks of RSS and of `arrayBuffers` (Buffers and ArrayBuffers outside the V8 heap) over the step,
// sampled every 2 ms, minus the figure before it, and their ratio to the file's size. The target: no
// whole-file copy beyond one (ratio ≤ 1). Asserts nothing. `npm run bench -- upload`
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { BackofficeClient } from '../src-main/backoffice/index.js';
import { openDatabase } from '../src-main/db/database.js';
import { FileFolder } from '../src-main/files/file-folder.js';
import { FilesService } from '../src-main/files/files.service.js';
import { outboxFileWrites } from '../src-main/files/outbox-file-writes.js';
import { Outbox } from '../src-main/outbox/index.js';
import { STAGE_CHUNK_BYTES } from '../src-shared/files/attachment-rules.js';
import { startExternalSandbox } from './support/external-sandbox.js';

const FILE_BYTES = 5 * 1024 * 1024;
const STORE = { name: 'bench-upload', apikey: 'bench-upload-key', apisecret: 'bench-upload-secret' };
const PURCHASE_ORDER = 'PO-0001';
const MB = 1024 * 1024;

interface Peak {
  readonly rss: number;
  readonly arrayBuffers: number;
}

// A full collection on demand, without starting node with --expose-gc.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/**
 * Runs `step` while sampling memory every 2 ms; the peak rise of each figure over its value before the
 * step. `live`: a full collection before each sample, so garbage not yet collected (chunks already
 * sent) is not counted and the figure is what was held at once; otherwise it includes that garbage.
 */
async function peakDuring(step: () => Promise<void>, live: boolean): Promise<Peak> {
  collect();
  const before = process.memoryUsage();
  let rss = before.rss;
  let arrayBuffers = before.arrayBuffers;
  const sample = () => {
    if (live) collect();
    const now = process.memoryUsage();
    rss = Math.max(rss, now.rss);
    arrayBuffers = Math.max(arrayBuffers, now.arrayBuffers);
  };
  const timer = setInterval(sample, 2);
  try {
    await step();
  } finally {
    clearInterval(timer);
    sample();
  }
  return { rss: rss - before.rss, arrayBuffers: arrayBuffers - before.arrayBuffers };
}

function report(step: string, peak: Peak): void {
  const ratio = (bytes: number) => (bytes / FILE_BYTES).toFixed(2);
  console.log(
    `${step.padEnd(7)} peak RSS +${(peak.rss / MB).toFixed(1)} MB (${ratio(peak.rss)}× the file), ` +
      `peak arrayBuffers +${(peak.arrayBuffers / MB).toFixed(1)} MB (${ratio(peak.arrayBuffers)}× the file)`,
  );
}

/** One attach and upload of a fresh 5 MB file, measured live or with garbage. */
async function pass(
  files: FilesService,
  outbox: Outbox,
  client: BackofficeClient,
  live: boolean,
): Promise<void> {
  // A PNG signature and 5 MB of noise (nothing compresses it on the way).
  const bytes = randomBytes(FILE_BYTES);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const chunks: string[] = [];
  for (let offset = 0; offset < FILE_BYTES; offset += STAGE_CHUNK_BYTES) {
    chunks.push(bytes.subarray(offset, offset + STAGE_CHUNK_BYTES).toString('base64'));
  }
  const record = { kind: 'purchaseOrder' as const, number: PURCHASE_ORDER };
  let fileName = '';
  const attach = await peakDuring(async () => {
    let uploadId: string | null = null;
    for (const [index, chunk] of chunks.entries()) {
      uploadId = (await files.stage({ uploadId, offset: index * STAGE_CHUNK_BYTES, chunk })).uploadId;
    }
    fileName = (await files.attach({ record, uploadId: uploadId ?? '', fileName: 'delivery.png' })).fileName;
  }, live);
  const started = performance.now();
  const upload = await peakDuring(async () => {
    await outbox.drain();
  }, live);
  const uploadMs = performance.now() - started;
  const listed = await client.call('GetPurchaseOrderFiles', { number: PURCHASE_ORDER });
  const copies = listed.filter((file) => file.fileName === fileName).length;
  console.log(
    `${live ? 'held at once (collected while sampling)' : 'with garbage not yet collected'}: ` +
      `upload ${uploadMs.toFixed(0)} ms, listed ${copies}×`,
  );
  report('attach', attach);
  report('upload', upload);
}

export async function run(): Promise<void> {
  const folder = await mkdtemp(join(tmpdir(), 'stockroom-bench-upload-'));
  const sandbox = await startExternalSandbox({
    dataFile: join(folder, 'sandbox.sqlite'),
    products: 10,
    store: STORE,
  });
  const db = openDatabase(join(folder, 'store.sqlite'));
  const client = new BackofficeClient({
    baseUrl: sandbox.url,
    credentials: { storename: STORE.name, ...STORE },
  });
  const outbox = new Outbox({ db, client });
  try {
    const files = new FilesService({
      db,
      client,
      writes: outboxFileWrites(db),
      folder: new FileFolder(join(folder, 'store.files')),
    });
    console.log(`file ${(FILE_BYTES / MB).toFixed(0)} MB`);
    await pass(files, outbox, client, false);
    await pass(files, outbox, client, true);
  } finally {
    await outbox.stop();
    await client.close();
    db.close();
    await sandbox.close();
    await rm(folder, { recursive: true, force: true });
  }
}
