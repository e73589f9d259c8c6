// Updates must prove they come from us: releases signed by the release script (tooling/sign-release.ts)
// served from a real feed on 127.0.0.1, read the way the shell reads them around electron-updater
// (src-main/app/updater.ts): the channel file's offer checked against the signed manifest before any
// download, then the downloaded file against the manifest's size and sha512. Keys are made here.
import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { load } from 'js-yaml';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signReleaseFolder } from '../../tooling/sign-release.js';
import { checkFeed } from '../../src-main/updates/feed-check.js';
import { checkOfferedRelease, verifyDownloadedFile } from '../../src-main/updates/release-guard.js';
import {
  RELEASE_MANIFEST_FORMAT,
  signReleaseManifest,
  type OfferedRelease,
} from '../../src-main/updates/release-manifest.js';
import {
  buildRelease,
  channelYaml,
  sha512Base64,
  startFeedServer,
  type BuiltRelease,
  type FeedAnswer,
  type FeedServer,
} from './support/release-feed.js';

const RUNNING = '0.1.0';
const ours = generateKeyPairSync('ed25519');
const theirs = generateKeyPairSync('ed25519');
const root = mkdtempSync(join(tmpdir(), 'stockroom-release-signature-'));
let feed: FeedServer;
let current: BuiltRelease;
let old: BuiltRelease;
/** latest.release.json of each release, as the release script wrote it. */
let signedCurrent = '';
let signedOld = '';

/** Publishes a folder of the feed: the channel file, its signed manifest (unless null), the installer. */
function publish(
  folder: string,
  files: {
    yaml: string;
    signed: string | null;
    installer: string;
    bytes: FeedAnswer;
  },
) {
  feed.files.set(`/${folder}/latest.yml`, files.yaml);
  if (files.signed !== null) feed.files.set(`/${folder}/latest.release.json`, files.signed);
  feed.files.set(`/${folder}/${files.installer}`, files.bytes);
}

beforeAll(async () => {
  feed = await startFeedServer();
  current = buildRelease(root, '0.2.0');
  old = buildRelease(root, '0.0.9');
  for (const release of [current, old]) {
    await signReleaseFolder({
      folder: release.folder,
      privateKey: ours.privateKey,
      expectedPublicKey: ours.publicKey,
    });
  }
  signedCurrent = readFileSync(join(current.folder, 'latest.release.json'), 'utf8');
  signedOld = readFileSync(join(old.folder, 'latest.release.json'), 'utf8');
  const asPublished = { yaml: current.channelYaml, installer: current.installer, bytes: current.bytes };

  publish('valid', { ...asPublished, signed: signedCurrent });
  publish('unsigned', { ...asPublished, signed: null });
  publish('signature-missing', {
    ...asPublished,
    signed: JSON.stringify({ manifest: (JSON.parse(signedCurrent) as { manifest: string }).manifest }),
  });

  // Someone with the feed host but not our key: their own installer, manifest signed with their key.
  const planted = Buffer.from('MZ planted installer');
  const plantedManifest = {
    format: RELEASE_MANIFEST_FORMAT,
    channel: 'latest.yml',
    version: '0.2.0',
    files: [{ url: current.installer, size: planted.length, sha512: sha512Base64(planted) }],
  };
  const plantedYaml = channelYaml('0.2.0', current.installer, planted);
  const signedByThem = signReleaseManifest(plantedManifest, theirs.privateKey);
  publish('wrong-key', {
    yaml: plantedYaml,
    signed: signedByThem,
    installer: current.installer,
    bytes: planted,
  });
  // …and claiming to be signed by our key.
  const claimingOurs = JSON.parse(signedByThem) as { keyId: string };
  claimingOurs.keyId = (JSON.parse(signedCurrent) as { keyId: string }).keyId;
  publish('wrong-key-our-id', {
    yaml: plantedYaml,
    signed: JSON.stringify(claimingOurs),
    installer: current.installer,
    bytes: planted,
  });

  // Our signature kept, the manifest's installer swapped for theirs.
  const altered = JSON.parse(signedCurrent) as { manifest: string };
  altered.manifest = JSON.stringify({ ...plantedManifest, releaseDate: '2026-11-20T08:00:00.000Z' });
  publish('altered-manifest', {
    yaml: plantedYaml,
    signed: JSON.stringify(altered),
    installer: current.installer,
    bytes: planted,
  });

  // The signed release, but the installer on the feed changed in one byte (same size).
  const flipped = Buffer.from(current.bytes);
  flipped[1000] = (flipped[1000] ?? 0) ^ 0xff;
  publish('altered-file', { ...asPublished, signed: signedCurrent, bytes: flipped });

  // An old build's signed manifest replayed, its channel file relabelled as newer than the running one.
  const relabelled = old.channelYaml.replace(/^version: 0\.0\.9$/m, 'version: 0.3.0');
  publish('downgrade', { yaml: relabelled, signed: signedOld, installer: old.installer, bytes: old.bytes });
  // The same replay, the channel file left as it was signed: no newer version to relabel it with.
  publish('downgrade-honest', {
    yaml: old.channelYaml,
    signed: signedOld,
    installer: old.installer,
    bytes: old.bytes,
  });

  // The signed release, but the installer cut short on the way.
  publish('truncated', { ...asPublished, signed: signedCurrent, bytes: current.bytes.subarray(0, 100_000) });

  // Endless answers: the signed manifest, and the channel file.
  publish('endless-manifest', { ...asPublished, signed: null });
  feed.files.set('/endless-manifest/latest.release.json', { endless: true, totalBytes: 128 * 1024 * 1024 });
  feed.files.set('/endless-channel/latest.yml', { endless: true, totalBytes: 128 * 1024 * 1024 });
});

