// Electron lifecycle only; every decision lives in src-main/app (see docs/decisions/0006).
//
// Before `ready`: fix the user-data folder, enable the sandbox for every renderer, register app:// as a
// privileged scheme, take the single-instance lock (a second launch focuses the first window and exits
// without touching the log or the databases). Once ready: deny all permissions, serve app://, start the
// services, open the window. On quit: stop the services (bounded), close the log. A failed start is
// logged, told to the person in the PC's language (what failed, what to do, where the log is), then exits.
import { join } from 'node:path';
import { app, dialog, protocol, session, type BrowserWindow } from 'electron';
import { createFileLogger, isLogLevel, LOG_FILE_BASE_NAME } from './logging/index.js';
import { APP_SCHEME_PRIVILEGES, registerAppProtocol } from './app/app-protocol.js';
import { desktopContentSecurityPolicy } from './app/content-security-policy.js';
import { electronPdfSaver } from './app/pdf-saver.js';
import { denyPopupsAndWebviews, focusWindow, hardenSession, openMainWindow } from './app/main-window.js';
import { appPaths, ensureAppDirectories, userDataDirectory } from './storage/paths.js';
import { createPermissionPolicy } from './app/permission-policy.js';
import { createQuitCoordinator, DEFAULT_QUIT_TIMEOUT_MS } from './app/quit-coordinator.js';
import { rendererLocation } from './app/renderer-location.js';
import type { RunningServices } from './app/services.js';
import { startupFailureMessage, startupLanguage } from './app/startup-failure.js';
import type { Updater } from './app/updater.js';
import { releasePublicKey } from './updates/release-key.js';
import { readUpdateFeedSetting } from './updates/update-feed.js';
import { readWorkInProgress } from './updates/work-in-progress.js';
import { registerIpc } from './ipc/register.js';

const paths = appPaths(userDataDirectory(app.getPath('appData')));
app.setName('Stockroom');
app.setPath('userData', paths.userData);
app.enableSandbox();
protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);

if (app.requestSingleInstanceLock()) {
  runPrimaryInstance();
} else {
  app.quit();
}

