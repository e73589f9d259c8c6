// What travels between a host and its members, one JSON text frame per message (decision 0013).
//
//   handshake, in the clear (OPAQUE messages only: nothing about the count)
//     member → host  { t: 'hello', v, identity, request }        identity: 'join' or the member id
//     host → member  { t: 'challenge', responses } | { t: 'refused', reason, v? }
//                    a hello of another version is refused as 'version' with the host's own `v`
//                    a rejoin gets one response; a join one per open join window of this PC's counts
//     member → host  { t: 'finish', request, choice, join? }      choice: the response its code opened
//                    join (a join only): the member's first sealed frame, its `join` message below
//   then only { t: 'sealed', n, c } (live-channel.ts), whose messages are below.
import { z } from 'zod';
import {
  hasShelfPrefix,
  isShelfCode,
  MAX_SHELF_CODE_LENGTH,
  normaliseScannedCode,
} from '../../src-shared/barcode/index.js';
import { rowId } from '../../src-shared/ipc/schemas/common.js';
import {
  MAX_SCOPE_CATEGORIES,
  MAX_SCOPE_PRODUCTS,
  MAX_SESSION_NAME_LENGTH,
} from '../../src-shared/ipc/schemas/counting.js';
import { LIVE_LABEL_MAX_LENGTH } from '../../src-shared/domain/live-join.js';
import { parseUntrusted } from '../../src-shared/parse-untrusted.js';
import { shelfPartsProblem } from '../counting/count-merge-shelves.js';

/**
 * 2: one listener for several counts (challenges per window) and unknown codes in `changes`.
 * 3: shelves: every line's change carries its units per shelf, and shelf visits travel (decision 0021).
 * 4: a join's `finish` carries the member's sealed `join` (its attempt and name): a retry whose welcome
 *    never came gets the same member row again (migration 0030); the welcome carries the count's scope;
 *    a member reads the joined lines (`view`), and every ack names the host's `joined` version.
 * A peer on another version is refused in the handshake, before anything about the count travels.
 */
export const PROTOCOL_VERSION = 4;
export const LIVE_COUNT_PATH = '/live-count/v1';
/** Largest frame the host accepts (a batch of changes is well below it). */
export const MAX_FRAME_BYTES = 256 * 1024;
/**
 * Largest frame a member accepts from its host: a welcome can carry a products scope of
 * MAX_SCOPE_PRODUCTS ids (about 740 KB sealed). Only the host a person chose sends to a member.
 */
export const MAX_HOST_FRAME_BYTES = 1024 * 1024;
/** Most changes one `changes` message carries. */
export const MAX_CHANGES_PER_FRAME = 200;
export const JOIN_IDENTITY = 'join';
/** Most join windows one challenge offers (counts hosted at once with their windows open). */
export const MAX_OFFERED_WINDOWS = 8;
/** Most joined lines one `view` answer carries (a page of the member's panel). */
export const MAX_VIEW_LINES = 100;
/** Most PCs' parts one joined line lists (the host, its members, merged files). */
const MAX_LINE_PARTS = 64;

/**
 * How other PCs see this one: a name, or where to read it each time it is sent (the PC-name setting,
 * which a person may change while a count runs: the next attach carries the new one).
 */
export type PcLabel = string | (() => string);

export function labelNow(label: PcLabel): string {
  return typeof label === 'string' ? label : label();
}

const opaqueMessage = z.string().min(1).max(2000);
const id = z.string().min(1).max(100);
/** A PC's name as other PCs list it (its `join` and `attach`). */
const pcLabel = z.string().min(1).max(LIVE_LABEL_MAX_LENGTH);
const sealedFrame = z.object({ n: z.int().positive(), c: z.string().max(MAX_HOST_FRAME_BYTES) });

