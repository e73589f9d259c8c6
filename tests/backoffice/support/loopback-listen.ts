// Starts a node:http server on 127.0.0.1 on a free port and closes it for good: every socket it
// accepted is destroyed first, so a hung or endless answer never keeps a test waiting.
import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface ListeningServer {
  readonly url: string;
  close(): Promise<void>;
}

export async function listenOnLoopback(server: Server): Promise<ListeningServer> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
