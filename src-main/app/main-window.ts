// The one window, and the Electron wiring of the guards. Every decision is made by the pure modules
// (window-options, navigation-guard, permission-policy); this file only connects them to Electron's
// events, so what it adds is checked by the type checker and by the shell test that runs it against a
// stand-in electron module.
import { BrowserWindow, screen, shell, type Session, type WebContents } from 'electron';
import type { Logger } from '../logging/index.js';
import { raiseDisplayPriority } from './display-priority.js';
import { decideDownload } from './download-policy.js';
import { createNavigationGuard, type NavigationGuard } from './navigation-guard.js';
import type { PermissionPolicy } from './permission-policy.js';
import type { RendererLocation } from './renderer-location.js';
import { mainWindowOptions } from './window-options.js';

export interface DownloadRules {
  /** The page's own origins: only blob: URLs it made may be saved. */
  readonly appOrigins: readonly string[];
  /** Where the save dialog opens. */
  readonly documentsDirectory: string;
  readonly logger: Logger;
}

/**
 * Denies every permission request, check and device access of a session, and every download but the
 * files the page made itself (saved through the OS save dialog, opened in Documents).
 */
export function hardenSession(session: Session, policy: PermissionPolicy, downloads: DownloadRules): void {
  session.on('will-download', (event, item) => {
    const decision = decideDownload(item.getURL(), item.getFilename(), downloads);
    if (!decision.allow) {
      event.preventDefault();
      downloads.logger.warn('Download refused', { reason: decision.reason });
      return;
    }
    item.setSaveDialogOptions({ defaultPath: decision.defaultPath });
  });
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(
      policy.request(permission, {
        requestingUrl: details.requestingUrl,
        ...('mediaTypes' in details && details.mediaTypes !== undefined
          ? { mediaTypes: details.mediaTypes }
          : {}),
        ...('externalURL' in details && details.externalURL !== undefined
          ? { externalURL: details.externalURL }
          : {}),
      }),
    );
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    policy.check(permission, requestingOrigin),
  );
  session.setDevicePermissionHandler((details) => policy.device(details.deviceType, details.origin));
}

/** For every web contents the app creates (`web-contents-created`): no popups, no webviews. */
export function denyPopupsAndWebviews(contents: WebContents, logger: Logger): void {
  contents.setWindowOpenHandler(() => {
    logger.warn('New window blocked');
    return { action: 'deny' };
  });
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    logger.warn('Webview blocked');
  });
}

/** Connects the navigation guard to a web contents' events. */
export function guardWebContents(contents: WebContents, guard: NavigationGuard): void {
  contents.on('will-navigate', (event) => guard.onNavigate(event, event.url));
  // Sub-frames too (the CSP allows none; this holds if it ever does). The main frame has will-navigate.
  contents.on('will-frame-navigate', (event) => {
    if (!event.isMainFrame) guard.onNavigate(event, event.url);
  });
  contents.on('will-redirect', (event) => guard.onNavigate(event, event.url));
  contents.setWindowOpenHandler((details) => guard.onWindowOpen(details));
  contents.on('will-attach-webview', (event) => guard.onAttachWebview(event));
}

export interface MainWindowInput {
  location: RendererLocation;
  preloadPath: string;
  logger: Logger;
  devTools: boolean;
  /** https origins whose links may open in the OS browser (none unless given). */
  externalOrigins?: readonly string[];
}

export function openMainWindow(input: MainWindowInput): BrowserWindow {
  const logger = input.logger;
  const window = new BrowserWindow(
    mainWindowOptions({
      preloadPath: input.preloadPath,
      workArea: screen.getPrimaryDisplay().workAreaSize,
      devTools: input.devTools,
    }),
  );
  const contents = window.webContents;
  guardWebContents(
    contents,
    createNavigationGuard({
      appOrigin: input.location.origin,
      externalOrigins: input.externalOrigins ?? [],
      openExternal: (url) => void shell.openExternal(url),
      logger,
    }),
  );
  contents.on('did-fail-load', (_event, errorCode, errorDescription, _url, isMainFrame) => {
    if (isMainFrame) logger.error('The page failed to load', { errorCode, errorDescription });
  });
  // Again after every load: a renderer that ended is replaced by a new process at normal priority.
  contents.on('did-finish-load', () => raiseDisplayPriority(contents.getOSProcessId(), logger));
  contents.on('render-process-gone', (_event, details) => {
    logger.error('The renderer process ended', { reason: details.reason, exitCode: details.exitCode });
  });
  window.once('ready-to-show', () => window.show());
  void window.loadURL(input.location.entryUrl).catch((error: unknown) => {
    logger.error('Loading the page failed', { error });
  });
  return window;
}

/** Brings the window to the front (a second launch of the app lands here). */
export function focusWindow(window: BrowserWindow): void {
  if (window.isDestroyed()) return;
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}