export const REFUSAL_REASONS = [
  'wrong-code',
  'window-closed',
  'too-many-attempts',
  'unknown-member',
  'busy',
  'bad-frame',
  /** The hello's version is not the host's: the refusal names the host's (`v`), so either side says which is older. */
  'version',
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

const clearFrame = z.discriminatedUnion('t', [
  // Any version parses, so that the host can refuse another one by name rather than as a bad frame.
  z.object({ t: z.literal('hello'), v: z.int().positive(), identity: id, request: opaqueMessage }),
  z.object({ t: z.literal('challenge'), responses: z.array(opaqueMessage).min(1).max(MAX_OFFERED_WINDOWS) }),
  z.object({
    t: z.literal('finish'),
    request: opaqueMessage,
    choice: z
      .int()
      .min(0)
      .max(MAX_OFFERED_WINDOWS - 1),
    join: sealedFrame.optional(),
  }),
  z.object({ t: z.literal('refused'), reason: z.enum(REFUSAL_REASONS), v: z.int().positive().optional() }),
  sealedFrame.extend({ t: z.literal('sealed') }),
]);
export type ClearFrame = z.output<typeof clearFrame>;

const quantity = z.number().min(0).max(1_000_000_000);
const sequence = z.int().nonnegative();

/** A shelf label's code as `shelves` keep it (the count file's rule, count-merge-shelves.ts). */
const shelfCode = z
  .string()
  .max(MAX_SHELF_CODE_LENGTH)
  .refine((code) => isShelfCode(code) && code === code.trim().toUpperCase(), 'not a shelf code');
/** A line's units per shelf on the member (null: on no shelf), adding up to its figure. */
const shelfParts = z.array(z.object({ shelf: shelfCode.nullable(), counted: quantity })).max(1_000);
const partsAddUp = (change: { counted: number; shelves: Array<{ shelf: string | null; counted: number }> }) =>
  shelfPartsProblem(change.shelves, change.counted) === undefined;

const change = z
  .object({
    seq: z.int().positive(),
    productId: z.int().positive(),
    counted: quantity,
    sku: z.string().max(200),
    barcode: z.string().max(200),
    name: z.string().max(1000),
    unittext: z.string().max(200),
    purchaseprice: z.number(),
    shelves: shelfParts,
  })
  .strict()
  .refine(partsAddUp, 'shelves do not add up to the figure');
/** A product line's change. */
export type LiveProductChange = z.output<typeof change>;

/** The scan's code rules (count-lines.service.ts): normalised already, not blank, not a shelf label. */
const scannedCode = z
  .string()
  .min(1)
  .max(200)
  .refine((code) => normaliseScannedCode(code) === code && !hasShelfPrefix(code), 'not a scanned code');

/** An unknown code's figure on the member: its units while open, 0 once resolved or discarded. */
const unknownChange = z
  .object({
    kind: z.literal('unknown'),
    seq: z.int().positive(),
    code: scannedCode,
    counted: quantity,
    shelves: shelfParts,
  })
  .refine(partsAddUp, 'shelves do not add up to the figure');
export type LiveUnknownChange = z.output<typeof unknownChange>;

/** A shelf the member's counter scanned the label of, or confirmed empty. */
const visitChange = z.object({
  kind: z.literal('visit'),
  seq: z.int().positive(),
  shelf: shelfCode,
  visit: z.enum(['enter', 'empty']),
});
export type LiveVisitChange = z.output<typeof visitChange>;
export type LiveChange = LiveProductChange | LiveUnknownChange | LiveVisitChange;
const anyChange = z.union([unknownChange, visitChange, change]);

export const MEMBER_STATES = ['joined', 'closing', 'final', 'released'] as const;
export type MemberState = (typeof MEMBER_STATES)[number];

/**
 * Sealed inside a join's `finish`: `attempt` names this join (the same on every try of it), so the host
 * gives a try whose welcome was lost the member it welcomed before, not a second one.
 */
const joinMessage = z.object({ t: z.literal('join'), attempt: id, label: pcLabel });
export type JoinMessage = z.output<typeof joinMessage>;

const memberMessage = z.discriminatedUnion('t', [
  z.object({ t: z.literal('attach'), sessionId: id, label: pcLabel, latest: sequence }),
  // Each batch names its session too: an `attach` lost on the way must not stall the stream.
  z.object({
    t: z.literal('changes'),
    sessionId: id,
    latest: sequence,
    changes: z.array(anyChange).max(MAX_CHANGES_PER_FRAME),
  }),
  z.object({ t: z.literal('final'), latest: sequence }),
  /** A page of the joined lines, from `offset` (answered by a `view` with the same `request`). */
  z.object({ t: z.literal('view'), request: z.int().positive(), offset: z.int().min(0).max(10_000_000) }),
]);
export type MemberMessage = z.output<typeof memberMessage>;

/** The host count's scope (count-scope.ts): the member's session covers the same. */
const scope = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('warehouse') }),
  z.object({
    kind: z.literal('categories'),
    categoryIds: z.array(rowId).min(1).max(MAX_SCOPE_CATEGORIES).readonly(),
  }),
  z.object({
    kind: z.literal('products'),
    productIds: z.array(rowId).min(1).max(MAX_SCOPE_PRODUCTS).readonly(),
  }),
]);

