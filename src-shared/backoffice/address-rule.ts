// Where the API key and secret may travel in clear text: only to this PC itself. Plain http is allowed
// for the loopback addresses (127.0.0.1, localhost, [::1]: the embedded demo back office, a developer's
// sandbox); any other host must be https, so the key and secret never cross the shop's network
// unencrypted. Pure (no Node, no DOM): main refuses with it, the store form and the stores page say why
// with it, in the page's language.

/** The hosts plain http may reach, as the WHATWG URL parser writes them (lower case, IPv6 in brackets). */
export const LOOPBACK_HOSTS: readonly string[] = ['127.0.0.1', 'localhost', '[::1]'];

/** Main's words for the refusal (logs, and the message of the refused call). The page has its own. */
export const PLAIN_HTTP_REFUSED =
  'Plain http:// is allowed only for this PC itself (127.0.0.1, localhost or [::1]): to any other ' +
  'address the API key and secret would cross the network unencrypted. Use the back office’s https:// address.';

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.includes(hostname.toLowerCase());
}

/**
 * Whether the address is plain http to a host other than this PC. An address that does not parse is
 * not judged here (the address checks say what is wrong with it).
 */
export function isPlainHttpToOtherHost(address: string | URL): boolean {
  let url: URL;
  try {
    url = typeof address === 'string' ? new URL(address.trim()) : address;
  } catch {
    return false;
  }
  return url.protocol === 'http:' && !isLoopbackHost(url.hostname);
}
