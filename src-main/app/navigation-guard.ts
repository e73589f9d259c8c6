// Where the window may go, decided by pure functions (no electron import): navigation only within the
// app's own origin; new windows never; an external link opened in the OS browser only when it is an
// https URL on an allow-list that main holds (empty by default, so nothing opens). URLs are compared
// parsed, never by string prefix ("app://stockroom.evil" is not "app://stockroom").
import type { Logger } from '../logging/index.js';

/** `scheme://host[:port]` of a URL, also for custom schemes (where WHATWG `URL.origin` is "null"). */
export function originOf(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.host === '') return null;
  return `${parsed.protocol}//${parsed.host}`;
}

/** Whether the window may navigate to `url`: only to the app's own origin (its pages and client routes). */
export function allowNavigation(url: string, appOrigin: string): boolean {
  const origin = originOf(url);
  return origin !== null && origin === originOf(appOrigin);
}

/** Validates an allow-list entry: an https origin, lower case, no path. */
export function checkExternalOrigin(origin: string): string {
  if (!/^https:\/\/[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:[0-9]{1,5})?$/.test(origin)) {
    throw new RangeError(`An external origin must be https://host[:port], not ${JSON.stringify(origin)}`);
  }
  return origin;
}

/**
 * The URL to hand to the OS browser, or null: https only, no user name or password in it, origin exactly
 * on the allow-list. Anything else (http, file, mailto, custom handlers, lookalike hosts) is refused.
 */
export function externalUrlToOpen(url: string, allowedOrigins: readonly string[]): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' || parsed.username !== '' || parsed.password !== '') return null;
  return allowedOrigins.includes(parsed.origin) ? parsed.href : null;
}

/** What a navigation or window-open event carries that the guard looks at. */
export interface GuardedEvent {
  preventDefault(): void;
}

export interface NavigationGuardOptions {
  /** The origin the app's pages are served from (app://stockroom, or the dev server in development). */
  appOrigin: string;
  /** https origins whose links open in the OS browser; empty: no link ever leaves the app. */
  externalOrigins?: readonly string[];
  /** Opens a URL in the OS browser (electron's shell.openExternal in the shell). */
  openExternal?: (url: string) => void;
  logger: Logger;
}

export interface NavigationGuard {
  /** For `will-navigate`, `will-frame-navigate` and `will-redirect`: prevents leaving the app's origin. */
  onNavigate(event: GuardedEvent, url: string): void;
  /** For `setWindowOpenHandler`: always denies; an allowed external link goes to the OS browser. */
  onWindowOpen(details: { url: string }): { action: 'deny' };
  /** For `will-attach-webview`: always prevented (webviewTag is off as well). */
  onAttachWebview(event: GuardedEvent): void;
}

export function createNavigationGuard(options: NavigationGuardOptions): NavigationGuard {
  const externalOrigins = (options.externalOrigins ?? []).map(checkExternalOrigin);
  const logger = options.logger;

  function openOutside(url: string, via: string): void {
    const external = externalUrlToOpen(url, externalOrigins);
    if (external === null || options.openExternal === undefined) return;
    logger.info('Opening a link in the OS browser', { origin: originOf(external), via });
    options.openExternal(external);
  }

  return {
    onNavigate(event, url) {
      if (allowNavigation(url, options.appOrigin)) return;
      event.preventDefault();
      // Only the origin: a path or query may carry data that has no place in a log.
      logger.warn('Navigation blocked', { origin: originOf(url) ?? 'unparsable' });
      openOutside(url, 'navigation');
    },
    onWindowOpen(details) {
      logger.warn('New window blocked', { origin: originOf(details.url) ?? 'unparsable' });
      openOutside(details.url, 'window-open');
      return { action: 'deny' };
    },
    onAttachWebview(event) {
      event.preventDefault();
      logger.warn('Webview blocked');
    },
  };
}
