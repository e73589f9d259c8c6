// Which downloads the window may start, and where they are offered to go. The page saves files it made
// itself (a count session's CSV, as a blob: URL of the app's own origin); anything else — a link to
// the back office, a page that tries to push a file — is refused. The file name the page suggests is
// reduced to a plain name (no folders, no control characters, no leading dots), so a save dialog never
// opens somewhere the user did not choose.
import { join } from 'node:path';
import { withoutInvisibles } from '../../src-shared/files/file-names.js';

export type DownloadDecision =
  { readonly allow: true; readonly defaultPath: string } | { readonly allow: false; readonly reason: string };

const MAX_NAME_LENGTH = 120;
const FALLBACK_NAME = 'stockroom-export.csv';

/** A suggested file name made safe to offer in a save dialog. */
export function safeFileName(suggested: string): string {
  const plain = withoutInvisibles(suggested)
    .replace(/[\\/:*?"<>|]/g, '_')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(0, MAX_NAME_LENGTH);
  return plain === '' ? FALLBACK_NAME : plain;
}

/** `appOrigins`: the page's own origins (app://stockroom, or the dev server's). */
export function decideDownload(
  url: string,
  suggestedName: string,
  options: { readonly appOrigins: readonly string[]; readonly documentsDirectory: string },
): DownloadDecision {
  const fromApp = options.appOrigins.some((origin) => url.startsWith(`blob:${origin}/`));
  if (!fromApp) return { allow: false, reason: 'Only files the app made itself are saved' };
  return { allow: true, defaultPath: join(options.documentsDirectory, safeFileName(suggestedName)) };
}
