// A second process that keeps one core busy, as a warehouse PC's antivirus scan or a browser tab does:
// the scan-to-screen figure must hold with it. A bounded busy loop in its own Node process, so it
// competes with the page, the app and the sandbox for the CPU as a real one would, and ends by itself
// even if this bench is killed before it stops it.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

export interface BusyCore {
  /** Kills the loop (SIGKILL: it never reads its event loop) and waits for its exit. */
  stop(): Promise<void>;
}

/** Starts the busy loop; it spins for at most `limitMs` even if never stopped. */
export async function startBusyCore(limitMs: number): Promise<BusyCore> {
  const loop = `const end = Date.now() + ${Math.round(limitMs)}; process.send('spinning'); while (Date.now() < end) {}`;
  const child: ChildProcess = spawn(process.execPath, ['-e', loop], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const exited = once(child, 'exit');
  await once(child, 'message');
  return {
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
