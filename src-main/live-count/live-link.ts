// Sending one message on a sealed connection, with the test seam that loses or repeats messages
// before they are sealed (the network losing or repeating a frame the channel itself would refuse).
import type { WebSocket } from 'ws';
import type { SealedChannel } from './live-channel.js';

export interface LinkFaults {
  /** True: this message is lost on the way. */
  readonly drop?: () => boolean;
  /** True: this message arrives twice. */
  readonly duplicate?: () => boolean;
}

export function sendFrame(
  socket: WebSocket,
  channel: SealedChannel,
  message: unknown,
  faults?: LinkFaults,
): void {
  if (socket.readyState !== socket.OPEN) return;
  if (faults?.drop?.() === true) return;
  const copies = faults?.duplicate?.() === true ? 2 : 1;
  for (let copy = 0; copy < copies; copy += 1) {
    socket.send(JSON.stringify({ t: 'sealed', ...channel.seal(message) }));
  }
}
