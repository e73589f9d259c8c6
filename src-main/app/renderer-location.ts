// Where the window's page comes from. Packaged, and under `npm start` (electron-vite preview): the built
// renderer through app://stockroom/. Only in development (`npm run dev`), the Vite dev server that
// electron-vite names in ELECTRON_RENDERER_URL, and only when that is an http URL on the loopback
// interface: a stray variable can never point a packaged app, or the window, at a remote page.
import { APP_ENTRY_URL, APP_ORIGIN } from './app-protocol.js';

export interface RendererLocation {
  /** The URL the window loads. */
  entryUrl: string;
  /** The only origin the window may navigate within. */
  origin: string;
  /** True when the page is served by the app protocol (with the CSP header). */
  appProtocol: boolean;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The dev server's URL when it may be used, else null. */
export function devServerUrl(isPackaged: boolean, value: string | undefined): URL | null {
  if (isPackaged || value === undefined || value === '') return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (
    url.protocol !== 'http:' ||
    !LOOPBACK_HOSTS.has(url.hostname) ||
    url.username !== '' ||
    url.password !== ''
  ) {
    return null;
  }
  return url;
}

export function rendererLocation(options: { isPackaged: boolean; devServerUrl?: string }): RendererLocation {
  const dev = devServerUrl(options.isPackaged, options.devServerUrl);
  if (dev !== null) return { entryUrl: dev.href, origin: dev.origin, appProtocol: false };
  return { entryUrl: APP_ENTRY_URL, origin: APP_ORIGIN, appProtocol: true };
}