/** One product line of the host's count: its figure and each PC's part of it. */
const joinedLine = z.object({
  productId: rowId,
  sku: z.string().max(200),
  name: z.string().max(1000),
  counted: quantity,
  parts: z
    .array(z.object({ pc: z.string().max(300), counted: z.number().min(-1_000_000_000).max(1_000_000_000) }))
    .max(MAX_LINE_PARTS)
    .readonly(),
});
export type JoinedLine = z.output<typeof joinedLine>;

const hostMessage = z.discriminatedUnion('t', [
  z.object({
    t: z.literal('welcome'),
    memberId: id,
    memberSecret: z.string().min(32).max(200),
    hostSessionId: id,
    hostLabel: z.string().min(1).max(300),
    /** The host count's own name: the member's session takes it (the label would not fit). */
    sessionName: z.string().min(1).max(MAX_SESSION_NAME_LENGTH),
    warehouseCode: z.string().min(1).max(64),
    blind: z.boolean(),
    scope,
  }),
  z.object({
    t: z.literal('ack'),
    applied: sequence,
    state: z.enum(MEMBER_STATES),
    /** Why the host cannot apply the member's next change (it keeps it and tries again). */
    blocked: z.string().max(500).optional(),
    /** Set when the block is a shelf the host does not have (the page says so in its own words). */
    blockedShelf: shelfCode.optional(),
    /** Changes whenever the host's joined lines may have (sent unasked too): read them again. */
    joined: z.string().min(1).max(100),
  }),
  z.object({
    t: z.literal('view'),
    request: z.int().positive(),
    /** The `joined` version the page is at least as new as. */
    joined: z.string().min(1).max(100),
    offset: z.int().nonnegative(),
    total: z.int().nonnegative(),
    lines: z.array(joinedLine).max(MAX_VIEW_LINES).readonly(),
    /** The PCs counting with the host, as its panel lists them (idle: connected, silent a minute). */
    pcs: z
      .array(
        z.object({
          pc: z.string().max(300),
          state: z.enum(MEMBER_STATES),
          presence: z.enum(['connected', 'idle', 'gone']),
          appliedSeq: sequence,
        }),
      )
      .max(MAX_LINE_PARTS)
      .readonly(),
  }),
]);
export type HostMessage = z.output<typeof hostMessage>;

function parsed<T>(schema: z.ZodType<T>, value: unknown): T | undefined {
  const result = parseUntrusted(schema, value);
  return result.success ? result.data : undefined;
}

export function parseClearFrame(text: string): ClearFrame | undefined {
  try {
    return parsed(clearFrame, JSON.parse(text));
  } catch {
    return undefined;
  }
}

export const parseJoinMessage = (value: unknown): JoinMessage | undefined => parsed(joinMessage, value);
export const parseMemberMessage = (value: unknown): MemberMessage | undefined => parsed(memberMessage, value);
export const parseHostMessage = (value: unknown): HostMessage | undefined => parsed(hostMessage, value);
