// The live count as the page sees it (calls `live.*`, decision 0013): which of this store's sessions
// host a count or are members of one, started and stopped here. A host listens only while it hosts
// (on the shop-network address, or the one the app was started with); the store's close stops every
// listener and member link. Every count hosted here shares one listener on one port (live-listener.ts),
// open while at least one count is hosted. After a restart, members of open sessions stream again by
// themselves and a host with members still to flush listens again on the same port (members know it).
import bwipjs from 'bwip-js/node';
import type { Database } from 'better-sqlite3';
import type { CallValue, ParsedCallArgs } from '../../src-shared/ipc/index.js';
import { liveJoinText, type LiveRefusalReason } from '../../src-shared/domain/live-join.js';
import type { CountingService } from '../counting/index.js';
import type { Logger } from '../logging/index.js';
import { Refusal } from '../refusal/refusal.js';
import { shopNetworkAddress } from './lan-address.js';
import { DiscoveryKeeper } from './live-discovery-keeper.js';
import type { DiscoveryNetwork } from './live-discovery.js';
import { LiveHost } from './live-host.js';
import type { OtherVersionPeer } from './live-host-pairing.js';
import { LiveListener } from './live-listener.js';
import { labelNow, PROTOCOL_VERSION, type PcLabel } from './live-protocol.js';
import { LiveHostUnreachable, LiveJoinRefused, LiveMember, type JoinFailure } from './live-member.js';
import { liveStatements } from './live-store.js';

/**
 * The port a host listens on unless told: one port for every count hosted here, so the firewall rule
 * (resources/installer.nsh) and a member's stored address stay true.
 */
export const DEFAULT_LIVE_PORT = 47_613;

export interface LiveListen {
  /** The address to bind; this PC's shop-network address unless given (tests: 127.0.0.1). */
  readonly host?: string;
  /** 0 takes any free port (tests); DEFAULT_LIVE_PORT unless given. */
  readonly port?: number;
}

export interface LiveCountServiceOptions {
  readonly db: Database;
  readonly counting: CountingService;
  /**
   * How other PCs see this one (the PC-name setting): read when a member attaches, when a host welcomes
   * a member and when discovery advertises, so a change reaches the next of each.
   */
  readonly label: PcLabel;
  readonly logger: Logger;
  readonly listen?: LiveListen;
  /** Where hosts are advertised and found (live-discovery.ts); no discovery unless given. */
  readonly discovery?: DiscoveryNetwork;
  readonly onChanged: (sessionId: string) => void;
}

type LiveStatus = CallValue<'live.status'>;

const JOIN_REFUSALS: Record<JoinFailure, LiveRefusalReason> = {
  'wrong-code': 'wrong-code',
  'window-closed': 'window-closed',
  'too-many-attempts': 'window-closed',
  'unknown-member': 'refused',
  busy: 'refused',
  'bad-frame': 'refused',
  unreachable: 'unreachable',
  'host-older': 'host-older',
  'member-older': 'member-older',
  'host-silent': 'host-silent',
};

const JOIN_MESSAGES: Record<LiveRefusalReason, string> = {
  'wrong-code': 'The code does not match the host’s join window.',
  'window-closed': 'The host’s join window is closed (five wrong codes close it): ask for a new code.',
  unreachable: 'Nothing answers at that address: the host is gone, or a firewall blocks the port.',
  'no-network': 'This PC has no address on a shop network to host a count on.',
  'not-hostable': 'Only an open count of this PC can be hosted.',
  'host-older':
    'The host’s Stockroom is older than this PC’s and cannot count live with it: update Stockroom on the host, then join again.',
  'member-older':
    'This PC’s Stockroom is older than the host’s and cannot count live with it: update Stockroom here, then join again.',
  'host-silent': 'The host took the code but did not answer after it: try joining again.',
  'not-live': 'This PC does not stream this count to a host.',
  refused: 'The host refused this PC.',
};

function refusal(reason: LiveRefusalReason): Refusal {
  return Refusal.conflict(JOIN_MESSAGES[reason], reason);
}

/** From the host's side: whether the PC it refused for its version was older than this one. */
function otherVersionOf(peer: OtherVersionPeer | undefined): 'host-older' | 'member-older' | null {
  if (peer === undefined) return null;
  return peer.version < PROTOCOL_VERSION ? 'member-older' : 'host-older';
}

