// Signs a release for the update feed (docs/decisions/0011, "Release signature"). Run after
// `npm run dist` on the release machine, before dist/ is copied to the feed:
//
//   npx tsx tooling/sign-release.ts --key /secure/stockroom-release.pem [dist]
//   STOCKROOM_RELEASE_KEY_FILE=/secure/stockroom-release.pem npx tsx tooling/sign-release.ts
//   STOCKROOM_RELEASE_KEY="$(secret-tool lookup …)" npx tsx tooling/sign-release.ts
//
// For each latest*.yml electron-builder wrote, it checks that every file it lists is in the folder with
// that size and sha512, and writes the signed manifest beside it (latest.yml → latest.release.json).
// The key must be the one this build ships (src-main/updates/release-key.ts): a release no install can
// verify is refused here rather than on every PC. Once, to create the key pair:
//
//   npx tsx tooling/sign-release.ts --generate-key /secure/stockroom-release.pem
//
// writes the private key there (mode 0600, never over an existing file) and prints the public key to
// paste into release-key.ts. The private key never enters the repository.
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { load } from 'js-yaml';
import { sha512Of } from '../src-main/updates/release-guard.js';
import { RELEASE_PUBLIC_KEY_PEM } from '../src-main/updates/release-key.js';
import {
  RELEASE_MANIFEST_FORMAT,
  releaseKeyId,
  signedManifestFile,
  signReleaseManifest,
  type ReleaseFile,
} from '../src-main/updates/release-manifest.js';

export const RELEASE_KEY_FILE_ENV = 'STOCKROOM_RELEASE_KEY_FILE';
export const RELEASE_KEY_ENV = 'STOCKROOM_RELEASE_KEY';

interface ChannelYaml {
  version?: unknown;
  releaseDate?: unknown;
  files?: unknown;
}

/** Signs every channel file in `folder`; returns the signed manifests written. Throws saying what is wrong. */
export async function signReleaseFolder(options: {
  readonly folder: string;
  readonly privateKey: KeyObject;
  /** The key the app ships: signing with another is refused. */
  readonly expectedPublicKey: KeyObject;
}): Promise<string[]> {
  const signingKeyId = releaseKeyId(createPublicKey(options.privateKey));
  const shippedKeyId = releaseKeyId(options.expectedPublicKey);
  if (signingKeyId !== shippedKeyId) {
    throw new Error(
      `the signing key is ${signingKeyId} but this build ships release key ${shippedKeyId}: no install could verify this release`,
    );
  }
  const channels = readdirSync(options.folder).filter((name) => /^latest(-[a-z0-9-]+)?\.yml$/.test(name));
  if (channels.length === 0)
    throw new Error(`${options.folder} holds no latest*.yml: run npm run dist first`);
  const written: string[] = [];
  for (const channel of channels) {
    const info = load(readFileSync(join(options.folder, channel), 'utf8')) as ChannelYaml | null;
    const version = info?.version;
    if (typeof version !== 'string') throw new Error(`${channel} has no version`);
    const listed = Array.isArray(info?.files) ? (info.files as unknown[]) : [];
    if (listed.length === 0) throw new Error(`${channel} lists no files`);
    const files: ReleaseFile[] = [];
    for (const entry of listed) {
      const { url, sha512, size } = (entry ?? {}) as { url?: unknown; sha512?: unknown; size?: unknown };
      if (typeof url !== 'string' || basename(url) !== url) {
        throw new Error(`${channel} lists a file that is not a plain name: ${String(url)}`);
      }
      const path = join(options.folder, url);
      const actualSize = statSync(path).size;
      const actualSha512 = await sha512Of(path);
      // The manifest says what the folder holds; a channel file that says otherwise is stale.
      if (sha512 !== actualSha512 || (size !== undefined && size !== actualSize)) {
        throw new Error(`${channel} lists ${url} with another size or sha512 than the file in the folder`);
      }
      files.push({ url, size: actualSize, sha512: actualSha512 });
    }
    const releaseDate = typeof info?.releaseDate === 'string' ? info.releaseDate : undefined;
    const signed = signReleaseManifest(
      { format: RELEASE_MANIFEST_FORMAT, channel, version, files, ...(releaseDate ? { releaseDate } : {}) },
      options.privateKey,
    );
    const target = join(options.folder, signedManifestFile(channel));
    writeFileSync(target, signed);
    written.push(target);
  }
  return written;
}

/** The release private key from --key, STOCKROOM_RELEASE_KEY_FILE or STOCKROOM_RELEASE_KEY (PEM text). */
export function readReleasePrivateKey(
  keyPath: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
): KeyObject {
  const path = keyPath ?? env[RELEASE_KEY_FILE_ENV];
  const pem = path !== undefined ? readFileSync(path, 'utf8') : env[RELEASE_KEY_ENV];
  if (pem === undefined || pem.trim() === '') {
    throw new Error(
      `no release key: pass --key <file>, or set ${RELEASE_KEY_FILE_ENV} or ${RELEASE_KEY_ENV}`,
    );
  }
  const key = createPrivateKey(pem);
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('the release key must be an Ed25519 private key');
  return key;
}

/** Creates the release key pair: the private key in `path` (0600, never overwritten); returns the public PEM. */
export function generateReleaseKey(path: string): string {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  writeFileSync(path, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600, flag: 'wx' });
  return publicKey.export({ type: 'spki', format: 'pem' }).toString();
}

async function main(args: string[]): Promise<void> {
  const option = (name: string) => {
    const at = args.indexOf(name);
    if (at === -1) return undefined;
    const value = args[at + 1];
    if (value === undefined) throw new Error(`${name} needs a file path`);
    args.splice(at, 2);
    return value;
  };
  const generate = option('--generate-key');
  if (generate !== undefined) {
    const publicPem = generateReleaseKey(generate);
    process.stdout.write(
      `Private key written to ${generate}. Paste this into src-main/updates/release-key.ts:\n`,
    );
    process.stdout.write(publicPem);
    return;
  }
  const privateKey = readReleasePrivateKey(option('--key'), process.env);
  if (RELEASE_PUBLIC_KEY_PEM === null) {
    throw new Error('src-main/updates/release-key.ts holds no release public key: set it before signing');
  }
  const written = await signReleaseFolder({
    folder: args[0] ?? 'dist',
    privateKey,
    expectedPublicKey: createPublicKey(RELEASE_PUBLIC_KEY_PEM),
  });
  for (const file of written) process.stdout.write(`signed ${file}\n`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`sign-release: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