afterAll(async () => {
  await feed.close();
  rmSync(root, { recursive: true, force: true });
});

/** The channel file as electron-updater reads it: its version and files (UpdateInfo). */
async function readOffer(feedUrl: string): Promise<OfferedRelease> {
  const response = await request(new URL('latest.yml', feedUrl));
  const info = load(await response.body.text()) as OfferedRelease;
  return { version: info.version, files: info.files };
}

/** What electron-updater does between the check and 'update-downloaded': the file saved to its cache. */
async function download(feedUrl: string, url: string): Promise<string> {
  const pending = join(root, 'pending', String(Math.random()).slice(2));
  mkdirSync(pending, { recursive: true });
  const path = join(pending, basename(url));
  const response = await request(new URL(url, feedUrl));
  writeFileSync(path, Buffer.from(await response.body.arrayBuffer()));
  return path;
}

/** The shell's path for one feed folder: verify the offer, then (if accepted) download and verify the file. */
async function update(folder: string, running = RUNNING) {
  const feedUrl = `${feed.base}/${folder}/`;
  const offer = await readOffer(feedUrl);
  const check = await checkOfferedRelease({
    feedUrl,
    channel: 'latest.yml',
    currentVersion: running,
    publicKey: ours.publicKey,
    offer,
  });
  if (!check.ok) return { stage: 'offer' as const, ...check };
  const file = offer.files[0];
  if (file === undefined) throw new Error('no file offered');
  const downloaded = await verifyDownloadedFile(await download(feedUrl, file.url), check.value);
  return { stage: 'download' as const, ...downloaded };
}

