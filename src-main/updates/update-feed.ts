// Where this PC looks for updates: an address an administrator sets, or none (IT-managed installs, and
// the default). Two places, the first that is set wins:
//
//   STOCKROOM_UPDATE_FEED=https://updates.example.com/stockroom/     (environment, e.g. by a login script)
//   <userData>/update-feed.json  {"feedUrl": "https://updates.example.com/stockroom/"}
//
// The folder holds what electron-builder's generic provider publishes (latest.yml, latest-mac.yml,
// latest-linux.yml and the installers). The address follows the back office's rule: https, or plain http
// only to this PC (src-shared/backoffice/address-rule.ts), since an installer fetched over plain http
// could be swapped on the way. `{"feedUrl": null}` or no file: no update checks.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isPlainHttpToOtherHost } from '../../src-shared/backoffice/address-rule.js';

export const UPDATE_FEED_FILE = 'update-feed.json';
export const UPDATE_FEED_ENV = 'STOCKROOM_UPDATE_FEED';

export type UpdateFeedSetting =
  | { readonly feedUrl: string; readonly source: 'environment' | 'file' }
  /** No address set: updates are off (not a problem). */
  | { readonly feedUrl: null; readonly source: 'none' }
  /** An address is set but unusable: updates are off, and `problem` says why (for the log, at warn). */
  | { readonly feedUrl: null; readonly source: 'environment' | 'file'; readonly problem: string };

/** The feed address as electron-updater's generic provider takes it (ending in `/`), or why not. */
export function checkFeedUrl(text: string): { ok: true; url: string } | { ok: false; problem: string } {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { ok: false, problem: 'the update feed address is not a web address' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, problem: `the update feed address must be https, not ${url.protocol}` };
  }
  if (isPlainHttpToOtherHost(url)) {
    return {
      ok: false,
      problem:
        'the update feed address must be https (plain http only to this PC): an installer fetched over http could be replaced on the way',
    };
  }
  if (url.username !== '' || url.password !== '') {
    return { ok: false, problem: 'the update feed address must not contain a user name or password' };
  }
  url.search = '';
  url.hash = '';
  if (!url.pathname.endsWith('/')) url.pathname = `${url.pathname}/`;
  return { ok: true, url: url.href };
}

export function readUpdateFeedSetting(options: {
  readonly userData: string;
  readonly env?: Readonly<Record<string, string | undefined>>;
}): UpdateFeedSetting {
  const fromEnv = (options.env ?? process.env)[UPDATE_FEED_ENV];
  if (fromEnv !== undefined && fromEnv.trim() !== '') {
    const checked = checkFeedUrl(fromEnv);
    return checked.ok
      ? { feedUrl: checked.url, source: 'environment' }
      : { feedUrl: null, source: 'environment', problem: `${UPDATE_FEED_ENV}: ${checked.problem}` };
  }
  const file = join(options.userData, UPDATE_FEED_FILE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { feedUrl: null, source: 'none' };
    return { feedUrl: null, source: 'file', problem: `${file} could not be read (${String(error)})` };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { feedUrl: null, source: 'file', problem: `${file} is not JSON like {"feedUrl": "https://…/"}` };
  }
  const feedUrl = (parsed as { feedUrl?: unknown } | null)?.feedUrl;
  if (feedUrl === null) return { feedUrl: null, source: 'none' };
  if (typeof feedUrl !== 'string') {
    return { feedUrl: null, source: 'file', problem: `${file} has no "feedUrl" text (or null for none)` };
  }
  const checked = checkFeedUrl(feedUrl);
  return checked.ok
    ? { feedUrl: checked.url, source: 'file' }
    : { feedUrl: null, source: 'file', problem: `${file}: ${checked.problem}` };
}
