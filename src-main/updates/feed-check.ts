// Reads a generic update feed (what electron-builder's generic provider publishes) the way
// electron-updater does: the platform's channel file (latest.yml on Windows, latest-mac.yml,
// latest-linux.yml), its `version` compared with this one by semver. Plain Node: the shell's check goes
// through electron-updater, this is the same reading for the log, the tests and an administrator's
// `npm run`-free check that a feed is sound; it also decides how a failure is reported (unreachable or
// corrupt, at warn with what and why).
import { load } from 'js-yaml';
import semver from 'semver';
import { request } from 'undici';

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

const MAX_CHANNEL_BYTES = 1024 * 1024;

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
  const timeoutMs = options.timeoutMs ?? 15_000;
  let text: string;
  try {
    const response = await request(url, {
      method: 'GET',
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.statusCode !== 200) {
      await response.body.dump();
      return { kind: 'unreachable', problem: `${url.href} answered HTTP ${response.statusCode}` };
    }
    const bytes = Buffer.from(await response.body.arrayBuffer());
    if (bytes.length > MAX_CHANNEL_BYTES) return { kind: 'corrupt', problem: `${url.href} is too large` };
    text = bytes.toString('utf8');
  } catch (error) {
    const code = (error as { code?: string }).code ?? (error as Error).name;
    return { kind: 'unreachable', problem: `${url.href} could not be read (${code})` };
  }
  let info: unknown;
  try {
    info = load(text);
  } catch {
    return { kind: 'corrupt', problem: `${url.href} is not YAML` };
  }
  const version = (info as { version?: unknown } | null)?.version;
  const latest = typeof version === 'string' ? semver.valid(version) : null;
  if (latest === null) return { kind: 'corrupt', problem: `${url.href} has no valid "version"` };
  const files = ((info as { files?: unknown }).files ?? []) as unknown;
  const urls = Array.isArray(files)
    ? files.map((entry) => (entry as { url?: unknown }).url).filter((entry) => typeof entry === 'string')
    : [];
  const sha512 =
    Array.isArray(files) &&
    files.every((entry) => typeof (entry as { sha512?: unknown }).sha512 === 'string');
  if (urls.length === 0 || !sha512) {
    return { kind: 'corrupt', problem: `${url.href} lists no installer with its sha512` };
  }
  if (semver.gt(latest, options.currentVersion)) return { kind: 'newer', version: latest, files: urls };
  return { kind: 'current', version: latest };
}
