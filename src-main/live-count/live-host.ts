// The host of a live count (decision 0013): the PC whose session commits. It listens only while it
// runs (open the join window, or the count has members), lets a member in with the join code or, after
// that, the member's own secret (OPAQUE, live-handshake.ts), and applies each member's changes once,
// in order, by (member, sequence): at or below what it applied is a duplicate, past the next one a gap
// the member fills by resending. Each change sets that member's part of a product (count_merges, the
// file merge's bookkeeping) in the same transaction as the member's new sequence.
import type { Database } from 'better-sqlite3';
import type { WebSocket } from 'ws';
import type { CountingService } from '../counting/index.js';
import type { Logger } from '../logging/index.js';
import type { SealedChannel } from './live-channel.js';
import { ChannelError } from './live-channel.js';
import { JoinWindows, type OtherVersionPeer, type PairingTarget } from './live-host-pairing.js';
import { newServerSetup, opaqueReady } from './live-handshake.js';
import { LiveListener, type ListenAddress } from './live-listener.js';
import {
  labelNow,
  parseClearFrame,
  parseMemberMessage,
  type HostMessage,
  type JoinMessage,
  type MemberMessage,
  type PcLabel,
} from './live-protocol.js';
import { liveStatements, type MemberRow } from './live-store.js';
import { applyInOrder, type Blocked } from './live-host-apply.js';
import { sendFrame, type LinkFaults } from './live-link.js';
import { HostJoinedLines } from './live-host-joined.js';
import { placeJoin, type PlacedMember } from './live-host-place.js';

export { MAX_WRONG_CODES } from './live-host-pairing.js';

/** How often the host looks whether its lines changed, to tell its members (well within a second). */
const JOINED_CHECK_MS = 250;

export interface LiveHostOptions {
  readonly db: Database;
  readonly counting: CountingService;
  /** The host's own open count session. */
  readonly sessionId: string;
  /** How members name this PC: read at each join (the welcome's host label). */
  readonly label: PcLabel;
  readonly logger?: Logger;
  readonly now?: () => number;
  /** Test seam: lose or repeat messages before they are sealed. */
  readonly faults?: LinkFaults;
}

export interface LiveMemberStatus {
  readonly memberId: string;
  readonly label: string;
  readonly state: MemberRow['state'];
  readonly connected: boolean;
  readonly appliedSeq: number;
  readonly reportedSeq: number;
  readonly lastSeenAt: number;
  readonly blocked: string | undefined;
  /** The shelf the member's next change names and this PC does not have (part of `blocked`). */
  readonly blockedShelf: string | undefined;
}

export class LiveHost {
  readonly #options: LiveHostOptions;
  readonly #listener: LiveListener;
  /** The listener is this count's alone (`start`): stopping the count closes it. */
  readonly #ownsListener: boolean;
  readonly #now: () => number;
  readonly #serverSetup: string;
  readonly #connected = new Map<string, WebSocket>();
  readonly #blocked = new Map<string, Blocked>();
  readonly #listeners = new Set<() => void>();
  readonly #windows: JoinWindows;
  readonly #target: PairingTarget;
  readonly #joined: HostJoinedLines;
  readonly #joinedTimer: NodeJS.Timeout;

