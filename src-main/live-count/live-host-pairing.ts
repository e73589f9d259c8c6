// How a socket becomes a member's connection on the host: the OPAQUE handshake against an open join
// window's code (a new member) or a member's own secret (a rejoin), the wrong-code limit, and the
// bound on handshakes in progress. Nothing about a count is sent before it succeeds.
//
// One listener serves every count this PC hosts (live-listener.ts). A rejoin names the member, and
// each member belongs to one count. A join names no count (the code is its only secret): the host
// answers the member's one login request with a challenge per open join window, each under that
// count's own key, and the member finishes the one its code opens. The member blinded one code, so a
// connection tests one guess, against every open window; a failed one (a wrong finish, none opened, a
// socket closed after the challenge) counts as a wrong code in every window it was offered.
import { randomInt, randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import type { Logger } from '../logging/index.js';
import { ChannelError, SealedChannel, type SealedFrame } from './live-channel.js';
import { hostFinishLogin, hostStartLogin, registrationRecordFor } from './live-handshake.js';
import {
  JOIN_IDENTITY,
  MAX_OFFERED_WINDOWS,
  parseClearFrame,
  parseJoinMessage,
  PROTOCOL_VERSION,
  type JoinMessage,
  type RefusalReason,
} from './live-protocol.js';

/** Wrong codes one join window takes before it closes (a new window has a new code). */
export const MAX_WRONG_CODES = 5;
const HANDSHAKE_TIMEOUT_MS = 10_000;
const MAX_PENDING_HANDSHAKES = 8;

interface JoinWindow {
  readonly identity: string;
  readonly record: string;
  wrongCodes: number;
}

/** `join`: the member came in with the join code (its attempt and name); undefined: a rejoin. */
export type SealedHandler = (
  socket: WebSocket,
  channel: SealedChannel,
  identity: string,
  join: JoinMessage | undefined,
) => void;

/** One hosted count as the handshake sees it. */
export interface PairingTarget {
  readonly serverSetup: string;
  readonly windows: JoinWindows;
  /** The OPAQUE record of a member's rejoin secret, when the member is one of this count's. */
  memberRecord(memberId: string): string | undefined;
  readonly sealed: SealedHandler;
}

/** A PC refused for speaking another protocol version: the host's screen says which to update. */
export interface OtherVersionPeer {
  readonly version: number;
  readonly at: number;
}

/** A count's join window: its code, how many wrong codes it has taken, who came on another version. */
export class JoinWindows {
  readonly #serverSetup: string;
  readonly #logger: Logger | undefined;
  readonly #onChange: () => void;
  #window: JoinWindow | undefined;
  #otherVersion: OtherVersionPeer | undefined;

  constructor(options: { serverSetup: string; logger: Logger | undefined; onChange: () => void }) {
    this.#serverSetup = options.serverSetup;
    this.#logger = options.logger;
    this.#onChange = options.onChange;
  }

  /** A new window with a new six-digit code (an open one's code stops working). */
  open(): string {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const identity = `${JOIN_IDENTITY}:${randomUUID()}`;
    this.#window = {
      identity,
      record: registrationRecordFor(this.#serverSetup, identity, code),
      wrongCodes: 0,
    };
    this.#onChange();
    return code;
  }

  close(): void {
    this.#window = undefined;
    this.#onChange();
  }

  get current(): JoinWindow | undefined {
    return this.#window;
  }

  /** The last PC refused for its protocol version (joining this count, or one of its members). */
  get otherVersion(): OtherVersionPeer | undefined {
    return this.#otherVersion;
  }

  refusedVersion(version: number): void {
    this.#otherVersion = { version, at: Date.now() };
    this.#onChange();
  }

  wrongCode(window: JoinWindow): void {
    window.wrongCodes += 1;
    this.#logger?.warn('live count: a join with a wrong code was refused', { wrongCodes: window.wrongCodes });
    if (window.wrongCodes >= MAX_WRONG_CODES && this.#window === window) {
      this.#logger?.warn('live count: join window closed after too many wrong codes', {
        wrongCodes: window.wrongCodes,
      });
      this.#window = undefined;
      this.#onChange();
    }
  }
}

/** One challenge offered: whose count, under which window (none: a rejoin), the host's login state. */
interface Offer {
  readonly target: PairingTarget;
  readonly window: JoinWindow | undefined;
  readonly state: string;
  readonly response: string;
}

export interface HostPairingOptions {
  readonly logger: Logger | undefined;
  /** The counts served now. */
  readonly targets: () => readonly PairingTarget[];
}

export class HostPairing {
  readonly #options: HostPairingOptions;
  #pendingHandshakes = 0;

  constructor(options: HostPairingOptions) {
    this.#options = options;
  }

