// A member of a live count (decision 0013): its own session, whose every product-line change is on
// its own disk first with the session's next sequence (a trigger, migration 0021), streamed to the
// host until the host acknowledges it. A dropped link, a restart of either PC or a lost, repeated or
// reordered message costs nothing: the member resends everything past the host's acknowledgement, and
// the host applies each sequence once. A member never commits; when the host asks for the final flush
// it takes no more scans (the session is handed over) and says so once the host has everything.
import { randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { CountingService } from '../counting/index.js';
import type { Logger } from '../logging/index.js';
import { ChannelError } from './live-channel.js';
import { opaqueReady } from './live-handshake.js';
import { sendFrame, type LinkFaults } from './live-link.js';
import { firstMessage, handshake, LiveJoinRefused, type Link } from './live-member-handshake.js';
import { LiveHostUnreachable, ViewRequests, type JoinedPage } from './live-member-views.js';
import {
  JOIN_IDENTITY,
  labelNow,
  MAX_CHANGES_PER_FRAME,
  parseClearFrame,
  parseHostMessage,
  type HostMessage,
  type MemberState,
  type PcLabel,
} from './live-protocol.js';
import { liveStatements, toLiveChange, type LineNow } from './live-store.js';

/** Changes in flight past the host's acknowledgement before the member waits for one. */
const MAX_IN_FLIGHT = MAX_CHANGES_PER_FRAME * 4;
const DEFAULT_RESEND_MS = 400;
const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 2_000;
const DEFAULT_WELCOME_WAIT_MS = 10_000;
/** Tries of one join whose welcome does not come (each names the same attempt: one member row). */
const JOIN_TRIES = 3;

export { LiveJoinRefused, type JoinFailure } from './live-member-handshake.js';
export { LiveHostUnreachable, type JoinedPage } from './live-member-views.js';

export interface LiveMemberOptions {
  readonly db: Database;
  readonly counting: CountingService;
  /** How the host lists this PC: read at the join and at each attach (a reconnect). */
  readonly label: PcLabel;
  readonly logger?: Logger;
  /** Test seam: lose or repeat messages before they are sealed. */
  readonly faults?: LinkFaults;
  /** How long an unacknowledged change waits before it is sent again. */
  readonly resendMs?: number;
  /** How long a join waits for the host's welcome after the handshake before it tries again. */
  readonly welcomeWaitMs?: number;
  readonly now?: () => number;
}

export interface LiveMemberStatus {
  readonly connected: boolean;
  readonly ackedSeq: number;
  readonly latestSeq: number;
  readonly state: MemberState;
  readonly blocked: string | undefined;
  /** The shelf the host does not have that holds back this PC's next change (part of `blocked`). */
  readonly blockedShelf: string | undefined;
  /** The host refused the last reconnect for its protocol version: which of the two is older. */
  readonly otherVersion: 'host-older' | 'member-older' | undefined;
  /** The host's joined lines' version last heard (a page older than it is read again). */
  readonly joined: string | undefined;
}

export class LiveMember {
  readonly #options: LiveMemberOptions;
  readonly #sessionId: string;
  readonly #listeners = new Set<() => void>();
  #link: Link | undefined;
  #sentThrough = 0;
  #ackedAtLastTick = -1;
  #state: MemberState = 'joined';
  #blocked: string | undefined;
  #blockedShelf: string | undefined;
  #otherVersion: LiveMemberStatus['otherVersion'];
  #joined: string | undefined;
  readonly #views = new ViewRequests();
  #stopped = false;
  #pumpQueued = false;
  #reconnectDelay = RECONNECT_MIN_MS;
  #reconnectTimer: NodeJS.Timeout | undefined;
  readonly #resendTimer: NodeJS.Timeout;

  private constructor(options: LiveMemberOptions, sessionId: string) {
    this.#options = options;
    this.#sessionId = sessionId;
    this.#resendTimer = setInterval(() => {
      this.#resendIfStuck();
    }, options.resendMs ?? DEFAULT_RESEND_MS);
  }

  /** Joins the count hosted at `address` ("host:port") with its code: a new session here, streaming. */
  static async join(
    options: LiveMemberOptions & { readonly address: string; readonly code: string },
  ): Promise<LiveMember> {
    await opaqueReady;
    const { link, welcome } = await LiveMember.#welcomed(options);
    const { db, counting } = options;
    const statements = liveStatements(db);
    const sessionId = db
      .transaction(() => {
        const session = counting.createSession({
          warehouseCode: welcome.warehouseCode,
          name: welcome.sessionName,
          blind: welcome.blind,
          scope: welcome.scope,
          scopeAsGiven: true,
          counter: labelNow(options.label),
        });
        statements.insertMembership.run(
          session.id,
          options.address,
          welcome.hostSessionId,
          welcome.hostLabel,
          welcome.memberId,
          welcome.memberSecret,
          (options.now ?? Date.now)(),
        );
        return session.id;
      })
      .immediate();
    const member = new LiveMember(options, sessionId);
    member.#attached(link);
    return member;
  }

  /**
   * The handshake and the host's welcome. A welcome that does not come (lost, or a host gone silent)
   * is asked for again under the same attempt, so the host places every try on one member row.
   */
  static async #welcomed(
    options: LiveMemberOptions & { readonly address: string; readonly code: string },
  ): Promise<{ link: Link; welcome: Extract<HostMessage, { t: 'welcome' }> }> {
    const join = { attempt: randomUUID(), label: labelNow(options.label) };
    for (let tries = 1; ; tries += 1) {
      const link = await handshake(options.address, JOIN_IDENTITY, options.code, join);
      const welcome = await firstMessage(link, options.welcomeWaitMs ?? DEFAULT_WELCOME_WAIT_MS);
      if (welcome?.t === 'welcome') return { link, welcome };
      link.socket.terminate();
      if (tries >= JOIN_TRIES) throw new LiveJoinRefused('host-silent');
      options.logger?.warn('live count: the host took the code but sent no welcome; joining again', {
        address: options.address,
        tries,
      });
    }
  }

  /** Streams a session that joined a count before (after a restart of this PC). */
  static resume(options: LiveMemberOptions & { readonly sessionId: string }): LiveMember {
    const membership = liveStatements(options.db).membership.get(options.sessionId);
    if (membership === undefined)
      throw new Error(`Session ${options.sessionId} is not a member of a live count`);
    const member = new LiveMember(options, options.sessionId);
    if (membership.final_at !== null) member.#state = 'final';
    else void member.#connect();
    return member;
  }

  get sessionId(): string {
    return this.#sessionId;
  }

  status(): LiveMemberStatus {
    const statements = liveStatements(this.#options.db);
    return {
      connected: this.#link !== undefined,
      ackedSeq: statements.membership.get(this.#sessionId)?.acked_seq ?? 0,
      latestSeq: statements.latest.get(this.#sessionId) ?? 0,
      state: this.#state,
      blocked: this.#blocked,
      blockedShelf: this.#blockedShelf,
      otherVersion: this.#otherVersion,
      joined: this.#joined,
    };
  }

  /**
   * A page of the host's joined lines (every PC's part of each product), read from the host now.
   * Rejects with LiveHostUnreachable when the host is not connected or does not answer in time.
   */
  joinedLines(offset: number): Promise<JoinedPage> {
    const link = this.#link;
    if (link === undefined || this.#stopped) return Promise.reject(new LiveHostUnreachable());
    return this.#views.ask(offset, (message) => {
      this.#send(message);
    });
  }

  /**
   * Call after a scan (or any change) here: it is sent right after the caller's turn (so the scan's
   * own answer is not held up by the send) rather than at the next resend tick. Calls coalesce.
   */
  notify(): void {
    if (this.#pumpQueued) return;
    this.#pumpQueued = true;
    setImmediate(() => {
      this.#pumpQueued = false;
      this.#pump();
    });
  }

  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  stop(): void {
    this.#stopped = true;
    clearInterval(this.#resendTimer);
    clearTimeout(this.#reconnectTimer);
    this.#link?.socket.terminate();
    this.#link = undefined;
    this.#views.abandon();
  }

  #emit(): void {
    for (const listener of this.#listeners) listener();
  }

  async #connect(): Promise<void> {
    if (this.#stopped) return;
    const membership = liveStatements(this.#options.db).membership.get(this.#sessionId);
    if (membership === undefined) return;
    try {
      await opaqueReady;
      const link = await handshake(membership.host_address, membership.member_id, membership.member_secret);
      if (this.#stopped) {
        link.socket.terminate();
        return;
      }
      this.#attached(link);
    } catch (error) {
      const reason = error instanceof LiveJoinRefused ? error.reason : 'unreachable';
      if (reason === 'host-older' || reason === 'member-older') {
        const news = this.#otherVersion !== reason;
        this.#otherVersion = reason;
        if (news) this.#emit();
      }
      if (reason !== 'unreachable') {
        this.#options.logger?.warn('live count: the host refused a reconnect; trying again', { reason });
      }
      this.#scheduleReconnect();
    }
  }

  #scheduleReconnect(): void {
    if (this.#stopped || this.#state === 'final' || this.#state === 'released') return;
    clearTimeout(this.#reconnectTimer);
    this.#reconnectTimer = setTimeout(() => void this.#connect(), this.#reconnectDelay);
    this.#reconnectDelay = Math.min(this.#reconnectDelay * 2, RECONNECT_MAX_MS);
  }

  #attached(link: Link): void {
    const { socket, channel } = link;
    this.#link = link;
    this.#otherVersion = undefined;
    socket.on('message', (data, isBinary) => {
      const frame = isBinary ? undefined : parseClearFrame(String(data));
      let message: HostMessage | undefined;
      try {
        message = frame?.t === 'sealed' ? parseHostMessage(channel.open(frame)) : undefined;
      } catch (error) {
        if (!(error instanceof ChannelError)) throw error;
        this.#options.logger?.warn('live count: a frame from the host failed the channel; reconnecting', {
          why: error.message,
        });
      }
      if (message === undefined) {
        socket.terminate();
        return;
      }
      if (message.t === 'ack') this.#acknowledged(message);
      else if (message.t === 'view') this.#views.answered(message);
    });
    socket.on('close', () => {
      if (this.#link?.socket !== socket) return;
      this.#link = undefined;
      this.#views.abandon();
      this.#emit();
      this.#scheduleReconnect();
    });
    socket.on('error', () => {
      socket.terminate();
    });
    const statements = liveStatements(this.#options.db);
    this.#sentThrough = statements.membership.get(this.#sessionId)?.acked_seq ?? 0;
    this.#send({
      t: 'attach',
      sessionId: this.#sessionId,
      label: labelNow(this.#options.label),
      latest: statements.latest.get(this.#sessionId) ?? 0,
    });
    this.#emit();
  }

  #acknowledged(ack: Extract<HostMessage, { t: 'ack' }>): void {
    const { db } = this.#options;
    const statements = liveStatements(db);
    this.#reconnectDelay = RECONNECT_MIN_MS;
    const latest = statements.latest.get(this.#sessionId) ?? 0;
    if (ack.applied <= latest) statements.acked.run(ack.applied, this.#sessionId);
    this.#blocked = ack.blocked;
    this.#blockedShelf = ack.blockedShelf;
    this.#joined = ack.joined;
    this.#state = ack.state;
    if (ack.state === 'closing') {
      db.transaction(() => {
        const at = (this.#options.now ?? Date.now)();
        statements.closing.run(at, this.#sessionId);
        statements.handOver.run(at, this.#sessionId);
      }).immediate();
    }
    if (ack.state === 'final') {
      statements.final.run((this.#options.now ?? Date.now)(), this.#sessionId);
      this.stop();
    } else if (ack.state === 'released') {
      this.stop();
    } else {
      this.#pump();
    }
    this.#emit();
  }

  #pump(): void {
    if (this.#link === undefined || this.#stopped) return;
    const statements = liveStatements(this.#options.db);
    const membership = statements.membership.get(this.#sessionId);
    if (membership === undefined) return;
    const acked = membership.acked_seq;
    const latest = statements.latest.get(this.#sessionId) ?? 0;
    this.#sentThrough = Math.max(this.#sentThrough, acked);
    // One read per line per pump: a batch of many scans of one line carries that line once read.
    const read = new Map<number, ReturnType<LineNow>>();
    const lineNow: LineNow = (lineId) => {
      if (!read.has(lineId)) read.set(lineId, this.#options.counting.memberLineNow(lineId));
      return read.get(lineId);
    };
    while (this.#sentThrough < latest && this.#sentThrough - acked < MAX_IN_FLIGHT) {
      const changes = statements.changesAfter
        .all(this.#sessionId, this.#sentThrough, MAX_CHANGES_PER_FRAME)
        .map((row) => toLiveChange(row, lineNow));
      const last = changes.at(-1);
      if (last === undefined) break;
      this.#send({ t: 'changes', sessionId: this.#sessionId, latest, changes });
      this.#sentThrough = last.seq;
    }
    if (this.#state === 'closing' && membership.closing_at !== null && acked === latest) {
      this.#send({ t: 'final', latest });
    }
  }

  /** Nothing acknowledged since the last tick while changes are out: send them again. */
  #resendIfStuck(): void {
    const acked = liveStatements(this.#options.db).membership.get(this.#sessionId)?.acked_seq ?? 0;
    const latest = liveStatements(this.#options.db).latest.get(this.#sessionId) ?? 0;
    const waiting = acked < latest || this.#state === 'closing';
    if (waiting && acked === this.#ackedAtLastTick) this.#sentThrough = acked;
    this.#ackedAtLastTick = acked;
    if (waiting) this.#pump();
  }

  #send(message: unknown): void {
    const link = this.#link;
    if (link !== undefined) sendFrame(link.socket, link.channel, message, this.#options.faults);
  }
}
