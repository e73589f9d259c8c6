// Counting together, live (issue 23, decision 0013): host a count for other PCs on the shop's network,
// join one with its address and code, leave, and see who is connected. The join code is shown only on
// the host; a member's secret never leaves main (no schema has a field for it).
import { z } from 'zod';
import { LIVE_ADDRESS_PATTERN, LIVE_CODE_PATTERN } from '../../domain/live-join.js';
import { uuidLike } from './common.js';

const sessionId = uuidLike;
const bySession = z.strictObject({ sessionId });

export const LIVE_MEMBER_STATES = ['joined', 'closing', 'final', 'released'] as const;

const hostMember = z.object({
  memberId: z.string(),
  label: z.string(),
  state: z.enum(LIVE_MEMBER_STATES),
  connected: z.boolean(),
  /** The member's last change the host applied (its last acknowledged scan). */
  appliedSeq: z.number(),
  lastSeenAt: z.number(),
  /** Why the member's next change waits (the host's line would go below 0, a shelf), else null. */
  blocked: z.string().nullable(),
  /** The shelf the host does not have that the member's next change names (then `blocked` says so). */
  blockedShelf: z.string().nullable(),
});

export const liveStatus = z.object({
  sessionId: z.string(),
  role: z.enum(['none', 'host', 'member']),
  /** On the host while it listens; null otherwise. */
  host: z
    .object({
      /** "address:port" members type. */
      address: z.string(),
      /** The join window's code, null once it is closed. */
      code: z.string().nullable(),
      /** The join text (`liveJoinText`) as a QR code, an SVG data URL; null once the window is closed. */
      qrDataUrl: z.string().nullable(),
      members: z.array(hostMember),
      readyToCommit: z.boolean(),
      /** The last PC refused for another live-count version: which is older, it or this host; else null. */
      otherVersion: z.enum(['host-older', 'member-older']).nullable(),
    })
    .nullable(),
  /** On a member; null otherwise. */
  member: z
    .object({
      hostAddress: z.string(),
      hostLabel: z.string(),
      connected: z.boolean(),
      ackedSeq: z.number(),
      latestSeq: z.number(),
      state: z.enum(LIVE_MEMBER_STATES),
      blocked: z.string().nullable(),
      blockedShelf: z.string().nullable(),
      /** The host refused this PC's reconnect for its version: which of the two to update. */
      otherVersion: z.enum(['host-older', 'member-older']).nullable(),
      /** The host's joined lines' version last heard; a `live.joined` page of another is old. */
      joined: z.string().nullable(),
    })
    .nullable(),
});

const joinedLine = z.object({
  productId: z.number(),
  sku: z.string(),
  name: z.string(),
  /** The product's figure on the host: every PC's part together. */
  counted: z.number(),
  /** Each PC's part (the host's own counters under the host's name), parts of 0 left out. */
  parts: z.array(z.object({ pc: z.string(), counted: z.number() })),
});

export const liveCountCalls = {
  /**
   * Hosts the open count for other PCs: listens on this PC's shop-network address (if it does not
   * already) and opens a join window with a new code. 'conflict' (reason no-network, not-hostable).
   */
  'live.host': {
    args: bySession,
    result: liveStatus,
    reasons: [
      'negative-count',
      'no-network',
      'not-hostable',
      'session-closed',
      'session-handed-over',
      'session-not-found',
      'unknown-shelf',
    ],
  },
  /** Closes the join window (members already in stay); the listener stays while members are in. */
  'live.closeWindow': { args: bySession, result: liveStatus },
  /** Stops listening: members reconnect when the host is hosted again. */
  'live.stopHosting': { args: bySession, result: liveStatus },
  /**
   * Joins the count hosted at `address` with its code: a new session on this PC that streams its scans
   * to the host. 'conflict' with reason wrong-code, window-closed, unreachable, host-silent (the host
   * took the code and sent no welcome, three tries), host-older or member-older (the two PCs'
   * Stockrooms speak different live-count versions).
   */
  'live.join': {
    args: z.strictObject({
      address: z.string().trim().regex(LIVE_ADDRESS_PATTERN, 'must be an address:port'),
      code: z.string().trim().regex(LIVE_CODE_PATTERN, 'must be six digits'),
    }),
    result: liveStatus,
    reasons: [
      'host-older',
      'host-silent',
      'invalid-input',
      'member-older',
      'product-not-found',
      'refused',
      'session-not-found',
      'unknown-scope',
      'unknown-warehouse',
      'unreachable',
      'window-closed',
      'wrong-code',
    ],
  },
  /** A member stops streaming (what the host applied stays there; the rest can go by file). */
  'live.leave': { args: bySession, result: liveStatus },
  /** The host asks every member for its last scans; they take no more. */
  'live.flush': { args: bySession, result: liveStatus, reasons: ['not-hostable'] },
  /** The host accepts that a member hands over by file (or had nothing more): its stream ends. */
  'live.release': {
    args: z.strictObject({ sessionId, memberId: z.string().min(1).max(100) }),
    result: liveStatus,
    reasons: ['not-hostable'],
  },
  /**
   * The hosts with an open join window found on the shop's network so far (DNS-SD), asking again now:
   * a join dialog calls it while open. `enabled` false: this PC does not look (type the address).
   */
  'live.findHosts': {
    args: z.strictObject({}),
    result: z.object({
      enabled: z.boolean(),
      hosts: z.array(z.object({ name: z.string(), address: z.string() })),
    }),
  },
  /**
   * On a member: a page of the host's joined lines by sku (up to 100 from `offset`), each product's
   * figure there and every PC's part of it, read from the host now; no expected figure (a blind count
   * stays blind). 'conflict' with reason unreachable (the host is not connected, or did not answer in
   * 5 s) or not-live (this PC does not stream this count to a host).
   */
  'live.joined': {
    args: z.strictObject({ sessionId, offset: z.int().min(0).max(10_000_000) }),
    result: z.object({
      /** The version the page is at least as new as (`member.joined` then says when to read again). */
      version: z.string(),
      offset: z.number(),
      total: z.number(),
      lines: z.array(joinedLine),
      /** The PCs counting with the host and what it has of each (idle: connected, silent a minute). */
      pcs: z.array(
        z.object({
          pc: z.string(),
          state: z.enum(LIVE_MEMBER_STATES),
          presence: z.enum(['connected', 'idle', 'gone']),
          /** Its last change the host applied (its last acknowledged scan). */
          appliedSeq: z.number(),
        }),
      ),
    }),
    reasons: ['not-live', 'unreachable'],
  },
  /** Who is connected and what each has sent, for a session (role 'none' when it is not live). */
  'live.status': { args: bySession, result: liveStatus },
} as const;

/** A live count changed on this PC (a member's change applied, a join, a leave, a state): read again. */
export const liveChanged = z.object({ sessionId: z.string() });
