// Reads a generic update feed (what electron-builder's generic provider publishes) the way
// electron-updater does: the platform's channel file (latest.yml on Windows, latest-mac.yml,
// latest-linux.yml), its `version` compared with this one by semver. Plain Node: the shell's check goes
// through electron-updater, this is the same reading for the log, the tests and an administrator's
// `npm run`-free check that a feed is sound; it also decides how a failure is reported (unreachable or
// corrupt, at warn with what and why).
import semver from 'semver';
import { readChannelFile } from './channel-file.js';

export type FeedCheck =
  | { readonly kind: 'newer'; readonly version: string; readonly files: readonly string[] }
  | { readonly kind: 'current'; readonly version: string }
  | { readonly kind: 'unreachable'; readonly problem: string }
  | { readonly kind: 'corrupt'; readonly problem: string };

/** The channel file electron-updater reads on this platform and architecture. */
export function channelFile(platform: NodeJS.Platform, arch: string): string {
  if (platform === 'darwin') return 'latest-mac.yml';
  if (platform === 'linux') return arch === 'x64' ? 'latest-linux.yml' : `latest-linux-${arch}.yml`;
  return 'latest.yml';
}

export async function checkFeed(options: {
  /** As checkFeedUrl returns it (ending in `/`). */
  readonly feedUrl: string;
  readonly currentVersion: string;
  readonly platform?: NodeJS.Platform;
  readonly arch?: string;
  readonly timeoutMs?: number;
}): Promise<FeedCheck> {
  const file = channelFile(options.platform ?? process.platform, options.arch ?? process.arch);
  const url = new URL(file, options.feedUrl);
  const read = await readChannelFile(url, { timeoutMs: options.timeoutMs });
  if (!read.ok) {
    const unreachable = read.kind === 'missing' || read.kind === 'unreachable';
    return { kind: unreachable ? 'unreachable' : 'corrupt', problem: read.problem };
  }
  const latest = semver.valid(read.info.version);
  if (latest === null) return { kind: 'corrupt', problem: `${url.href} has no valid "version"` };
  const urls = read.info.files.map((entry) => entry.url);
  if (semver.gt(latest, options.currentVersion)) return { kind: 'newer', version: latest, files: urls };
  return { kind: 'current', version: latest };
}
