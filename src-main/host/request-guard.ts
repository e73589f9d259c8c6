// Who may talk to the web host. The host listens on 127.0.0.1 only, but a loopback port is reachable by
// every local user and by every page in every browser on the PC, so each request is checked:
//
// - Host: only `127.0.0.1:<port>` and `localhost:<port>`. A page on another site that re-points its own
//   name at 127.0.0.1 (DNS rebinding) sends its own name as Host and is refused, before anything is read.
// - Origin (WebSocket upgrade only): exactly the host's own origin for the Host used. A WebSocket is not
//   bound by the same-origin policy, so without this any page open in the browser could connect.
// - Token: 32 random bytes in the printed URL, required on the WebSocket. Host and Origin stop browsers;
//   only the token stops another local user or process, which can send any header it likes.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { isAllowedHost } from '../loopback/loopback-hosts.js';

export { allowedHosts, isAllowedHost } from '../loopback/loopback-hosts.js';

/** Bytes of randomness in a token (256 bits: guessing is out of the question, no rate limit needed). */
export const TOKEN_BYTES = 32;

/** A fresh token: base64url, 43 characters, safe in a URL query without encoding. */
export function createToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** The page origin for an allowed Host header (`http://127.0.0.1:<port>` or `http://localhost:<port>`). */
export function originForHost(host: string): string {
  return `http://${host.toLowerCase()}`;
}

/**
 * Whether a WebSocket upgrade comes from the host's own page: its Origin must be the origin of the Host
 * the request was sent to (a page loaded from localhost connects to localhost, and likewise 127.0.0.1).
 */
export function isAllowedOrigin(origin: string | undefined, host: string | undefined, port: number): boolean {
  if (origin === undefined || !isAllowedHost(host, port) || host === undefined) return false;
  return origin.toLowerCase() === originForHost(host);
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/**
 * Compares a presented token with the host's in constant time. Both are hashed first so the comparison
 * always runs over 32 bytes: neither the length nor a common prefix of a guess shows in the timing.
 */
export function tokensEqual(presented: string | undefined, expected: string): boolean {
  if (presented === undefined || presented === '') return false;
  return timingSafeEqual(digest(presented), digest(expected));
}

/** The `token` query parameter of a request URL (path and query, as in `request.url`), if one is given once. */
export function tokenOfUrl(url: string): string | undefined {
  const query = url.indexOf('?');
  if (query === -1) return undefined;
  const values = new URLSearchParams(url.slice(query + 1)).getAll('token');
  return values.length === 1 ? values[0] : undefined;
}