  private constructor(
    options: LiveHostOptions,
    serverSetup: string,
    listener: LiveListener,
    ownsListener: boolean,
  ) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#joined = new HostJoinedLines(options.counting, options.sessionId);
    this.#serverSetup = serverSetup;
    this.#listener = listener;
    this.#ownsListener = ownsListener;
    this.#windows = new JoinWindows({
      serverSetup,
      logger: options.logger,
      onChange: () => {
        this.#emit();
      },
    });
    this.#target = {
      serverSetup,
      windows: this.#windows,
      memberRecord: (memberId) =>
        liveStatements(options.db).member.get(options.sessionId, memberId)?.registration_record,
      sealed: (socket, channel, identity, join) => {
        this.#sealed(socket, channel, identity, join);
      },
    };
    listener.serve(this.#target);
    this.#joinedTimer = setInterval(() => {
      this.#tellJoinedChanged();
    }, JOINED_CHECK_MS);
    this.#joinedTimer.unref();
  }

  /** Hosts the session on a listener of its own (tests, benches: one count per port). */
  static async start(options: LiveHostOptions, listen: ListenAddress): Promise<LiveHost> {
    await opaqueReady;
    const serverSetup = LiveHost.#serverSetupOf(options);
    const listener = await LiveListener.open(listen, options.logger);
    return new LiveHost(options, serverSetup, listener, true);
  }

  /**
   * Hosts the session (again, after a restart: the same key pair, the same members) on a listener
   * shared with this PC's other hosted counts; stopping the count leaves the listener open.
   */
  static async startOn(options: LiveHostOptions, listener: LiveListener): Promise<LiveHost> {
    await opaqueReady;
    return new LiveHost(options, LiveHost.#serverSetupOf(options), listener, false);
  }

  static #serverSetupOf(options: LiveHostOptions): string {
    const statements = liveStatements(options.db);
    options.counting.session(options.sessionId); // refuses an unknown session
    let row = statements.host.get(options.sessionId);
    if (row === undefined) {
      statements.insertHost.run(options.sessionId, newServerSetup(), (options.now ?? Date.now)());
      row = statements.host.get(options.sessionId);
    }
    if (row === undefined) throw new Error('live count host row missing after insert');
    return row.server_setup;
  }

  get address(): ListenAddress {
    return this.#listener.address;
  }

  /** A new join window with a new six-digit code (an open one's code stops working). */
  openJoinWindow(): string {
    return this.#windows.open();
  }

  closeJoinWindow(): void {
    this.#windows.close();
  }

  get joinWindowOpen(): boolean {
    return this.#windows.current !== undefined;
  }

  members(): LiveMemberStatus[] {
    return liveStatements(this.#options.db)
      .members.all(this.#options.sessionId)
      .map((row) => ({
        memberId: row.member_id,
        label: row.label,
        state: row.state,
        connected: this.#connected.has(row.member_id),
        appliedSeq: row.applied_seq,
        reportedSeq: row.reported_seq,
        lastSeenAt: row.last_seen_at,
        blocked: this.#blocked.get(row.member_id)?.why,
        blockedShelf: this.#blocked.get(row.member_id)?.shelf,
      }));
  }

  /** The last PC refused for speaking another protocol version (its Stockroom needs updating, or ours). */
  get otherVersionPeer(): OtherVersionPeer | undefined {
    return this.#windows.otherVersion;
  }

  /** True when every member has flushed (or handed over by file): the commit may go ahead. */
  get readyToCommit(): boolean {
    return this.members().every((member) => member.state === 'final' || member.state === 'released');
  }

  /** Asks every member for its last scans: each then takes no more and sends what it has left. */
  requestFlush(): void {
    liveStatements(this.#options.db).closeAll.run(this.#options.sessionId);
    for (const [memberId, socket] of this.#connected) this.#sendAck(socket, memberId);
    this.#emit();
  }

  /** A person accepts that the member hands over by file (or had nothing): its stream ends here. */
  release(memberId: string): void {
    liveStatements(this.#options.db).state.run('released', this.#options.sessionId, memberId);
    this.#connected.get(memberId)?.close();
    this.#emit();
  }

  /** Called after every applied change, join, leave and state change (the screen redraws). */
  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** No more joins, rejoins or messages for this count; its members' sockets close. */
  async stop(): Promise<void> {
    clearInterval(this.#joinedTimer);
    this.#listener.stopServing(this.#target);
    for (const socket of this.#connected.values()) socket.terminate();
    this.#connected.clear();
    if (this.#ownsListener) await this.#listener.close();
  }

  #emit(): void {
    for (const listener of this.#listeners) listener();
  }

  #sealed(socket: WebSocket, channel: SealedChannel, identity: string, join: JoinMessage | undefined): void {
    let memberId = identity;
    if (join !== undefined) {
      const placed = this.#place(join);
      if (placed === undefined) {
        socket.terminate();
        return;
      }
      memberId = placed.memberId;
      const session = this.#options.counting.session(this.#options.sessionId);
      this.#send(socket, channel, {
        t: 'welcome',
        memberId,
        memberSecret: placed.memberSecret,
        hostSessionId: session.id,
        hostLabel: `${labelNow(this.#options.label)}: ${session.name}`,
        sessionName: session.name,
        warehouseCode: session.warehouseCode,
        blind: session.blind,
        scope: this.#options.counting.scopeInput(session.id),
      });
      this.#emit();
    }
    const previous = this.#connected.get(memberId);
    previous?.terminate();
    this.#connected.set(memberId, socket);
    socket.on('message', (data, isBinary) => {
      const frame = isBinary ? undefined : parseClearFrame(String(data));
      let message: MemberMessage | undefined;
      try {
        message = frame?.t === 'sealed' ? parseMemberMessage(channel.open(frame)) : undefined;
      } catch (error) {
        if (!(error instanceof ChannelError)) throw error;
        this.#options.logger?.warn('live count: a frame failed the channel, connection closed', {
          memberId,
          why: error.message,
        });
      }
      if (message === undefined) {
        socket.terminate();
        return;
      }
      this.#receive(socket, channel, memberId, message);
    });
    socket.on('close', () => {
      if (this.#connected.get(memberId) === socket) this.#connected.delete(memberId);
      this.#emit();
    });
    channelOf.set(socket, channel);
  }

  #place(join: JoinMessage): PlacedMember | undefined {
    const { db, sessionId, logger } = this.#options;
    return placeJoin({ db, sessionId, serverSetup: this.#serverSetup, now: this.#now(), logger }, join);
  }

  #receive(socket: WebSocket, channel: SealedChannel, memberId: string, message: MemberMessage): void {
    const statements = liveStatements(this.#options.db);
    let member = statements.member.get(this.#options.sessionId, memberId);
    if (member === undefined) {
      socket.terminate();
      return;
    }
    if (message.t === 'view') {
      this.#send(socket, channel, this.#joined.page(message, this.members(), this.#now()));
      return;
    }
    if (
      message.t !== 'final' &&
      member.member_session_id !== null &&
      member.member_session_id !== message.sessionId
    ) {
      this.#options.logger?.warn('live count: a member sent another session, refused', { memberId });
      socket.terminate();
      return;
    }
    if (message.t !== 'final' && member.member_session_id === null) {
      // The first word of this member's session. A file of it merged here before (its stream never
      // reached the host) handed the session over already: it is released, as a merge releases it.
      statements.releaseIfMerged.run(
        this.#options.sessionId,
        memberId,
        this.#options.sessionId,
        message.sessionId,
      );
      member = statements.member.get(this.#options.sessionId, memberId) ?? member;
    }
    switch (message.t) {
      case 'attach':
        statements.attachMember.run(
          message.sessionId,
          message.label,
          this.#now(),
          this.#options.sessionId,
          memberId,
        );
        statements.progress.run(
          member.applied_seq,
          message.latest,
          this.#now(),
          this.#options.sessionId,
          memberId,
        );
        break;
      case 'changes':
        if (member.member_session_id === null) {
          statements.attachMember.run(
            message.sessionId,
            member.label,
            this.#now(),
            this.#options.sessionId,
            memberId,
          );
        }
        this.#apply({ ...member, member_session_id: message.sessionId }, message);
        break;
      case 'final':
        if (member.state === 'closing' && message.latest === member.applied_seq) {
          statements.state.run('final', this.#options.sessionId, memberId);
        }
        break;
    }
    this.#sendAck(socket, memberId, channel);
    this.#emit();
  }

  #apply(
    member: MemberRow & { readonly member_session_id: string },
    message: Extract<MemberMessage, { t: 'changes' }>,
  ): void {
    if (member.state === 'final' || member.state === 'released') return;
    const { db, counting, sessionId } = this.#options;
    const { blocked, through } = applyInOrder({ db, counting, sessionId, now: this.#now() }, member, message);
    if (blocked === undefined) {
      this.#blocked.delete(member.member_id);
      return;
    }
    if (this.#blocked.get(member.member_id)?.why !== blocked.why) {
      this.#options.logger?.warn('live count: a member’s change cannot be applied; kept for a retry', {
        memberId: member.member_id,
        seq: through + 1,
        why: blocked.why,
      });
    }
    this.#blocked.set(member.member_id, blocked);
  }

  /** What members see may have changed (lines, who is in or idle): every connected member is told. */
  #tellJoinedChanged(): void {
    if (this.#connected.size === 0) return;
    if (!this.#joined.look(this.members(), this.#now())) return;
    for (const [memberId, socket] of this.#connected) this.#sendAck(socket, memberId);
  }

  #sendAck(socket: WebSocket, memberId: string, channel = channelOf.get(socket)): void {
    const member = liveStatements(this.#options.db).member.get(this.#options.sessionId, memberId);
    if (member === undefined || channel === undefined) return;
    const blocked = this.#blocked.get(memberId);
    this.#send(socket, channel, {
      t: 'ack',
      applied: member.applied_seq,
      state: member.state,
      ...(blocked === undefined ? {} : { blocked: blocked.why.slice(0, 500) }),
      ...(blocked?.shelf === undefined ? {} : { blockedShelf: blocked.shelf }),
      joined: this.#joined.version,
    });
  }

  #send(socket: WebSocket, channel: SealedChannel, message: HostMessage): void {
    sendFrame(socket, channel, message, this.#options.faults);
  }
}

const channelOf = new WeakMap<WebSocket, SealedChannel>();
