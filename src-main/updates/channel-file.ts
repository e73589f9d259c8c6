// The feed's channel file (latest.yml and its siblings), read once under the feed cap (feed-fetch.ts) and
// parsed as electron-updater parses it. electron-updater's own generic provider reads this file through
// builder-util-runtime's HttpExecutor, which keeps the whole body in memory whatever its size; the shell
// (src-main/app/updater.ts) instead gives electron-updater a provider whose only read of the channel file
// is this one, so there is no second, uncapped read for a feed host to answer differently.
import { load } from 'js-yaml';
import { fetchFeedFile } from './feed-fetch.js';
import type { Refusal } from './release-manifest.js';

/** One installer the channel file lists, as electron-builder writes it. */
export interface ChannelEntry {
  readonly url: string;
  readonly sha512: string;
  readonly size?: number;
  readonly [field: string]: unknown;
}

/** The channel file as parsed (every field kept, as electron-updater would see it). */
export interface ChannelInfo {
  readonly version: string;
  readonly files: readonly ChannelEntry[];
  readonly [field: string]: unknown;
}

export type ChannelRead =
  | { readonly ok: true; readonly info: ChannelInfo }
  | {
      readonly ok: false;
      /** too-large: past the feed cap, a refusal; the others are failed checks (retried the next day). */
      readonly kind: 'missing' | 'unreachable' | 'corrupt' | 'too-large';
      readonly problem: string;
    };

/** Reads and parses the channel file at `url`, its body capped (MAX_FEED_FILE_BYTES). */
export async function readChannelFile(
  url: URL,
  options: { readonly timeoutMs?: number } = {},
): Promise<ChannelRead> {
  const fetched = await fetchFeedFile(url, { timeoutMs: options.timeoutMs });
  if (!fetched.ok) return fetched;
  let parsed: unknown;
  try {
    parsed = load(fetched.bytes.toString('utf8'));
  } catch {
    return { ok: false, kind: 'corrupt', problem: `${url.href} is not YAML` };
  }
  const fields = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<string, unknown>;
  if (typeof fields['version'] !== 'string') {
    return { ok: false, kind: 'corrupt', problem: `${url.href} has no valid "version"` };
  }
  const files = fields['files'];
  const listed =
    Array.isArray(files) &&
    files.length > 0 &&
    files.every((entry: unknown) => {
      const { url: file, sha512 } = (entry ?? {}) as { url?: unknown; sha512?: unknown };
      return typeof file === 'string' && typeof sha512 === 'string';
    });
  if (!listed) {
    return { ok: false, kind: 'corrupt', problem: `${url.href} lists no installer with its sha512` };
  }
  return { ok: true, info: fields as ChannelInfo };
}

/** A channel file past the feed cap, thrown from electron-updater's check so the shell refuses it. */
export class ChannelFileRefused extends Error {
  readonly refusal: Refusal;
  constructor(problem: string) {
    super(problem);
    this.name = 'ChannelFileRefused';
    this.refusal = { ok: false, reason: 'feed-too-large', problem };
  }
}

/**
 * The channel file's update info for electron-updater's check, or a thrown error (which electron-updater
 * reports through its 'error' event): a ChannelFileRefused past the cap, an Error saying what was wrong
 * otherwise.
 */
export async function channelInfoForUpdater(
  url: URL,
  options: { readonly timeoutMs?: number } = {},
): Promise<ChannelInfo> {
  const read = await readChannelFile(url, options);
  if (read.ok) return read.info;
  if (read.kind === 'too-large') throw new ChannelFileRefused(read.problem);
  throw new Error(read.problem);
}

/** The installers the channel file lists, each with its address on the feed (as electron-updater resolves them). */
export function resolveChannelEntries(
  info: ChannelInfo,
  feedUrl: string,
): { readonly url: URL; readonly info: ChannelEntry }[] {
  const base = new URL(feedUrl.endsWith('/') ? feedUrl : `${feedUrl}/`);
  return info.files.map((entry) => {
    const url = new URL(entry.url, base);
    // electron-updater keeps the feed address's query on each file's.
    if (base.search.length > 0) url.search = base.search;
    return { url, info: entry };
  });
}
