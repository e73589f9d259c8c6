// The app's own origin, app://stockroom/, instead of file:// pages. The scheme is registered as
// privileged before `ready` (standard, so relative URLs and storage work; secure, so the page is a secure
// context; fetch for its own assets; V8 code cache) and deliberately NOT bypassCSP, corsEnabled (which
// would let any origin read it), service workers or streaming. Requests are answered only from the built
// renderer folder: path traversal (plain, encoded, backslashes, drive letters), dotfiles and other hosts
// are refused; every answer carries the CSP and the other security headers. No electron value is
// imported, so the handler runs under plain Node in tests (Node has the same Request and Response).
import { readFile } from 'node:fs/promises';
import { isAbsolute, relative, resolve } from 'node:path';
import type { CustomScheme, Protocol } from 'electron';

export const APP_SCHEME = 'app';
export const APP_HOST = 'stockroom';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/** For `protocol.registerSchemesAsPrivileged`, before the app is ready. */
export const APP_SCHEME_PRIVILEGES: CustomScheme = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
};

const MIME_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  // pdf.js's data files (src-shared/files/pdf-data-files.ts): Type 1 fonts and packed CMaps.
  '.pfb': 'application/x-font-type1',
  '.bcmap': 'application/octet-stream',
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.wasm': 'application/wasm',
};

/** The MIME type of a file served by the app protocol (unknown extensions: octet-stream, never sniffed). */
export function mimeTypeOf(filePath: string): string {
  const dot = filePath.lastIndexOf('.');
  const extension = dot === -1 ? '' : filePath.slice(dot).toLowerCase();
  return MIME_TYPES[extension] ?? 'application/octet-stream';
}

export type AppPathResolution = { ok: true; filePath: string } | { ok: false; status: 400 | 403 };

/**
 * The file under `rootDirectory` for a URL path (still percent-encoded, as in `URL.pathname`).
 * `/` is index.html, and so is a folder path or a path whose last segment has no extension (a client-side
 * route); folders are never listed.
 */
export function resolveAppPath(pathname: string, rootDirectory: string): AppPathResolution {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return { ok: false, status: 400 };
  }
  if (decoded.includes('\0')) return { ok: false, status: 400 };
  if (decoded.includes('\\')) return { ok: false, status: 403 };
  const segments = decoded.split('/').filter((segment) => segment !== '');
  // "..", ".", dotfiles, and ":" (drive letters, NTFS streams) never name a file of the build.
  if (segments.some((segment) => segment.startsWith('.') || segment.includes(':'))) {
    return { ok: false, status: 403 };
  }
  const last = segments.at(-1);
  if (last === undefined || !last.includes('.') || decoded.endsWith('/')) {
    return { ok: true, filePath: resolve(rootDirectory, 'index.html') };
  }
  const root = resolve(rootDirectory);
  const filePath = resolve(root, ...segments);
  const inside = relative(root, filePath);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return { ok: false, status: 403 };
  return { ok: true, filePath };
}

export interface AppProtocolOptions {
  /** The built renderer folder (out/renderer, inside app.asar when packaged). */
  rootDirectory: string;
  /** Sent as the Content-Security-Policy header of every answer. */
  contentSecurityPolicy: string;
  /** Reads a file (fs.promises.readFile; Electron's fs reads inside app.asar). */
  readFile?: (filePath: string) => Promise<Uint8Array>;
  /** Told about failures other than "not found". */
  onError?: (error: unknown, filePath: string) => void;
}

/** Headers of every answer, the CSP included. */
export function securityHeaders(contentSecurityPolicy: string): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Permissions-Policy':
      'camera=(), microphone=(), geolocation=(), usb=(), serial=(), hid=(), payment=(), display-capture=()',
    'Cache-Control': 'no-cache',
  };
}

function refusal(status: number, options: AppProtocolOptions, extra: Record<string, string> = {}): Response {
  const headers = {
    ...securityHeaders(options.contentSecurityPolicy),
    'Content-Type': 'text/plain; charset=utf-8',
    ...extra,
  };
  return new Response(`${status}`, { status, headers });
}

const NOT_FOUND_CODES = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);

/** Answers one app-protocol request from the renderer folder. */
export async function handleAppRequest(request: Request, options: AppProtocolOptions): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return refusal(405, options, { Allow: 'GET, HEAD' });
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return refusal(400, options);
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return refusal(404, options);
  const resolution = resolveAppPath(url.pathname, options.rootDirectory);
  if (!resolution.ok) return refusal(resolution.status, options);
  let body: Uint8Array;
  try {
    body = await (options.readFile ?? readFile)(resolution.filePath);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | null)?.code;
    if (code !== undefined && NOT_FOUND_CODES.has(code)) return refusal(404, options);
    options.onError?.(error, resolution.filePath);
    return refusal(500, options);
  }
  const headers = {
    ...securityHeaders(options.contentSecurityPolicy),
    'Content-Type': mimeTypeOf(resolution.filePath),
    'Content-Length': String(body.byteLength),
  };
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers });
}

/** Serves app:// on a session's protocol object (after `ready`). */
export function registerAppProtocol(protocol: Pick<Protocol, 'handle'>, options: AppProtocolOptions): void {
  protocol.handle(APP_SCHEME, (request) => handleAppRequest(request, options));
}
