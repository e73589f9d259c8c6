// What travels between a host and its members, one JSON text frame per message (decision 0013).
//
//   handshake, in the clear (OPAQUE messages only: nothing about the count)
//     member → host  { t: 'hello', v, identity, request }        identity: 'join' or the member id
//     host → member  { t: 'challenge', responses } | { t: 'refused', reason, v? }
//                    a hello of another version is refused as 'version' with the host's own `v`
//                    a rejoin gets one response; a join one per open join window of this PC's counts
//     member → host  { t: 'finish', request, choice }             choice: the response its code opened
//   then only { t: 'sealed', n, c } (live-channel.ts), whose messages are below.
import { z } from 'zod';
import {
  hasShelfPrefix,
  isShelfCode,
  MAX_SHELF_CODE_LENGTH,
  normaliseScannedCode,
} from '../../src-shared/barcode/index.js';
import { LIVE_LABEL_MAX_LENGTH } from '../../src-shared/domain/live-join.js';
import { parseUntrusted } from '../../src-shared/parse-untrusted.js';
import { shelfPartsProblem } from '../counting/count-merge-shelves.js';

/**
 * 2: one listener for several counts (challenges per window) and unknown codes in `changes`.
 * 3: shelves: every line's change carries its units per shelf, and shelf visits travel (decision 0021).
 * A peer on another version is refused in the handshake, before anything about the count travels.
 */
export const PROTOCOL_VERSION = 3;
export const LIVE_COUNT_PATH = '/live-count/v1';
/** Largest frame either side accepts (a batch of changes is well below it). */
export const MAX_FRAME_BYTES = 256 * 1024;
/** Most changes one `changes` message carries. */
export const MAX_CHANGES_PER_FRAME = 200;
export const JOIN_IDENTITY = 'join';
/** Most join windows one challenge offers (counts hosted at once with their windows open). */
export const MAX_OFFERED_WINDOWS = 8;

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
  }),
  z.object({ t: z.literal('refused'), reason: z.enum(REFUSAL_REASONS), v: z.int().positive().optional() }),
  z.object({ t: z.literal('sealed'), n: z.int().positive(), c: z.string().max(MAX_FRAME_BYTES) }),
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

const memberMessage = z.discriminatedUnion('t', [
  z.object({
    t: z.literal('attach'),
    sessionId: id,
    label: z.string().min(1).max(LIVE_LABEL_MAX_LENGTH),
    latest: sequence,
  }),
  // Each batch names its session too: an `attach` lost on the way must not stall the stream.
  z.object({
    t: z.literal('changes'),
    sessionId: id,
    latest: sequence,
    changes: z.array(anyChange).max(MAX_CHANGES_PER_FRAME),
  }),
  z.object({ t: z.literal('final'), latest: sequence }),
]);
export type MemberMessage = z.output<typeof memberMessage>;

const hostMessage = z.discriminatedUnion('t', [
  z.object({
    t: z.literal('welcome'),
    memberId: id,
    memberSecret: z.string().min(32).max(200),
    hostSessionId: id,
    hostLabel: z.string().min(1).max(300),
    warehouseCode: z.string().min(1).max(64),
    blind: z.boolean(),
  }),
  z.object({
    t: z.literal('ack'),
    applied: sequence,
    state: z.enum(MEMBER_STATES),
    /** Why the host cannot apply the member's next change (it keeps it and tries again). */
    blocked: z.string().max(500).optional(),
    /** Set when the block is a shelf the host does not have (the page says so in its own words). */
    blockedShelf: shelfCode.optional(),
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

export const parseMemberMessage = (value: unknown): MemberMessage | undefined => parsed(memberMessage, value);
export const parseHostMessage = (value: unknown): HostMessage | undefined => parsed(hostMessage, value);
