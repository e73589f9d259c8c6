// A server that answers with FLOOD_BYTES, generated as it is sent and never held, for the tests of the
// client's caps on what it reads (issue 21).
import { createServer, type Server } from 'node:http';
import { listenOnLoopback } from './loopback-listen.js';

export const FLOOD_BYTES = 256 * 1024 * 1024;

export interface Flood {
  readonly url: string;
  /** Bytes the server got onto the wire before the client stopped reading, per request. */
  readonly written: number[];
  close(): Promise<void>;
}

/**
 * Answers GetWarehouses with an empty list (the child's warm-up) and every other path with an HTTP 200
 * of FLOOD_BYTES: JSON's start, then one 64 KiB block of digits sent over and over, waiting for the
 * socket to drain. With `announce`, the Content-Length says the size up front; else it is chunked.
 */
export async function startFlood(announce: boolean): Promise<Flood> {
  const block = Buffer.alloc(64 * 1024, '0');
  const written: number[] = [];
  const server: Server = createServer((request, response) => {
    if (request.url?.startsWith('/v4/Warehouse/GetWarehouses')) {
      response.setHeader('content-type', 'application/json');
      return void response.end(
        JSON.stringify({ res: { resCode: '200', resDesc: 'Success' }, list: [], count: 0 }),
      );
    }
    response.writeHead(200, {
      'content-type': 'application/json',
      ...(announce ? { 'content-length': String(FLOOD_BYTES) } : {}),
    });
    const slot = written.push(0) - 1;
    let sent = 0;
    const pump = () => {
      while (sent < FLOOD_BYTES && !response.destroyed) {
        const piece = sent === 0 ? Buffer.from('{"content":"') : block.subarray(0, FLOOD_BYTES - sent);
        sent += piece.length;
        written[slot] = sent;
        if (!response.write(piece)) return void response.once('drain', pump);
      }
      if (!response.destroyed) response.end();
    };
    response.on('close', () => response.removeAllListeners('drain'));
    pump();
  });
  return { ...(await listenOnLoopback(server)), written };
}
