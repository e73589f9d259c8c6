// The two checks the shell (src-main/app/updater.ts) makes around electron-updater, which on its own
// trusts the sha512 written in the same feed file it downloads:
//
// - before a download: the feed's signed manifest (release-manifest.ts) is fetched beside the channel
//   file, verified with this build's release key, must name a version newer than the running one, and
//   must name exactly what the channel file offers (version, file names, sizes, sha512);
// - after the download: the downloaded file's size and sha512 must be those the signed manifest names.
//
// Plain Node, tested against a feed served on 127.0.0.1.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { createHash, type KeyObject } from 'node:crypto';
import { fetchFeedFile } from './feed-fetch.js';
import {
  matchOffer,
  signedManifestFile,
  verifySignedManifest,
  type OfferedRelease,
  type Refusal,
  type ReleaseFile,
  type ReleaseManifest,
  type Verified,
} from './release-manifest.js';

export type ReleaseCheck =
  | Verified<ReleaseManifest>
  /** The signed manifest could not be fetched (network, server error): not a verdict; the next check retries. */
  | { readonly ok: false; readonly reason: 'unreachable'; readonly problem: string };

/** Whether the update the channel file offers is one the release key signed, newer than this version. */
export async function checkOfferedRelease(options: {
  /** As checkFeedUrl returns it (ending in `/`). */
  readonly feedUrl: string;
  /** The channel file electron-updater read (channelFile()). */
  readonly channel: string;
  readonly currentVersion: string;
  readonly publicKey: KeyObject;
  readonly offer: OfferedRelease;
  readonly timeoutMs?: number;
}): Promise<ReleaseCheck> {
  const url = new URL(signedManifestFile(options.channel), options.feedUrl);
  const fetched = await fetchFeedFile(url, { timeoutMs: options.timeoutMs });
  if (!fetched.ok) {
    if (fetched.kind === 'missing')
      return refusal('unsigned', `${url.href} is not on the feed: the release is not signed`);
    if (fetched.kind === 'too-large') return refusal('malformed', fetched.problem);
    return { ok: false, reason: 'unreachable', problem: fetched.problem };
  }
  const verified = verifySignedManifest(fetched.bytes.toString('utf8'), options);
  if (!verified.ok) return { ...verified, problem: `${url.href}: ${verified.problem}` };
  return matchOffer(options.offer, verified.value);
}

/** The signed entry a downloaded file matches in size and sha512, or why it matches none. */
export async function verifyDownloadedFile(
  path: string,
  manifest: ReleaseManifest,
): Promise<Verified<ReleaseFile>> {
  const name = basename(path);
  // electron-updater names the file after the last part of its url; any signed entry may match it.
  const candidates = manifest.files.filter((entry) => basename(entry.url) === name);
  const entries = candidates.length > 0 ? candidates : manifest.files;
  let size: number;
  try {
    size = (await stat(path)).size;
  } catch (error) {
    return refusal(
      'file-mismatch',
      `${name} could not be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
  const sameSize = entries.filter((entry) => entry.size === size);
  if (sameSize.length === 0) {
    const expected = entries.map((entry) => entry.size).join(' or ');
    return refusal('file-mismatch', `${name} is ${size} bytes; the signed manifest says ${expected}`);
  }
  const sha512 = await sha512Of(path);
  const signed = sameSize.find((entry) => entry.sha512 === sha512);
  if (signed === undefined) {
    return refusal('file-mismatch', `${name}'s sha512 is not the one the signed manifest names`);
  }
  return { ok: true, value: signed };
}

/** The base64 sha512 of a file, as electron-builder writes it, read as a stream. */
export async function sha512Of(path: string): Promise<string> {
  const hash = createHash('sha512');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('base64');
}

function refusal(reason: Refusal['reason'], problem: string): Refusal {
  return { ok: false, reason, problem };
}
