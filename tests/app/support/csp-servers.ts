// Local servers for the CSP-in-Chromium test: one serving a folder through the app protocol's own
// handler (so the page gets exactly the headers app:// sends), and a "foreign" one on another port that
// counts what reaches it (it answers with permissive CORS, so only the CSP can stop a request).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleAppRequest } from '../../../src-main/app/app-protocol.js';

export interface RunningServer {
  origin: string;
  /** Paths of HTTP requests received. */
  requests: string[];
  /** Paths of WebSocket upgrade requests received. */
  upgrades: string[];
  close(): Promise<void>;
}

async function listen(server: Server, requests: string[], upgrades: string[]): Promise<RunningServer> {
  server.on('upgrade', (request, socket) => {
    upgrades.push(request.url ?? '');
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    upgrades,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Serves `rootDirectory` as app://stockroom/ would, with the CSP `policyFor(origin)`. */
export async function startAppProtocolServer(
  rootDirectory: string,
  policyFor: (origin: string) => string,
): Promise<RunningServer> {
  const requests: string[] = [];
  const upgrades: string[] = [];
  let policy = '';
  const server = createServer((incoming, outgoing) => {
    requests.push(incoming.url ?? '');
    const request = new Request(`app://stockroom${incoming.url ?? '/'}`, {
      method: incoming.method ?? 'GET',
    });
    void handleAppRequest(request, { rootDirectory, contentSecurityPolicy: policy }).then(
      async (response) => {
        outgoing.writeHead(response.status, Object.fromEntries(response.headers));
        outgoing.end(Buffer.from(await response.arrayBuffer()));
      },
    );
  });
  const running = await listen(server, requests, upgrades);
  policy = policyFor(running.origin);
  return running;
}

/** Another origin that records every request and would let any page read its answers. */
export async function startForeignServer(): Promise<RunningServer> {
  const requests: string[] = [];
  const upgrades: string[] = [];
  const server = createServer((incoming, outgoing) => {
    requests.push(incoming.url ?? '');
    outgoing.writeHead(200, { 'Access-Control-Allow-Origin': '*', 'Content-Type': 'text/plain' });
    outgoing.end('foreign data');
  });
  return listen(server, requests, upgrades);
}