function runPrimaryInstance(): void {
  ensureAppDirectories(paths);
  const requestedLevel = process.env['STOCKROOM_LOG_LEVEL'];
  const log = createFileLogger({
    directory: paths.logsDirectory,
    level: isLogLevel(requestedLevel) ? requestedLevel : app.isPackaged ? 'info' : 'debug',
    mirrorToStderr: !app.isPackaged,
  });
  const logger = log.logger;
  logger.info('Stockroom starting', {
    version: app.getVersion(),
    electron: process.versions.electron,
    platform: process.platform,
    arch: process.arch,
    packaged: app.isPackaged,
  });

  const location = rendererLocation({
    isPackaged: app.isPackaged,
    devServerUrl: process.env['ELECTRON_RENDERER_URL'],
  });
  const permissionPolicy = createPermissionPolicy(logger.child('permissions'));
  let mainWindow: BrowserWindow | null = null;
  let starting: Promise<RunningServices | null> = Promise.resolve(null);
  let updater: Updater | undefined;

  const quitCoordinator = createQuitCoordinator({
    stop: async () => {
      const running = await starting;
      if (running !== null) await running.stopAll();
    },
    quit: () => app.quit(),
    timeoutMs: DEFAULT_QUIT_TIMEOUT_MS,
    logger: logger.child('quit'),
  });

  process.on('uncaughtExceptionMonitor', (error, origin) =>
    logger.error('Uncaught exception', { error, origin }),
  );
  process.on('unhandledRejection', (reason) => logger.error('Unhandled promise rejection', { reason }));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => app.quit());

  app.on('second-instance', () => {
    logger.info('A second launch was redirected to this window');
    if (mainWindow !== null) focusWindow(mainWindow);
  });
  app.on('web-contents-created', (_event, contents) =>
    denyPopupsAndWebviews(contents, logger.child('guard')),
  );
  app.on('child-process-gone', (_event, details) => {
    logger.error('A child process ended', {
      type: details.type,
      reason: details.reason,
      exitCode: details.exitCode,
    });
  });
  // Closing the window quits on every platform: the drainer never runs without a window to show it.
  app.on('window-all-closed', () => app.quit());
  app.on('before-quit', (event) => {
    // The first one only: the update policy reads the store's work before the services stop.
    if (quitCoordinator.state === 'running') updater?.beforeQuit();
    quitCoordinator.onBeforeQuit(event);
  });
  app.on('will-quit', () => {
    const asked = permissionPolicy.asked();
    if (asked.length > 0) logger.info('Permissions asked during this run (all denied)', { asked });
    logger.info('Stockroom stopped');
    log.close();
  });

  /** The administrator's update feed (README, "Updates"), or none; a broken setting is logged, not fatal. */
  async function startUpdateChannel(
    workInProgress: () => ReturnType<typeof readWorkInProgress>,
  ): Promise<Updater | undefined> {
    const feed = readUpdateFeedSetting({ userData: paths.userData });
    if ('problem' in feed) {
      logger.warn('Update checks are off: the update feed setting cannot be used', { problem: feed.problem });
      return undefined;
    }
    if (feed.feedUrl === null) {
      logger.info('Update checks are off: no update feed is set');
      return undefined;
    }
    const releaseKey = releasePublicKey();
    if (!releaseKey.ok) {
      logger.warn('Update checks are off: no update could be verified', { problem: releaseKey.problem });
      return undefined;
    }
    try {
      const { startUpdater } = await import('./app/updater.js');
      return startUpdater({
        feedUrl: feed.feedUrl,
        currentVersion: app.getVersion(),
        releaseKey: releaseKey.key,
        logger: logger.child('updates'),
        language: () => startupLanguage(app.getPreferredSystemLanguages()),
        workInProgress,
      });
    } catch (error) {
      logger.warn('Update checks are off: the updater could not start', { error });
      return undefined;
    }
  }

  app
    .whenReady()
    .then(async () => {
      hardenSession(session.defaultSession, permissionPolicy, {
        appOrigins: [location.origin],
        documentsDirectory: app.getPath('documents'),
        logger: logger.child('downloads'),
      });
      if (location.appProtocol) {
        registerAppProtocol(session.defaultSession.protocol, {
          rootDirectory: join(import.meta.dirname, '../renderer'),
          contentSecurityPolicy: desktopContentSecurityPolicy(),
          onError: (error, filePath) => logger.error('Serving an app file failed', { error, filePath }),
        });
      }
      // Loaded here rather than at the top: a native module that cannot load (better-sqlite3) then fails
      // inside this chain, and the person is told, instead of the app ending before it can say anything.
      const services = await import('./app/services.js');
      const pdfSaver = electronPdfSaver({
        appWindow: () => mainWindow,
        documentsDirectory: app.getPath('documents'),
        logger: logger.child('pdf'),
      });
      starting = services.startServices({ paths, logger: logger.child('services'), pdfSaver });
      const running = await starting;
      if (quitCoordinator.state !== 'running') return;
      // Before the window opens, so the page's first call finds its handler.
      const api = running?.api;
      if (api === undefined) throw new Error('The app services started without an API');
      registerIpc({
        api,
        appWindow: () => mainWindow,
        appOrigin: location.origin,
        logger: logger.child('ipc'),
      });
      mainWindow = openMainWindow({
        location,
        preloadPath: join(import.meta.dirname, '../preload/index.cjs'),
        logger: logger.child('window'),
        devTools: !app.isPackaged,
      });
      mainWindow.on('closed', () => {
        mainWindow = null;
      });
      updater = await startUpdateChannel(() => readWorkInProgress(api));
    })
    .catch((error: unknown) => {
      updater?.stop();
      const failure = startupFailureMessage(error, {
        language: startupLanguage(app.getPreferredSystemLanguages()),
        logFile: join(paths.logsDirectory, `${LOG_FILE_BASE_NAME}.log`),
      });
      logger.error('Startup failed', { error, kind: failure.kind });
      // Modal and synchronous: the app exits once the person has read it.
      dialog.showErrorBox(failure.title, failure.body);
      log.close();
      app.exit(1);
    });
}
