// The signed release manifest: what the release process vouches for, independent of the feed host.
// For each channel file electron-builder writes (latest.yml, latest-mac.yml, latest-linux.yml) the
// release signs a manifest (the channel, the version, and each file's name, size and sha512) with the
// Ed25519 release key (tooling/sign-release.ts) and publishes it beside it as `<channel>.release.json`:
//
//   {"manifest": "<the manifest's JSON text>", "signature": "<base64>", "keyId": "<16 hex>"}
//
// The signature covers the manifest's exact UTF-8 text, so nothing is re-serialised before checking.
// The app ships only the public key (release-key.ts). An update is taken only from a manifest that this
// key signed, for this channel, naming a version newer than the running one (semver, from the signed
// text only). Plain Node: tests and the signing script import it.
import { createHash, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import semver from 'semver';
import { z } from 'zod';

export const RELEASE_MANIFEST_FORMAT = 'stockroom-release/1' as const;

/** Where the signed manifest of a channel file is published: beside it, `latest.yml` → `latest.release.json`. */
export function signedManifestFile(channelFile: string): string {
  return `${channelFile.replace(/\.yml$/, '')}.release.json`;
}

const releaseFile = z.strictObject({
  url: z.string().min(1),
  size: z.number().int().positive(),
  sha512: z.string().regex(/^[A-Za-z0-9+/]{86}==$/, 'a base64 sha512'),
});

const releaseManifest = z.strictObject({
  format: z.literal(RELEASE_MANIFEST_FORMAT),
  channel: z.string().min(1),
  version: z.string().refine((text) => semver.valid(text) === text, 'a semver version'),
  files: z.array(releaseFile).min(1),
  releaseDate: z.string().optional(),
});

export type ReleaseFile = z.infer<typeof releaseFile>;
export type ReleaseManifest = z.infer<typeof releaseManifest>;

const signedEnvelope = z.object({
  manifest: z.string(),
  signature: z.string(),
  keyId: z.string().optional(),
});

/** Why an offered update is refused; each is a warn line and a notice (update-strings.ts). */
export type RefusalReason =
  /** No signed manifest beside the channel file, or one without a signature. */
  | 'unsigned'
  /** Signed by a key other than this build's release key. */
  | 'wrong-key'
  /** The signature does not match the manifest: changed after signing (or forged). */
  | 'altered'
  /** Signed, but not a manifest for this channel (or not one at all). */
  | 'malformed'
  /** The signed version is not newer than the running one: an old release replayed. */
  | 'not-newer'
  /** The channel file offers something other than what the signed manifest says. */
  | 'mismatch'
  /** The downloaded file's size or sha512 differs from the signed manifest. */
  | 'file-mismatch'
  /** The channel file is past the feed cap (feed-fetch.ts): no release is that large. */
  | 'feed-too-large';

export type Refusal = { readonly ok: false; readonly reason: RefusalReason; readonly problem: string };
export type Verified<T> = { readonly ok: true; readonly value: T } | Refusal;

const refuse = (reason: RefusalReason, problem: string): Refusal => ({ ok: false, reason, problem });

/** A short name for a public key (for the log and for telling keys apart): sha256 of its SPKI, 16 hex. */
export function releaseKeyId(publicKey: KeyObject): string {
  const spki = publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(spki).digest('hex').slice(0, 16);
}

/** The signed manifest file's text, as the release publishes it. */
export function signReleaseManifest(manifest: ReleaseManifest, privateKey: KeyObject): string {
  const text = JSON.stringify(releaseManifest.parse(manifest));
  const signature = sign(null, Buffer.from(text, 'utf8'), privateKey).toString('base64');
  const keyId = releaseKeyId(createPublicKey(privateKey));
  return `${JSON.stringify({ manifest: text, signature, keyId }, null, 2)}\n`;
}

/**
 * The manifest in `signedText` if this build's key signed it for `channel` and it names a version newer
 * than `currentVersion`; otherwise why not.
 */
export function verifySignedManifest(
  signedText: string,
  expected: { readonly publicKey: KeyObject; readonly channel: string; readonly currentVersion: string },
): Verified<ReleaseManifest> {
  let envelope: z.infer<typeof signedEnvelope>;
  try {
    const parsed = signedEnvelope.safeParse(JSON.parse(signedText));
    if (!parsed.success) return refuse('unsigned', 'the signed manifest has no manifest and signature');
    envelope = parsed.data;
  } catch {
    return refuse('unsigned', 'the signed manifest is not JSON');
  }
  const ourKeyId = releaseKeyId(expected.publicKey);
  if (envelope.keyId !== undefined && envelope.keyId !== ourKeyId) {
    return refuse('wrong-key', `signed by key ${envelope.keyId}, not this build's release key ${ourKeyId}`);
  }
  const signature = Buffer.from(envelope.signature, 'base64');
  let valid: boolean;
  try {
    valid = verify(null, Buffer.from(envelope.manifest, 'utf8'), expected.publicKey, signature);
  } catch {
    valid = false;
  }
  if (!valid) {
    return refuse(
      'altered',
      `the signature does not match the manifest for release key ${ourKeyId}: the manifest was changed after signing, or signed with another key`,
    );
  }
  let manifest: ReleaseManifest;
  try {
    const parsed = releaseManifest.safeParse(JSON.parse(envelope.manifest));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return refuse(
        'malformed',
        `the signed manifest is not a release manifest (${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''})`,
      );
    }
    manifest = parsed.data;
  } catch {
    return refuse('malformed', 'the signed manifest text is not JSON');
  }
  if (manifest.channel !== expected.channel) {
    return refuse('malformed', `the signed manifest is for ${manifest.channel}, not ${expected.channel}`);
  }
  if (!semver.gt(manifest.version, expected.currentVersion)) {
    return refuse(
      'not-newer',
      `the signed manifest names ${manifest.version}, not newer than the running ${expected.currentVersion}`,
    );
  }
  return { ok: true, value: manifest };
}

/** What the channel file (electron-updater's UpdateInfo) offers. */
export interface OfferedRelease {
  readonly version: string;
  readonly files: readonly { readonly url: string; readonly sha512: string; readonly size?: number }[];
}

/** Whether the channel file offers exactly a release the signed manifest names: same version, and every file signed. */
export function matchOffer(offer: OfferedRelease, manifest: ReleaseManifest): Verified<ReleaseManifest> {
  if (offer.version !== manifest.version) {
    return refuse(
      'mismatch',
      `the feed offers ${offer.version} but the signed manifest names ${manifest.version}`,
    );
  }
  if (offer.files.length === 0) return refuse('mismatch', 'the feed offers no file');
  for (const file of offer.files) {
    const signed = manifest.files.find((entry) => entry.url === file.url);
    if (signed === undefined)
      return refuse('mismatch', `the feed offers ${file.url}, which is not in the signed manifest`);
    if (signed.sha512 !== file.sha512 || (file.size !== undefined && signed.size !== file.size)) {
      return refuse('mismatch', `the feed's size or sha512 of ${file.url} differs from the signed manifest`);
    }
  }
  return { ok: true, value: manifest };
}