  /** Runs the handshake on a new socket; the count's `sealed` gets the connection once it succeeded. */
  accept(socket: WebSocket): void {
    if (this.#pendingHandshakes >= MAX_PENDING_HANDSHAKES) {
      refuse(socket, 'busy');
      return;
    }
    this.#pendingHandshakes += 1;
    let pending = true;
    const settle = (): void => {
      if (!pending) return;
      pending = false;
      this.#pendingHandshakes -= 1;
      clearTimeout(timer);
    };
    const timer = setTimeout(() => {
      socket.terminate();
    }, HANDSHAKE_TIMEOUT_MS);
    let step: 'hello' | 'finish' | 'refused' = 'hello';
    let offers: readonly Offer[] = [];
    let identity = '';
    const onHandshake = (data: unknown, isBinary: boolean): void => {
      const frame = isBinary ? undefined : parseClearFrame(String(data));
      if (frame === undefined) {
        refuse(socket, 'bad-frame');
        return;
      }
      if (step === 'hello' && frame.t === 'hello' && frame.v !== PROTOCOL_VERSION) {
        this.#refuseVersion(socket, frame.identity, frame.v);
        return;
      }
      if (step === 'hello' && frame.t === 'hello') {
        const started = this.#offers(frame.identity, frame.request);
        if ('refused' in started) {
          refuse(socket, started.refused);
          return;
        }
        offers = started;
        identity = frame.identity;
        step = 'finish';
        socket.send(JSON.stringify({ t: 'challenge', responses: offers.map((offer) => offer.response) }));
        return;
      }
      if (step === 'finish' && frame.t === 'finish') {
        const offer = offers[frame.choice];
        const sessionKey = offer === undefined ? undefined : hostFinishLogin(offer.state, frame.request);
        if (offer === undefined || sessionKey === undefined) {
          // Counted here, once: the close that follows must not count it again.
          step = 'refused';
          const joining = strikeOffered(offers);
          refuse(socket, joining ? 'wrong-code' : 'unknown-member');
          return;
        }
        const channel = new SealedChannel(sessionKey, 'host');
        const join = offer.window === undefined ? undefined : openJoin(channel, frame.join);
        if (offer.window !== undefined && join === undefined) {
          // The code was right: not a wrong code, but a join this host cannot place.
          step = 'refused';
          refuse(socket, 'bad-frame');
          return;
        }
        settle();
        socket.off('message', onHandshake);
        offer.target.sealed(socket, channel, identity, join);
        return;
      }
      refuse(socket, 'bad-frame');
    };
    socket.on('message', onHandshake);
    socket.on('close', () => {
      // A join abandoned after the challenge counts as a wrong code: else guessing is free.
      if (pending && step === 'finish') strikeOffered(offers);
      settle();
    });
    socket.on('error', () => {
      socket.terminate();
    });
  }

  /**
   * A PC on another version is told the host's, so it can say which of the two to update; the counts
   * it meant (those with an open window for a join, its own for a rejoin) show it on the host.
   */
  #refuseVersion(socket: WebSocket, identity: string, version: number): void {
    this.#options.logger?.warn('live count: a PC on another protocol version was refused', {
      version,
      ours: PROTOCOL_VERSION,
    });
    for (const target of this.#options.targets()) {
      const meant =
        identity === JOIN_IDENTITY
          ? target.windows.current !== undefined
          : target.memberRecord(identity) !== undefined;
      if (meant) target.windows.refusedVersion(version);
    }
    if (socket.readyState === socket.OPEN)
      socket.send(JSON.stringify({ t: 'refused', reason: 'version', v: PROTOCOL_VERSION }));
    socket.close();
  }

  #offers(identity: string, request: string): { refused: RefusalReason } | Offer[] {
    const targets = this.#options.targets();
    if (identity === JOIN_IDENTITY) {
      const offers: Offer[] = [];
      for (const target of targets) {
        const window = target.windows.current;
        if (window === undefined || offers.length >= MAX_OFFERED_WINDOWS) continue;
        const started = hostStartLogin(target.serverSetup, window.identity, window.record, request);
        if (started === undefined) return { refused: 'bad-frame' };
        offers.push({ target, window, ...started });
      }
      return offers.length === 0 ? { refused: 'window-closed' } : offers;
    }
    for (const target of targets) {
      const record = target.memberRecord(identity);
      if (record === undefined) continue;
      const started = hostStartLogin(target.serverSetup, identity, record, request);
      return started === undefined ? { refused: 'bad-frame' } : [{ target, window: undefined, ...started }];
    }
    return { refused: 'unknown-member' };
  }
}

/** The join message sealed in a join's finish: the channel's first frame from the member. */
function openJoin(channel: SealedChannel, frame: SealedFrame | undefined): JoinMessage | undefined {
  if (frame === undefined) return undefined;
  try {
    return parseJoinMessage(channel.open(frame));
  } catch (error) {
    if (error instanceof ChannelError) return undefined;
    throw error;
  }
}

/** One wrong code in every window offered; false when none was (a rejoin). */
function strikeOffered(offers: readonly Offer[]): boolean {
  let joining = false;
  for (const offer of offers) {
    if (offer.window === undefined) continue;
    joining = true;
    offer.target.windows.wrongCode(offer.window);
  }
  return joining;
}

function refuse(socket: WebSocket, reason: RefusalReason): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ t: 'refused', reason }));
  socket.close();
}
