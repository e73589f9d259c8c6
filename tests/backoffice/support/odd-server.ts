// A tiny node:http server on 127.0.0.1 for answers the sandbox never gives (non-JSON, numeric resCode,
// a res/list-wrapped detail, a hung server). It records what the client sent.
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenOnLoopback } from './loopback-listen.js';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
  /** The client's port: equal ports mean one kept-alive connection. */
  readonly remotePort: number | undefined;
}

export interface OddServer {
  readonly url: string;
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

export type OddHandler = (request: RecordedRequest, response: ServerResponse, raw: IncomingMessage) => void;

export async function startOddServer(handler: OddHandler): Promise<OddServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((raw, response) => {
    const chunks: Buffer[] = [];
    raw.on('data', (chunk: Buffer) => chunks.push(chunk));
    raw.on('end', () => {
      const request = {
        method: raw.method ?? '',
        url: raw.url ?? '',
        headers: raw.headers,
        body: Buffer.concat(chunks),
        remotePort: raw.socket.remotePort,
      };
      requests.push(request);
      handler(request, response, raw);
    });
  });
  return { ...(await listenOnLoopback(server)), requests };
}

/** Answers every request with HTTP 200 and this JSON (or text, when given a string). */
export function answerWith(body: unknown, status = 200): OddHandler {
  return (_request, response) => {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    response.writeHead(status, { 'content-type': 'application/json' }).end(text);
  };
}

/** A port nothing listens on: opened, then closed again. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
