// The page's priority, raised on a real process of this machine (a stand-in for the renderer: a child
// that only waits), and read back from the system.
import { spawn, type ChildProcess } from 'node:child_process';
import { getPriority } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { DISPLAY_PRIORITY, raiseDisplayPriority } from '../../src-main/app/display-priority.js';
import { memoryLogger } from '../support/memory-logger.js';

let child: ChildProcess | undefined;

afterEach(() => {
  child?.kill('SIGKILL');
  child = undefined;
});

function waitingChild(): number {
  child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
  if (child.pid === undefined) throw new Error('the child did not start');
  return child.pid;
}

const isRoot = process.getuid?.() === 0;

describe('raiseDisplayPriority', () => {
  it.runIf(isRoot)('raises a normal process to above normal once, and says so at info', () => {
    const pid = waitingChild();
    expect(getPriority(pid)).toBe(0);
    const { logger, entries } = memoryLogger();
    expect(raiseDisplayPriority(pid, logger)).toBe('raised');
    expect(getPriority(pid)).toBe(DISPLAY_PRIORITY);
    expect(raiseDisplayPriority(pid, logger)).toBe('already');
    expect(entries().map((entry) => [entry.level, entry.message])).toEqual([
      ['info', 'The page runs at above-normal priority'],
    ]);
  });

  it.runIf(!isRoot)('without the right to raise, refuses with EACCES at warn and leaves it as it was', () => {
    const pid = waitingChild();
    const { logger, entries } = memoryLogger();
    expect(raiseDisplayPriority(pid, logger)).toBe('refused');
    expect(getPriority(pid)).toBe(0);
    expect(entries()).toMatchObject([{ level: 'warn', pid, reason: 'EACCES' }]);
  });

  it('a process that is gone is refused at warn with the system reason, never thrown', async () => {
    const pid = waitingChild();
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    child?.kill('SIGKILL');
    await exited;
    const { logger, entries } = memoryLogger();
    expect(raiseDisplayPriority(pid, logger)).toBe('refused');
    expect(entries()).toMatchObject([{ level: 'warn', pid, reason: 'ESRCH' }]);
  });
});