describe('an update from a feed on loopback', () => {
  it('is taken when the release key signed it and the file is the signed one', async () => {
    const result = await update('valid');
    expect(result).toEqual({
      stage: 'download',
      ok: true,
      value: { url: current.installer, size: current.bytes.length, sha512: sha512Base64(current.bytes) },
    });
  });

  it('is refused unsigned: no signed manifest on the feed, or one without a signature', async () => {
    expect(await update('unsigned')).toMatchObject({
      stage: 'offer',
      ok: false,
      reason: 'unsigned',
      problem: expect.stringMatching(/latest\.release\.json is not on the feed/),
    });
    expect(await update('signature-missing')).toMatchObject({
      stage: 'offer',
      ok: false,
      reason: 'unsigned',
    });
  });

  it('is refused when signed with another key, also when it names our key', async () => {
    expect(await update('wrong-key')).toMatchObject({
      stage: 'offer',
      ok: false,
      reason: 'wrong-key',
      problem: expect.stringMatching(/signed by key [0-9a-f]{16}, not this build's release key/),
    });
    expect(await update('wrong-key-our-id')).toMatchObject({ stage: 'offer', ok: false, reason: 'altered' });
  });

  it('is refused when the signed manifest was altered', async () => {
    expect(await update('altered-manifest')).toMatchObject({
      stage: 'offer',
      ok: false,
      reason: 'altered',
      problem: expect.stringMatching(/signature does not match the manifest/),
    });
  });

  it('is refused when the downloaded file is not the signed one', async () => {
    expect(await update('altered-file')).toMatchObject({
      stage: 'download',
      ok: false,
      reason: 'file-mismatch',
      problem: `${current.installer}'s sha512 is not the one the signed manifest names`,
    });
  });

  it('is refused when the download was cut short', async () => {
    expect(await update('truncated')).toMatchObject({
      stage: 'download',
      ok: false,
      reason: 'file-mismatch',
      problem: `${current.installer} is 100000 bytes; the signed manifest says ${current.bytes.length}`,
    });
  });

  it('is refused when an older signed release is replayed, by the signed version alone', async () => {
    expect(await update('downgrade')).toMatchObject({
      stage: 'offer',
      ok: false,
      reason: 'not-newer',
      problem: expect.stringMatching(/names 0\.0\.9, not newer than the running 0\.1\.0/),
    });
    expect(await update('downgrade-honest')).toMatchObject({
      stage: 'offer',
      ok: false,
      reason: 'not-newer',
    });
    // The current release replayed to a PC already running it.
    expect(await update('valid', '0.2.0')).toMatchObject({ stage: 'offer', ok: false, reason: 'not-newer' });
  });

  it('is refused when the channel file offers other files than the signed manifest', async () => {
    feed.files.set('/mismatch/latest.yml', channelYaml('0.2.0', 'Other-Setup.exe', current.bytes));
    feed.files.set('/mismatch/latest.release.json', signedCurrent);
    expect(await update('mismatch')).toMatchObject({
      stage: 'offer',
      ok: false,
      reason: 'mismatch',
      problem: 'the feed offers Other-Setup.exe, which is not in the signed manifest',
    });
  });
});

describe('feed files are read as a stream capped at 1 MiB', () => {
  it('stops reading an endless signed manifest and refuses it, saying why', async () => {
    const sentBefore = feed.endlessSent.length;
    expect(await update('endless-manifest')).toMatchObject({
      stage: 'offer',
      ok: false,
      reason: 'malformed',
      problem: expect.stringMatching(
        /latest\.release\.json is larger than 1048576 bytes; reading stopped there/,
      ),
    });
    await expect.poll(() => feed.endlessSent.length).toBe(sentBefore + 1);
    // What the server got out before the connection dropped: the cap and the sockets' buffers, no more.
    expect(feed.endlessSent.at(-1)).toBeLessThan(32 * 1024 * 1024);
  });

  it('stops reading an endless channel file and calls the feed corrupt', async () => {
    const sentBefore = feed.endlessSent.length;
    expect(
      await checkFeed({
        feedUrl: `${feed.base}/endless-channel/`,
        currentVersion: RUNNING,
        platform: 'win32',
      }),
    ).toEqual({
      kind: 'corrupt',
      problem: `${feed.base}/endless-channel/latest.yml is larger than 1048576 bytes; reading stopped there`,
    });
    await expect.poll(() => feed.endlessSent.length).toBe(sentBefore + 1);
    expect(feed.endlessSent.at(-1)).toBeLessThan(32 * 1024 * 1024);
  });
});
