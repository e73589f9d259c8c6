// The update channel's decisions, in plain Node (the shell's src-main/app/updater.ts only carries them
// out with electron-updater): when to check, whether a downloaded update may be installed at this quit,
// and what the person is told (the words: update-strings.ts). Checks run once shortly after start and
// then once a day; an update downloads in the background and is installed when Stockroom is next closed, never while the outbox
// is sending a write or a count is open and not yet committed (that quit leaves it for the next one).
import type { RefusalReason } from './release-manifest.js';

/** After start, so the store opens and the first sync begins before anything is downloaded. */
export const FIRST_CHECK_DELAY_MS = 30_000;
export const CHECK_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** How long until the next check: soon after start, then a day after the last one began. */
export function nextCheckDelay(lastCheckStartedAt: number | null, now: number): number {
  if (lastCheckStartedAt === null) return FIRST_CHECK_DELAY_MS;
  return Math.max(0, lastCheckStartedAt + CHECK_INTERVAL_MS - now);
}

/** What could be lost or left half-done if the app were replaced now. */
export interface WorkInProgress {
  /** Outbox writes on their way to the back office (state 'sending', or a run in progress). */
  readonly outboxSending: number;
  /** Count sessions open and not yet committed. */
  readonly openCounts: number;
}

export type InstallDecision =
  | { readonly install: true }
  | {
      readonly install: false;
      readonly reason: 'nothing-downloaded' | 'outbox-sending' | 'count-open' | 'unknown-state';
    };

/**
 * Whether the downloaded update may be installed as Stockroom closes now. `work` is undefined when it
 * could not be read (the services did not answer): then not, to be safe.
 */
export function installDecision(downloaded: boolean, work: WorkInProgress | undefined): InstallDecision {
  if (!downloaded) return { install: false, reason: 'nothing-downloaded' };
  if (work === undefined) return { install: false, reason: 'unknown-state' };
  if (work.outboxSending > 0) return { install: false, reason: 'outbox-sending' };
  if (work.openCounts > 0) return { install: false, reason: 'count-open' };
  return { install: true };
}

/** The channel's state, as far as the person is concerned. */
export type UpdateStatus =
  | { readonly phase: 'off' }
  | { readonly phase: 'current'; readonly version: string }
  | { readonly phase: 'downloading'; readonly version: string }
  | { readonly phase: 'ready'; readonly version: string }
  | { readonly phase: 'held'; readonly version: string; readonly reason: 'outbox-sending' | 'count-open' }
  | { readonly phase: 'failed'; readonly problem: 'unreachable' | 'corrupt' | 'other' }
  /** An offered update that did not prove it comes from us (release-guard.ts): not installed. */
  | {
      readonly phase: 'refused';
      /** null when the feed was refused before it named one (a channel file past the cap). */
      readonly version: string | null;
      readonly current: string;
      readonly reason: RefusalReason;
    };
