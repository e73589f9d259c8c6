// The release script (tooling/sign-release.ts): what it signs verifies in the app with the shipped
// public key; it refuses to sign with another key, a channel file that does not describe the folder, or
// no key at all; it makes the key pair without ever overwriting a key. Keys are made here.
import { execFile } from 'node:child_process';
import { generateKeyPairSync, createPublicKey } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import {
  generateReleaseKey,
  readReleasePrivateKey,
  RELEASE_KEY_ENV,
  RELEASE_KEY_FILE_ENV,
  signReleaseFolder,
} from '../../tooling/sign-release.js';
import { releasePublicKey } from '../../src-main/updates/release-key.js';
import { verifySignedManifest } from '../../src-main/updates/release-manifest.js';
import { PROJECT_ROOT } from '../app/support/build-app.js';
import { buildRelease, sha512Base64 } from './support/release-feed.js';

const root = mkdtempSync(join(tmpdir(), 'stockroom-sign-release-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const ours = generateKeyPairSync('ed25519');
const pem = (
  key: { export(options: { type: 'pkcs8' | 'spki'; format: 'pem' }): string | Buffer },
  type: 'pkcs8' | 'spki',
) => key.export({ type, format: 'pem' }).toString();

describe('signing a release', () => {
  it('writes a manifest per channel that the app verifies with the shipped public key', async () => {
    const windows = buildRelease(root, '0.4.0');
    const linux = buildRelease(root, '0.4.0', { channel: 'latest-linux.yml' });
    expect(linux.folder).toBe(windows.folder); // both channels in one dist/
    const written = await signReleaseFolder({
      folder: windows.folder,
      privateKey: ours.privateKey,
      expectedPublicKey: ours.publicKey,
    });
    expect(written.map((path) => path.slice(windows.folder.length + 1)).sort()).toEqual([
      'latest-linux.release.json',
      'latest.release.json',
    ]);
    const shipped = releasePublicKey(pem(ours.publicKey, 'spki'));
    if (!shipped.ok) throw new Error(shipped.problem);
    const verified = verifySignedManifest(readFileSync(join(windows.folder, 'latest.release.json'), 'utf8'), {
      publicKey: shipped.key,
      channel: 'latest.yml',
      currentVersion: '0.3.9',
    });
    expect(verified).toEqual({
      ok: true,
      value: {
        format: 'stockroom-release/1',
        channel: 'latest.yml',
        version: '0.4.0',
        files: [{ url: windows.installer, size: windows.bytes.length, sha512: sha512Base64(windows.bytes) }],
        releaseDate: '2026-11-20T08:00:00.000Z',
      },
    });
    const linuxManifest = readFileSync(join(windows.folder, 'latest-linux.release.json'), 'utf8');
    expect(
      verifySignedManifest(linuxManifest, {
        publicKey: shipped.key,
        channel: 'latest-linux.yml',
        currentVersion: '0.3.9',
      }),
    ).toMatchObject({ ok: true, value: { channel: 'latest-linux.yml' } });
    // A manifest signed for one platform is not taken for another.
    expect(
      verifySignedManifest(linuxManifest, {
        publicKey: shipped.key,
        channel: 'latest.yml',
        currentVersion: '0.3.9',
      }),
    ).toMatchObject({
      ok: false,
      reason: 'malformed',
      problem: 'the signed manifest is for latest-linux.yml, not latest.yml',
    });
  });

  it('refuses a key other than the one the build ships', async () => {
    const release = buildRelease(root, '0.5.0');
    const other = generateKeyPairSync('ed25519');
    await expect(
      signReleaseFolder({
        folder: release.folder,
        privateKey: other.privateKey,
        expectedPublicKey: ours.publicKey,
      }),
    ).rejects.toThrow(/the signing key is [0-9a-f]{16} but this build ships release key [0-9a-f]{16}/);
  });

  it('refuses a channel file that does not describe the files beside it', async () => {
    const release = buildRelease(root, '0.6.0');
    writeFileSync(
      join(release.folder, release.installer),
      Buffer.from('rebuilt after latest.yml was written'),
    );
    const sign = () =>
      signReleaseFolder({
        folder: release.folder,
        privateKey: ours.privateKey,
        expectedPublicKey: ours.publicKey,
      });
    await expect(sign()).rejects.toThrow(`latest.yml lists ${release.installer} with another size or sha512`);
    writeFileSync(
      join(release.folder, 'latest.yml'),
      release.channelYaml.replaceAll(release.installer, '../elsewhere.exe'),
    );
    await expect(sign()).rejects.toThrow(
      'latest.yml lists a file that is not a plain name: ../elsewhere.exe',
    );
    const empty = mkdtempSync(join(root, 'empty-'));
    await expect(
      signReleaseFolder({ folder: empty, privateKey: ours.privateKey, expectedPublicKey: ours.publicKey }),
    ).rejects.toThrow(/holds no latest\*\.yml/);
  });
});

describe('the release key', () => {
  it('is made once: private key 0600, never over an existing file; its public half verifies', () => {
    const path = join(root, 'release-key.pem');
    const publicPem = generateReleaseKey(path);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(() => generateReleaseKey(path)).toThrow(/EEXIST/);
    const privateKey = readReleasePrivateKey(path, {});
    expect(createPublicKey(privateKey).export({ type: 'spki', format: 'pem' })).toBe(publicPem);
    expect(releasePublicKey(publicPem)).toMatchObject({ ok: true });
  });

  it('is read from --key, STOCKROOM_RELEASE_KEY_FILE or STOCKROOM_RELEASE_KEY, else refused', () => {
    const path = join(root, 'env-key.pem');
    writeFileSync(path, pem(ours.privateKey, 'pkcs8'));
    const id = (key: ReturnType<typeof readReleasePrivateKey>) => pem(createPublicKey(key), 'spki');
    expect(id(readReleasePrivateKey(undefined, { [RELEASE_KEY_FILE_ENV]: path }))).toBe(
      pem(ours.publicKey, 'spki'),
    );
    expect(id(readReleasePrivateKey(undefined, { [RELEASE_KEY_ENV]: pem(ours.privateKey, 'pkcs8') }))).toBe(
      pem(ours.publicKey, 'spki'),
    );
    expect(() => readReleasePrivateKey(undefined, {})).toThrow(/no release key: pass --key/);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
    expect(() =>
      readReleasePrivateKey(undefined, { [RELEASE_KEY_ENV]: pem(rsa.privateKey, 'pkcs8') }),
    ).toThrow(/must be an Ed25519 private key/);
    expect(releasePublicKey(pem(rsa.publicKey, 'spki'))).toEqual({
      ok: false,
      problem: 'the release public key is rsa, not ed25519',
    });
    expect(releasePublicKey('not a key')).toMatchObject({ ok: false });
    expect(releasePublicKey(null)).toEqual({
      ok: false,
      problem: 'this build carries no release public key (release-key.ts)',
    });
  });

  it('the script run as the release runs it: refuses while the build ships no public key', async () => {
    const release = buildRelease(root, '0.7.0');
    const keyPath = join(root, 'cli-key.pem');
    writeFileSync(keyPath, pem(ours.privateKey, 'pkcs8'));
    const run = promisify(execFile);
    const failure = await run(
      process.execPath,
      ['--import', 'tsx', 'tooling/sign-release.ts', '--key', keyPath, release.folder],
      { cwd: PROJECT_ROOT },
    ).then(
      () => null,
      (error: { code?: number; stderr?: string }) => error,
    );
    expect(failure).toMatchObject({
      code: 1,
      stderr:
        'sign-release: src-main/updates/release-key.ts holds no release public key: set it before signing\n',
    });
  });
});
