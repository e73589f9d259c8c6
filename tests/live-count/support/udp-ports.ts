// Free UDP ports on loopback for discovery tests: bound at once (so they differ), then let go for the
// test's own sockets to bind.
import { createSocket, type Socket } from 'node:dgram';

export async function freeUdpPorts(count: number): Promise<number[]> {
  const sockets = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<Socket>((resolve) => {
          const socket = createSocket('udp4');
          socket.bind(0, '127.0.0.1', () => {
            resolve(socket);
          });
        }),
    ),
  );
  const ports = sockets.map((socket) => socket.address().port);
  await Promise.all(sockets.map((socket) => new Promise<void>((resolve) => socket.close(resolve))));
  return ports;
}
