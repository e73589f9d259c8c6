// What a live count's join looks like to people and scanners (decision 0013), zod-free so that the
// renderer can check a typed address and code before it calls, and read the host's QR code.

/** "host:port" as the host shows it: an IPv4 address or a name, and a port. */
export const LIVE_ADDRESS_PATTERN = /^[A-Za-z0-9.-]{1,253}:\d{1,5}$/;
/** The six digits the host's join window shows. */
export const LIVE_CODE_PATTERN = /^\d{6}$/;

/** The longest label a member's `attach` carries (live-protocol.ts): what a host accepts from any PC. */
export const LIVE_LABEL_MAX_LENGTH = 100;
/**
 * The longest name of this PC as other PCs see it (the PC-name setting): it travels as the attach label,
 * as a found host's name (live-discovery.ts: 63 at most, so its TXT entry stays under 255 bytes) and in
 * the host's welcome (`<name>: <session name>`, 300 at most with a 200-character session name). Counted
 * in UTF-16 units as zod's `max` counts the attach label.
 */
export const PC_NAME_MAX_LENGTH = 63;
/** Why a name cannot be this PC's name (settings.set refuses with one; src-main/services/pc-name.ts). */
export const PC_NAME_REFUSAL_REASONS = [
  'pc-name-empty',
  'pc-name-too-long',
  'pc-name-control-character',
  /** Kept as typed, never trimmed: a space at either end is refused. */
  'pc-name-spaces-around',
] as const;
export type PcNameRefusalReason = (typeof PC_NAME_REFUSAL_REASONS)[number];

/** Characters a name people read never holds: C0 and C1 controls, DEL, line and paragraph separators. */
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

export const LIVE_REFUSAL_REASONS = [
  /** The code does not open the host's join window (or the window was closed). */
  'wrong-code',
  /** Five wrong codes closed the host's join window: the host must open a new one. */
  'window-closed',
  /** Nothing answers at that address (the host is gone, or a firewall blocks the port). */
  'unreachable',
  /** This PC has no address on a shop network to listen on. */
  'no-network',
  /** The count is not open here (committed, discarded, handed over), or is a member's. */
  'not-hostable',
  /** The host's Stockroom speaks an older live-count version than this PC's: update the host. */
  'host-older',
  /** This PC's Stockroom speaks an older live-count version than the host's: update this PC. */
  'member-older',
  /** The host took the code but sent nothing after it, on every try (it hangs, or its link drops). */
  'host-silent',
  /** This PC does not stream this count to a host (it is not a member, left, or is done). */
  'not-live',
  /** The host refused for another reason (busy with other joins). */
  'refused',
] as const;
export type LiveRefusalReason = (typeof LIVE_REFUSAL_REASONS)[number];

/** What the host's QR code holds: the address and the code, read back by `parseLiveJoinText`. */
export function liveJoinText(address: string, code: string): string {
  return `stockroom-live:${address}/${code}`;
}

/** The address and code of a join text (a scanned QR code), or null when it is not one. */
export function parseLiveJoinText(text: string): { address: string; code: string } | null {
  const match = /^stockroom-live:([^/\s]+)\/(\d{6})$/.exec(text.trim());
  if (match?.[1] === undefined || match[2] === undefined) return null;
  return LIVE_ADDRESS_PATTERN.test(match[1]) ? { address: match[1], code: match[2] } : null;
}
