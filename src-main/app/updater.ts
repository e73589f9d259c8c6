// The update channel's Electron side: electron-updater with electron-builder's generic provider at the
// administrator's feed address (src-main/updates/update-feed.ts). Every decision is the plain-Node
// policy's (src-main/updates/update-policy.ts); this file only carries it out: a check soon after start
// and then daily, downloads in the background, and the downloaded update installed when Stockroom
// closes, unless a write is being sent or a count is open (then the next quit). electron-updater alone
// trusts the sha512 in the feed file it downloads, so nothing is downloaded until the feed's signed
// manifest proves the offer comes from us, and nothing downloaded is installed until its size and sha512
// are the signed ones (src-main/updates/release-guard.ts). The shell loads this module only when a feed
// is set and the build has a release key.
import type { KeyObject } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { Notification } from 'electron';
import electronUpdater from 'electron-updater';
import type { Logger } from '../logging/index.js';
import { ChannelFileRefused } from '../updates/channel-file.js';
import { channelFile } from '../updates/feed-check.js';
import { checkOfferedRelease, verifyDownloadedFile } from '../updates/release-guard.js';
import type { Refusal, ReleaseManifest } from '../updates/release-manifest.js';
import {
  installDecision,
  nextCheckDelay,
  type UpdateStatus,
  type WorkInProgress,
} from '../updates/update-policy.js';
import { updateNotice } from '../updates/update-strings.js';
import { cappedFeedOptions } from './capped-feed-provider.js';
import type { StartupLanguage } from './startup-failure.js';

export interface UpdaterOptions {
  /** As checkFeedUrl returns it. */
  readonly feedUrl: string;
  /** This build's version (app.getVersion()): a signed release must be newer. */
  readonly currentVersion: string;
  /** This build's release public key (release-key.ts). */
  readonly releaseKey: KeyObject;
  readonly logger: Logger;
  readonly language: () => StartupLanguage;
  /** What the store is doing now (readWorkInProgress); undefined when it cannot be read. */
  readonly workInProgress: () => Promise<WorkInProgress | undefined>;
}

export interface Updater {
  /** For the first `before-quit`: decides whether the downloaded update is installed at this quit. */
  beforeQuit(): void;
  stop(): void;
}

