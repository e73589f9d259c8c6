// The one listener of this PC's hosted counts (decision 0013): a single port serves every count this
// PC hosts, so a second count hosted at once does not need a second port, and a member's stored
// "address:port" stays true whichever counts the host runs after a restart. The handshake routes a
// socket to its count: a rejoin by the member's id (each belongs to one count), a join by the join
// window whose code the member knows (live-host-pairing.ts). It listens only while it serves a count.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import type { Logger } from '../logging/index.js';
import { HostPairing, type PairingTarget } from './live-host-pairing.js';
import { LIVE_COUNT_PATH, MAX_FRAME_BYTES } from './live-protocol.js';

export interface ListenAddress {
  readonly host: string;
  readonly port: number;
}

export class LiveListener {
  readonly #server: Server;
  readonly #sockets: WebSocketServer;
  readonly #targets = new Set<PairingTarget>();

  private constructor(logger: Logger | undefined) {
    const pairing = new HostPairing({ logger, targets: () => [...this.#targets] });
    this.#server = createServer((_request, response) => {
      response.writeHead(404).end();
    });
    this.#sockets = new WebSocketServer({
      server: this.#server,
      path: LIVE_COUNT_PATH,
      maxPayload: MAX_FRAME_BYTES,
      // A member is Stockroom's main process, never a web page: a browser always sends Origin, so
      // refusing it keeps every page on the shop's network (or a rebinding DNS name) out.
      verifyClient: (info: { req: IncomingMessage }) => info.req.headers.origin === undefined,
    });
    this.#sockets.on('connection', (socket) => {
      pairing.accept(socket);
    });
  }

  static async open(listen: ListenAddress, logger?: Logger): Promise<LiveListener> {
    const listener = new LiveListener(logger);
    await new Promise<void>((resolve, reject) => {
      listener.#server.once('error', reject);
      listener.#server.listen(listen.port, listen.host, () => {
        listener.#server.off('error', reject);
        resolve();
      });
    });
    return listener;
  }

  get address(): ListenAddress {
    const address = this.#server.address() as AddressInfo;
    return { host: address.address, port: address.port };
  }

  /** A hosted count's joins and rejoins come here from now on. */
  serve(target: PairingTarget): void {
    this.#targets.add(target);
  }

  /** No more joins or rejoins for the count (its members' open sockets are its own to close). */
  stopServing(target: PairingTarget): void {
    this.#targets.delete(target);
  }

  get serving(): number {
    return this.#targets.size;
  }

  async close(): Promise<void> {
    for (const socket of this.#sockets.clients) socket.terminate();
    await new Promise<void>((resolve) => {
      this.#sockets.close(() => {
        resolve();
      });
    });
    await new Promise<void>((resolve) => {
      this.#server.close(() => {
        resolve();
      });
    });
  }
}
