// The web host: the built renderer and the IPC contract for a browser on the same PC, on 127.0.0.1 only.
// Static files need a valid Host; the WebSocket at /api also needs the host's own Origin and the token.
// Every answer carries the web host's CSP and the same security headers as the desktop's app protocol.
// Threat model and decisions: docs/decisions/0008-web-host.md.
//
//   const host = await startWebHost({ api, rendererDirectory: 'out/renderer' });
//   console.log(host.url);            // http://127.0.0.1:<port>/?token=<43 characters>
//   await host.close();
import websocket from '@fastify/websocket';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import type { AddressInfo } from 'node:net';
import type { WebSocket } from 'ws';
import { webHostContentSecurityPolicy } from '../app/content-security-policy.js';
import { securityHeaders } from '../app/app-protocol.js';
import type { ApiCore } from '../api/api-core.js';
import { silentLogger, type Logger } from '../logging/index.js';
import {
  createToken,
  isAllowedHost,
  isAllowedOrigin,
  originForHost,
  tokenOfUrl,
  tokensEqual,
} from './request-guard.js';
import { CLOSE_CODES, DEFAULT_SOCKET_LIMITS, SocketSession, type SocketLimits } from './socket-session.js';

/** The WebSocket's path. */
export const API_PATH = '/api';
/**
 * Largest frame a page may send: the biggest argument is a product picture (catalogue.replaceImage,
 * ≤ 2 MB as base64, about 2.7 MB); a frame past this is not ours.
 */
export const MAX_FRAME_BYTES = 3 * 1024 * 1024;
/** Refusals logged one by one; after that only the count is logged at close (a probe cannot fill the log). */
const LOGGED_REFUSALS = 50;

export interface WebHostOptions {
  readonly api: ApiCore;
  /** The built renderer (out/renderer). */
  readonly rendererDirectory: string;
  /** 0 (the default) picks a free port. */
  readonly port?: number;
  /** A fresh random token unless given (tests). */
  readonly token?: string;
  readonly logger?: Logger;
  readonly limits?: Partial<SocketLimits>;
}

export interface WebHost {
  readonly port: number;
  /** http://127.0.0.1:<port> */
  readonly origin: string;
  /** The page's address with the token: the one line `npm run web` prints. */
  readonly url: string;
  readonly token: string;
  /** Sockets open now. */
  readonly connections: number;
  /** Closes every socket (1001) and the server. */
  close(): Promise<void>;
}

type Refusal = 'host' | 'origin' | 'token';

export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const logger = options.logger ?? silentLogger;
  const token = options.token ?? createToken();
  const limits: SocketLimits = { ...DEFAULT_SOCKET_LIMITS, ...options.limits };
  const sessions = new Set<SocketSession>();
  const refusals: Record<Refusal, number> = { host: 0, origin: 0, token: 0 };
  let port = 0;

  function refuse(kind: Refusal, request: FastifyRequest): void {
    refusals[kind] += 1;
    const total = refusals.host + refusals.origin + refusals.token;
    if (total > LOGGED_REFUSALS) return;
    // Never the URL: it may hold a token. Header values are the caller's, so they are cut short.
    logger.warn('Web host refused a request', {
      refused: kind,
      host: String(request.headers.host ?? '').slice(0, 100),
      origin: String(request.headers.origin ?? '').slice(0, 100),
      path: request.url.split('?')[0]?.slice(0, 100),
    });
  }

  function forbid(reply: FastifyReply, message: string): FastifyReply {
    return reply.code(403).type('text/plain; charset=utf-8').send(message);
  }

  const app = Fastify({ logger: false, forceCloseConnections: true, return503OnClosing: true });

  app.addHook('onSend', async (request, reply) => {
    const host = request.headers.host;
    const origin =
      isAllowedHost(host, port) && host !== undefined ? originForHost(host) : `http://127.0.0.1:${port}`;
    void reply.headers(securityHeaders(webHostContentSecurityPolicy(origin)));
  });

  await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES } });
  // For every request and upgrade: a Host that is not this host's is a DNS-rebinding page or a
  // misdirected client, and gets nothing, not even a file. Added after the websocket plugin, whose own
  // onRequest hook marks upgrades: a refused upgrade's socket is then destroyed after the 403.
  app.addHook('onRequest', async (request, reply) => {
    if (isAllowedHost(request.headers.host, port)) return;
    refuse('host', request);
    return forbid(reply, 'Forbidden: this host answers only to 127.0.0.1 and localhost on its own port.');
  });

  app.get(
    API_PATH,
    {
      websocket: true,
      // A WebSocket is not held by the same-origin policy: only the host's own page may open one.
      onRequest: async (request, reply) => {
        if (isAllowedOrigin(request.headers.origin, request.headers.host, port)) return;
        refuse('origin', request);
        return forbid(reply, 'Forbidden: the WebSocket accepts only pages of this host.');
      },
    },
    (socket: WebSocket, request: FastifyRequest) => {
      if (!tokensEqual(tokenOfUrl(request.url), token)) {
        // Host and Origin were right, so this is our own page with a stale or missing token: a close
        // code (not a bare 403, which a page cannot read) lets it ask for the printed link again.
        refuse('token', request);
        socket.close(CLOSE_CODES.tokenRefused, 'The token is missing or wrong');
        return;
      }
      const session = new SocketSession(socket, options.api, limits, logger);
      sessions.add(session);
      socket.on('close', () => sessions.delete(session));
    },
  );

  await app.register(fastifyStatic, {
    root: options.rendererDirectory,
    index: 'index.html',
    dotfiles: 'deny',
    redirect: false,
    // securityHeaders sets Cache-Control: no-cache; send's own max-age would contradict it.
    cacheControl: false,
  });

  const unsubscribe = options.api.subscribe((name, payload) => {
    if (sessions.size === 0) return;
    let text: string;
    try {
      text = JSON.stringify({ type: 'event', name, payload });
    } catch (error) {
      logger.error('A web host event could not be serialised', { event: name, error });
      return;
    }
    for (const session of sessions) session.sendText(text);
  });

  try {
    await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  } catch (error) {
    unsubscribe();
    await app.close();
    throw error;
  }
  port = (app.server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  let closing: Promise<void> | undefined;

  return {
    port,
    origin,
    url: `${origin}/?token=${token}`,
    token,
    get connections() {
      return sessions.size;
    },
    close() {
      closing ??= (async () => {
        unsubscribe();
        for (const session of sessions)
          session.close(CLOSE_CODES.goingAway, 'The Stockroom host is stopping');
        await app.close();
        const total = refusals.host + refusals.origin + refusals.token;
        if (total > LOGGED_REFUSALS) logger.warn('Web host refusals', { ...refusals });
      })();
      return closing;
    },
  };
}