export function startUpdater(options: UpdaterOptions): Updater {
  const { autoUpdater } = electronUpdater;
  const log = options.logger;
  /** A downloaded update whose file matched the signed manifest: the only one that may be installed. */
  let downloaded: string | null = null;
  /** The signed manifest of the offer being downloaded, once verified. */
  let accepted: ReleaseManifest | null = null;
  /** Refusals already told this run: a daily check of the same bad feed is logged, not told again. */
  const told = new Set<string>();
  let lastCheck: number | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  autoUpdater.logger = {
    info: (message?: unknown) => log.debug('electron-updater', { message: String(message) }),
    warn: (message?: unknown) => log.warn('electron-updater', { message: String(message) }),
    error: (message?: unknown) => log.warn('electron-updater', { message: String(message) }),
    debug: (message?: unknown) => log.debug('electron-updater', { message: String(message) }),
  };
  // The generic feed, its channel file read only under the feed cap (capped-feed-provider.ts).
  autoUpdater.setFeedURL(cappedFeedOptions(options.feedUrl));
  // A differential download reads two blockmaps whole into memory (up to 500 MB each, then gunzipped):
  // a full download streams to disk and is checked against the signed manifest instead.
  autoUpdater.disableDifferentialDownload = true;
  // Downloaded only after the signed manifest is verified (the 'update-available' handler).
  autoUpdater.autoDownload = false;
  autoUpdater.allowDowngrade = false;
  autoUpdater.allowPrerelease = false;
  // True only from a verified offer's download on (the quit handler is added at the end of a download
  // only while it is true); each quit then sets it from the policy.
  autoUpdater.autoInstallOnAppQuit = false;

  const tell = (status: UpdateStatus) => {
    const text = updateNotice(status, options.language());
    if (text !== null && Notification.isSupported())
      new Notification({ title: 'Stockroom', body: text }).show();
  };

  const refuse = (version: string | null, refusal: Refusal) => {
    log.warn('An update was refused: it does not prove it comes from us; this version keeps running', {
      version,
      running: options.currentVersion,
      reason: refusal.reason,
      problem: refusal.problem,
    });
    const key = `${refusal.reason} ${version}`;
    if (told.has(key)) return;
    told.add(key);
    tell({ phase: 'refused', version, current: options.currentVersion, reason: refusal.reason });
  };

  autoUpdater.on('update-available', (info) => {
    log.info('An update is available; checking its signed manifest', { version: info.version });
    void checkOfferedRelease({
      feedUrl: options.feedUrl,
      channel: channelFile(process.platform, process.arch),
      currentVersion: options.currentVersion,
      publicKey: options.releaseKey,
      offer: { version: info.version, files: info.files },
    })
      .then(async (check) => {
        if (!check.ok) {
          if (check.reason !== 'unreachable') return refuse(info.version, check);
          log.warn('The update’s signed manifest could not be read; the next check is in a day', {
            version: info.version,
            problem: check.problem,
          });
          return;
        }
        accepted = check.value;
        log.info('The update’s signed manifest is verified; downloading', { version: info.version });
        autoUpdater.autoInstallOnAppQuit = true;
        await autoUpdater.downloadUpdate();
      })
      .catch(() => undefined); // a failed download is reported by the 'error' event
  });
  autoUpdater.on('update-not-available', (info) =>
    log.info('Stockroom is up to date', { latest: info.version }),
  );
  autoUpdater.on('update-downloaded', (event) => {
    const manifest = accepted;
    const checked: Promise<{ ok: true } | Refusal> =
      manifest !== null && manifest.version === event.version
        ? verifyDownloadedFile(event.downloadedFile, manifest)
        : Promise.resolve({
            ok: false,
            reason: 'file-mismatch',
            problem: `no verified signed manifest names ${event.version}`,
          });
    void checked.then(async (result) => {
      if (!result.ok) {
        // Nothing is installed at a quit, not even an update verified earlier: the pending file is this one.
        downloaded = null;
        autoUpdater.autoInstallOnAppQuit = false;
        await rm(event.downloadedFile, { force: true }).catch(() => undefined);
        return refuse(event.version, result);
      }
      downloaded = event.version;
      log.info('An update was downloaded and matches its signed manifest; it is installed at the next quit', {
        version: event.version,
      });
      tell({ phase: 'ready', version: event.version });
    });
  });
  autoUpdater.on('error', (error) => {
    // A channel file past the cap is the feed's doing, not a network failure: refused and told.
    if (error instanceof ChannelFileRefused) return refuse(null, error.refusal);
    log.warn('The update check or download failed; the next check is in a day', {
      feedUrl: options.feedUrl,
      error,
    });
  });

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(
      () => {
        lastCheck = Date.now();
        autoUpdater.checkForUpdates().catch(() => undefined); // reported by the 'error' event
        schedule();
      },
      nextCheckDelay(lastCheck, Date.now()),
    );
    timer.unref?.();
  };
  schedule();
  log.info('Update checks on', { feedUrl: options.feedUrl });

  return {
    beforeQuit() {
      // Off until the policy says otherwise: the 'quit' event may come before the answer.
      autoUpdater.autoInstallOnAppQuit = false;
      if (downloaded === null) return;
      const version = downloaded;
      void options
        .workInProgress()
        .catch(() => undefined)
        .then((work) => {
          const decision = installDecision(true, work);
          autoUpdater.autoInstallOnAppQuit = decision.install;
          if (decision.install)
            log.info('The downloaded update is installed as Stockroom closes', { version });
          else {
            log.warn('The downloaded update is not installed at this quit', {
              version,
              reason: decision.reason,
            });
            if (decision.reason === 'outbox-sending' || decision.reason === 'count-open') {
              tell({ phase: 'held', version, reason: decision.reason });
            }
          }
        });
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
