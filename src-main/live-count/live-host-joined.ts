// What a live count's host tells its members of its count (decision 0013, protocol 4): a version of
// what members see, moved whenever the host's lines may have changed or a member came, went or fell
// idle (none of those last three changes a table), and a page of the joined lines by SKU with every
// PC's part and the PCs counting with it. No expected figure is in it: a blind count stays blind.
import { randomBytes } from 'node:crypto';
import type { CountingService } from '../counting/index.js';
import { MAX_VIEW_LINES, type HostMessage, type JoinedLine, type MemberMessage } from './live-protocol.js';
import type { MemberState } from './live-protocol.js';

/** A connected member silent this long is idle (as the host's panel says). */
export const IDLE_MS = 60_000;

/** A member as the joined view lists it. */
export interface JoinedMember {
  readonly memberId: string;
  readonly label: string;
  readonly state: MemberState;
  readonly connected: boolean;
  readonly appliedSeq: number;
  readonly lastSeenAt: number;
}

function presenceOf(member: JoinedMember, now: number): 'connected' | 'idle' | 'gone' {
  if (!member.connected) return 'gone';
  return now - member.lastSeenAt > IDLE_MS ? 'idle' : 'connected';
}

export class HostJoinedLines {
  readonly #counting: CountingService;
  readonly #sessionId: string;
  /** This run's epoch: a restarted host's versions never equal an earlier run's. */
  readonly #epoch = randomBytes(4).toString('hex');
  #changes = 0;
  #lastSeen = '';

  constructor(counting: CountingService, sessionId: string) {
    this.#counting = counting;
    this.#sessionId = sessionId;
  }

  /** What members are told in every ack: a page of another version is old. */
  get version(): string {
    return `${this.#epoch}:${String(this.#changes)}`;
  }

  /** Looks whether what members see may have changed since the last look; true: the version moved. */
  look(members: readonly JoinedMember[], now: number): boolean {
    const seen = `${this.#counting.changeVersion()}|${members
      .map((member) => `${member.memberId}:${presenceOf(member, now)}:${member.state}`)
      .join(',')}`;
    if (seen === this.#lastSeen) return false;
    this.#lastSeen = seen;
    this.#changes += 1;
    return true;
  }

  /**
   * A page of the joined lines by sku: each product's figure here and every PC's part of it (the
   * host's own counters as this PC, each member, each merged file). A name past the frame's bound is
   * cut for this view only (it is never stored from here).
   */
  page(
    message: Extract<MemberMessage, { t: 'view' }>,
    members: readonly JoinedMember[],
    now: number,
  ): HostMessage {
    const lines = this.#counting
      .contributions(this.#sessionId)
      .sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : a.productId - b.productId));
    const page = lines.slice(message.offset, message.offset + MAX_VIEW_LINES).map((line): JoinedLine => ({
      productId: line.productId,
      sku: line.sku.slice(0, 200),
      name: line.name.slice(0, 1000),
      counted: line.counted,
      parts: line.sources
        .filter((source) => source.counted !== 0)
        .slice(0, 64)
        .map((source) => ({ pc: source.source.slice(0, 300), counted: source.counted })),
    }));
    return {
      t: 'view',
      request: message.request,
      joined: this.version,
      offset: message.offset,
      total: lines.length,
      lines: page,
      pcs: members.slice(0, 64).map((member) => ({
        pc: member.label.slice(0, 300),
        state: member.state,
        presence: presenceOf(member, now),
        appliedSeq: member.appliedSeq,
      })),
    };
  }
}
