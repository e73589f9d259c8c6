// The update channel's Electron side: electron-updater with electron-builder's generic provider at the
// administrator's feed address (src-main/updates/update-feed.ts). Every decision is the plain-Node
// policy's (src-main/updates/update-policy.ts); this file only carries it out: a check soon after start
// and then daily, downloads in the background, and the downloaded update installed when Stockroom
// closes, unless a write is being sent or a count is open (then the next quit). The shell loads this
// module only when a feed is set.
import { Notification } from 'electron';
import electronUpdater from 'electron-updater';
import type { Logger } from '../logging/index.js';
import {
  installDecision,
  nextCheckDelay,
  updateNotice,
  type UpdateStatus,
  type WorkInProgress,
} from '../updates/update-policy.js';
import type { StartupLanguage } from './startup-failure.js';

export interface UpdaterOptions {
  /** As checkFeedUrl returns it. */
  readonly feedUrl: string;
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
  let downloaded: string | null = null;
  let lastCheck: number | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  autoUpdater.logger = {
    info: (message?: unknown) => log.debug('electron-updater', { message: String(message) }),
    warn: (message?: unknown) => log.warn('electron-updater', { message: String(message) }),
    error: (message?: unknown) => log.warn('electron-updater', { message: String(message) }),
    debug: (message?: unknown) => log.debug('electron-updater', { message: String(message) }),
  };
  autoUpdater.setFeedURL({ provider: 'generic', url: options.feedUrl });
  autoUpdater.autoDownload = true;
  autoUpdater.allowDowngrade = false;
  autoUpdater.allowPrerelease = false;
  // The quit handler is added only while this is true; each quit sets it from the policy.
  autoUpdater.autoInstallOnAppQuit = true;

  const tell = (status: UpdateStatus) => {
    const text = updateNotice(status, options.language());
    if (text !== null && Notification.isSupported())
      new Notification({ title: 'Stockroom', body: text }).show();
  };

  autoUpdater.on('update-available', (info) =>
    log.info('An update is available; downloading', { version: info.version }),
  );
  autoUpdater.on('update-not-available', (info) =>
    log.info('Stockroom is up to date', { latest: info.version }),
  );
  autoUpdater.on('update-downloaded', (info) => {
    downloaded = info.version;
    log.info('An update was downloaded; it is installed at the next quit', { version: info.version });
    tell({ phase: 'ready', version: info.version });
  });
  autoUpdater.on('error', (error) =>
    log.warn('The update check or download failed; the next check is in a day', {
      feedUrl: options.feedUrl,
      error,
    }),
  );

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