function qrDataUrl(text: string): string {
  const svg = bwipjs.toSVG({ bcid: 'qrcode', text, scale: 1, paddingwidth: 0 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

export class LiveCountService {
  readonly #options: LiveCountServiceOptions;
  readonly #hosts = new Map<string, { live: LiveHost; code: string | null }>();
  readonly #members = new Map<string, LiveMember>();
  readonly #starting = new Map<string, Promise<LiveHost>>();
  #listener: Promise<LiveListener> | undefined;
  readonly #discovery: DiscoveryKeeper;
  #closed = false;

  constructor(options: LiveCountServiceOptions) {
    this.#options = options;
    this.#discovery = new DiscoveryKeeper({ network: options.discovery, logger: options.logger });
  }

  /** The hosts found on the shop's network so far (asking again now); none when discovery is off. */
  async findHosts(): Promise<CallValue<'live.findHosts'>> {
    return { enabled: this.#discovery.enabled, hosts: await this.#discovery.findHosts() };
  }

  /** Advertised while a join window is open here: the one listener, under this PC's name. */
  #syncDiscovery(): void {
    const open = [...this.#hosts.values()].find((hosted) => hosted.live.joinWindowOpen);
    const advert =
      open === undefined || this.#closed
        ? undefined
        : { name: labelNow(this.#options.label), host: open.live.address.host, port: open.live.address.port };
    void this.#discovery.sync(advert);
  }

  /** Streams again what was live before this PC stopped: members of open sessions, hosts with members. */
  async resume(): Promise<void> {
    const { db } = this.#options;
    const memberSessions = db
      .prepare<[], string>(
        `SELECT m.session_id FROM live_count_memberships m JOIN count_sessions s ON s.id = m.session_id
          WHERE s.state = 'open' AND m.final_at IS NULL`,
      )
      .pluck()
      .all();
    for (const sessionId of memberSessions)
      this.#track(LiveMember.resume({ ...this.#memberOptions(), sessionId }));
    const hostSessions = db
      .prepare<[], string>(
        `SELECT h.session_id FROM live_count_hosts h JOIN count_sessions s ON s.id = h.session_id
          WHERE s.state = 'open' AND h.ended_at IS NULL AND EXISTS (
            SELECT 1 FROM live_count_members m
             WHERE m.host_session_id = h.session_id AND m.state IN ('joined', 'closing'))`,
      )
      .pluck()
      .all();
    for (const sessionId of hostSessions) {
      await this.#listen(sessionId).catch((error: unknown) => {
        this.#options.logger.warn('live count: could not listen again for the members of a count', {
          sessionId,
          error,
        });
      });
    }
  }

  async host({ sessionId }: ParsedCallArgs<'live.host'>): Promise<LiveStatus> {
    const session = this.#options.counting.session(sessionId);
    const member = liveStatements(this.#options.db).membership.get(sessionId);
    if (session.state !== 'open' || session.handedOverAt !== null || member !== undefined) {
      throw refusal('not-hostable');
    }
    const live = await this.#listen(sessionId);
    const hosted = this.#hosts.get(sessionId);
    if (hosted !== undefined) hosted.code = live.openJoinWindow();
    this.#syncDiscovery();
    this.#options.onChanged(sessionId);
    return this.status({ sessionId });
  }

  closeWindow({ sessionId }: ParsedCallArgs<'live.closeWindow'>): LiveStatus {
    const hosted = this.#hosts.get(sessionId);
    hosted?.live.closeJoinWindow();
    if (hosted !== undefined) hosted.code = null;
    this.#syncDiscovery();
    this.#options.onChanged(sessionId);
    return this.status({ sessionId });
  }

  async stopHosting({ sessionId }: ParsedCallArgs<'live.stopHosting'>): Promise<LiveStatus> {
    const hosted = this.#hosts.get(sessionId);
    this.#hosts.delete(sessionId);
    this.#syncDiscovery();
    await hosted?.live.stop();
    await this.#closeListenerIfIdle();
    this.#options.onChanged(sessionId);
    return this.status({ sessionId });
  }

  async join({ address, code }: ParsedCallArgs<'live.join'>): Promise<LiveStatus> {
    let member: LiveMember;
    try {
      member = await LiveMember.join({ ...this.#memberOptions(), address, code });
    } catch (error) {
      if (error instanceof LiveJoinRefused) {
        this.#options.logger.warn('live count: joining a host was refused', {
          address,
          reason: error.reason,
        });
        throw refusal(JOIN_REFUSALS[error.reason]);
      }
      throw error;
    }
    this.#track(member);
    return this.status({ sessionId: member.sessionId });
  }

  leave({ sessionId }: ParsedCallArgs<'live.leave'>): LiveStatus {
    this.#members.get(sessionId)?.stop();
    this.#members.delete(sessionId);
    this.#options.onChanged(sessionId);
    return this.status({ sessionId });
  }

  flush({ sessionId }: ParsedCallArgs<'live.flush'>): LiveStatus {
    this.#hostOf(sessionId).requestFlush();
    return this.status({ sessionId });
  }

  release({ sessionId, memberId }: ParsedCallArgs<'live.release'>): LiveStatus {
    this.#hostOf(sessionId).release(memberId);
    return this.status({ sessionId });
  }

  /** A page of the host's joined lines, read from the host through this member's link now. */
  async joined({ sessionId, offset }: ParsedCallArgs<'live.joined'>): Promise<CallValue<'live.joined'>> {
    const member = this.#members.get(sessionId);
    if (member === undefined) throw refusal('not-live');
    try {
      const page = await member.joinedLines(offset);
      return {
        version: page.joined,
        offset: page.offset,
        total: page.total,
        lines: page.lines.map((line) => ({ ...line, parts: [...line.parts] })),
        pcs: [...page.pcs],
      };
    } catch (error) {
      if (error instanceof LiveHostUnreachable) {
        throw Refusal.conflict('The host of this count cannot be reached now.', 'unreachable');
      }
      throw error;
    }
  }

  status({ sessionId }: ParsedCallArgs<'live.status'>): LiveStatus {
    const hosted = this.#hosts.get(sessionId);
    if (hosted !== undefined) {
      const { live } = hosted;
      const address = `${live.address.host}:${String(live.address.port)}`;
      const code = live.joinWindowOpen ? hosted.code : null;
      return {
        sessionId,
        role: 'host',
        host: {
          address,
          code,
          qrDataUrl: code === null ? null : qrDataUrl(liveJoinText(address, code)),
          members: live.members().map((member) => ({
            memberId: member.memberId,
            label: member.label,
            state: member.state,
            connected: member.connected,
            appliedSeq: member.appliedSeq,
            lastSeenAt: member.lastSeenAt,
            blocked: member.blocked ?? null,
            blockedShelf: member.blockedShelf ?? null,
          })),
          readyToCommit: live.readyToCommit,
          otherVersion: otherVersionOf(live.otherVersionPeer),
        },
        member: null,
      };
    }
    const membership = liveStatements(this.#options.db).membership.get(sessionId);
    if (membership === undefined) return { sessionId, role: 'none', host: null, member: null };
    const streaming = this.#members.get(sessionId)?.status();
    const latestSeq = liveStatements(this.#options.db).latest.get(sessionId) ?? 0;
    return {
      sessionId,
      role: 'member',
      host: null,
      member: {
        hostAddress: membership.host_address,
        hostLabel: membership.host_label,
        connected: streaming?.connected ?? false,
        ackedSeq: streaming?.ackedSeq ?? membership.acked_seq,
        latestSeq: streaming?.latestSeq ?? latestSeq,
        state: streaming?.state ?? (membership.final_at === null ? 'joined' : 'final'),
        blocked: streaming?.blocked ?? null,
        blockedShelf: streaming?.blockedShelf ?? null,
        otherVersion: streaming?.otherVersion ?? null,
        joined: streaming?.joined ?? null,
      },
    };
  }

  /** Stops every listener and member link (the store closes after). */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#discovery.close();
    for (const member of this.#members.values()) member.stop();
    this.#members.clear();
    const hosts = [...this.#hosts.values()];
    this.#hosts.clear();
    await Promise.all(hosts.map((hosted) => hosted.live.stop()));
    await Promise.allSettled([...this.#starting.values()]);
    const listener = await this.#listener?.catch(() => undefined);
    this.#listener = undefined;
    await listener?.close();
  }

  #hostOf(sessionId: string): LiveHost {
    const hosted = this.#hosts.get(sessionId);
    if (hosted === undefined)
      throw Refusal.conflict('This count is not hosted on this PC now.', 'not-hostable');
    return hosted.live;
  }

  #memberOptions() {
    const { db, counting, label, logger } = this.#options;
    return { db, counting, label, logger };
  }

  #track(member: LiveMember): void {
    this.#members.set(member.sessionId, member);
    member.onChange(() => {
      this.#options.onChanged(member.sessionId);
    });
  }

  #listen(sessionId: string): Promise<LiveHost> {
    const running = this.#hosts.get(sessionId);
    if (running !== undefined) return Promise.resolve(running.live);
    let starting = this.#starting.get(sessionId);
    if (starting === undefined) {
      starting = this.#startHost(sessionId).finally(() => this.#starting.delete(sessionId));
      this.#starting.set(sessionId, starting);
    }
    return starting;
  }

  /** The one listener of every count hosted here, opened with the first. */
  #sharedListener(): Promise<LiveListener> {
    if (this.#listener === undefined) {
      const { listen, logger } = this.#options;
      const address = listen?.host ?? shopNetworkAddress();
      if (address === undefined) return Promise.reject(refusal('no-network'));
      const opening = LiveListener.open({ host: address, port: listen?.port ?? DEFAULT_LIVE_PORT }, logger);
      // A failed open (the port is taken by another program) is tried again by the next host call.
      opening.catch(() => {
        if (this.#listener === opening) this.#listener = undefined;
      });
      this.#listener = opening;
    }
    return this.#listener;
  }

  /** Listens only while it hosts: the last count stopped closes the port. */
  async #closeListenerIfIdle(): Promise<void> {
    if (this.#hosts.size > 0 || this.#starting.size > 0) return;
    const listener = await this.#listener?.catch(() => undefined);
    if (listener === undefined || listener.serving > 0 || this.#hosts.size > 0) return;
    this.#listener = undefined;
    await listener.close();
  }

  async #startHost(sessionId: string): Promise<LiveHost> {
    const { db, counting, label, logger } = this.#options;
    const listener = await this.#sharedListener();
    const live = await LiveHost.startOn({ db, counting, sessionId, label, logger }, listener);
    if (this.#closed) {
      await live.stop();
      throw Refusal.conflict('The store is closing.');
    }
    this.#hosts.set(sessionId, { live, code: null });
    live.onChange(() => {
      this.#syncDiscovery(); // five wrong codes close the window by themselves
      this.#options.onChanged(sessionId);
    });
    return live;
  }
}
