// The sealed channel after the OPAQUE handshake (live-handshake.ts): both ends hold the same session
// key; HKDF-SHA256 derives one AES-256-GCM key per direction, and each frame's nonce is its number in
// that direction. A receiver takes only the next number, so a replayed, reordered, dropped or forged
// frame fails and the connection ends (the member resends what the host has not acknowledged).
import { createCipheriv, createDecipheriv, hkdfSync } from 'node:crypto';

export type Direction = 'host-to-member' | 'member-to-host';

const KEY_SALT = Buffer.from('stockroom live count v1');
const TAG_BYTES = 16;

function directionKey(sessionKey: string, direction: Direction): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(sessionKey, 'utf8'), KEY_SALT, direction, 32));
}

function nonceOf(counter: number): Buffer {
  const nonce = Buffer.alloc(12);
  nonce.writeBigUInt64BE(BigInt(counter), 4);
  return nonce;
}

export class ChannelError extends Error {}

export interface SealedFrame {
  readonly n: number;
  readonly c: string;
}

export class SealedChannel {
  readonly #sendKey: Buffer;
  readonly #receiveKey: Buffer;
  readonly #sendDirection: Direction;
  readonly #receiveDirection: Direction;
  #sent = 0;
  #received = 0;

  constructor(sessionKey: string, side: 'host' | 'member') {
    this.#sendDirection = side === 'host' ? 'host-to-member' : 'member-to-host';
    this.#receiveDirection = side === 'host' ? 'member-to-host' : 'host-to-member';
    this.#sendKey = directionKey(sessionKey, this.#sendDirection);
    this.#receiveKey = directionKey(sessionKey, this.#receiveDirection);
  }

  seal(message: unknown): SealedFrame {
    this.#sent += 1;
    const cipher = createCipheriv('aes-256-gcm', this.#sendKey, nonceOf(this.#sent));
    cipher.setAAD(Buffer.from(this.#sendDirection));
    const body = Buffer.concat([cipher.update(JSON.stringify(message), 'utf8'), cipher.final()]);
    return { n: this.#sent, c: Buffer.concat([body, cipher.getAuthTag()]).toString('base64') };
  }

  /** The message of the next frame; throws ChannelError for any frame that is not exactly that. */
  open(frame: SealedFrame): unknown {
    if (frame.n !== this.#received + 1) {
      throw new ChannelError(
        `frame ${String(frame.n)} out of order (expected ${String(this.#received + 1)})`,
      );
    }
    const bytes = Buffer.from(frame.c, 'base64');
    if (bytes.length < TAG_BYTES) throw new ChannelError('frame too short');
    const decipher = createDecipheriv('aes-256-gcm', this.#receiveKey, nonceOf(frame.n));
    decipher.setAAD(Buffer.from(this.#receiveDirection));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    let text: string;
    try {
      text = Buffer.concat([
        decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      throw new ChannelError('frame does not authenticate');
    }
    this.#received = frame.n;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new ChannelError('frame is not JSON');
    }
  }
}
