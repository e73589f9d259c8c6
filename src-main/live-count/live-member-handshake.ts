// The member's side of joining a live count (decision 0013): the OPAQUE handshake against the host's
// challenge (a join code, or the member's own secret on a rejoin), and why it failed, said by reason.
import { WebSocket } from 'ws';
import { SealedChannel } from './live-channel.js';
import { memberFinishLogin, memberStartLogin } from './live-handshake.js';
import {
  JOIN_IDENTITY,
  LIVE_COUNT_PATH,
  MAX_HOST_FRAME_BYTES,
  PROTOCOL_VERSION,
  parseClearFrame,
  parseHostMessage,
  type HostMessage,
  type JoinMessage,
  type RefusalReason,
} from './live-protocol.js';

/**
 * Why a join or rejoin failed. A host on another version refuses as 'version' with its own; a host
 * older than version 3 cannot parse this PC's hello and answers it as a bad frame, which our own
 * well-formed hello can only earn from a host that does not speak its version: 'host-older' too.
 */
export type JoinFailure =
  | Exclude<RefusalReason, 'version'>
  | 'unreachable'
  | 'host-older'
  | 'member-older'
  /** The host took the code but its welcome did not come, on every try. */
  | 'host-silent';

export class LiveJoinRefused extends Error {
  readonly reason: JoinFailure;

  constructor(reason: JoinFailure) {
    super(`The host refused to let this PC join the count (${reason})`);
    this.reason = reason;
  }
}

export interface Link {
  readonly socket: WebSocket;
  readonly channel: SealedChannel;
}

function urlOf(address: string): string {
  return `ws://${address}${LIVE_COUNT_PATH}`;
}

/**
 * The OPAQUE handshake from the member's side. Resolves with the sealed link once the host has the
 * member's last message; a wrong secret, a refusal or a dead host reject with LiveJoinRefused. A join
 * (the code as secret) seals `join` into its finish, as the channel's first frame.
 */
export function handshake(
  address: string,
  identity: string,
  secret: string,
  join?: Omit<JoinMessage, 't'>,
): Promise<Link> {
  return new Promise<Link>((resolve, reject) => {
    const login = memberStartLogin(secret);
    const socket = new WebSocket(urlOf(address), {
      maxPayload: MAX_HOST_FRAME_BYTES,
      handshakeTimeout: 10_000,
    });
    let settled = false;
    let challenged = false;
    const fail = (reason: JoinFailure): void => {
      socket.terminate();
      if (settled) return;
      settled = true;
      reject(new LiveJoinRefused(reason));
    };
    socket.on('open', () => {
      socket.send(JSON.stringify({ t: 'hello', v: PROTOCOL_VERSION, identity, request: login.request }));
    });
    socket.on('message', (data, isBinary) => {
      if (settled) return;
      const frame = isBinary ? undefined : parseClearFrame(String(data));
      if (frame?.t === 'refused') {
        if (frame.reason === 'version')
          return fail((frame.v ?? 0) > PROTOCOL_VERSION ? 'member-older' : 'host-older');
        return fail(!challenged && frame.reason === 'bad-frame' ? 'host-older' : frame.reason);
      }
      if (frame?.t !== 'challenge') return fail('bad-frame');
      challenged = true;
      // One response per join window the host has open (its counts share one port): the code opens
      // at most one of them. None: the code is wrong (or the host is not it).
      let choice = -1;
      let finished: ReturnType<typeof memberFinishLogin>;
      for (const [index, response] of frame.responses.entries()) {
        finished = memberFinishLogin(login.state, response, secret);
        if (finished !== undefined) {
          choice = index;
          break;
        }
      }
      if (finished === undefined) return fail(identity === JOIN_IDENTITY ? 'wrong-code' : 'unknown-member');
      const channel = new SealedChannel(finished.sessionKey, 'member');
      const sealedJoin = join === undefined ? {} : { join: channel.seal({ t: 'join', ...join }) };
      socket.send(JSON.stringify({ t: 'finish', request: finished.request, choice, ...sealedJoin }));
      settled = true;
      resolve({ socket, channel });
    });
    socket.on('error', () => {
      fail('unreachable');
    });
    socket.on('close', () => {
      fail('unreachable');
    });
  });
}

/**
 * The first sealed message on a fresh link (the host's welcome after a join), or undefined when it is
 * not one, the link closes, or nothing came within `waitMs` (the link is then closed: a host that
 * took the handshake and went silent must not hold the join forever).
 */
export function firstMessage(link: Link, waitMs: number): Promise<HostMessage | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      link.socket.off('message', onMessage);
      link.socket.terminate();
      resolve(undefined);
    }, waitMs);
    const onMessage = (data: unknown, isBinary: boolean): void => {
      clearTimeout(timer);
      link.socket.off('message', onMessage);
      const frame = isBinary ? undefined : parseClearFrame(String(data));
      try {
        resolve(frame?.t === 'sealed' ? parseHostMessage(link.channel.open(frame)) : undefined);
      } catch {
        resolve(undefined);
      }
    };
    link.socket.on('message', onMessage);
    link.socket.once('close', () => {
      clearTimeout(timer);
      resolve(undefined);
    });
  });
}
