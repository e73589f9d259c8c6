// The window's page paints every scan, and a counter waits on that paint. On a warehouse PC something
// else often keeps a core busy (an antivirus scan, a browser tab); at the same priority, the page's
// main thread queues behind it and a scan shows up late (issue 13: scan to screen, one core busy).
// Chromium already runs its compositor and IO threads above normal; this raises the page's own main
// thread the same way. No Electron here: the shell hands over the renderer's process id, and the
// scan-to-screen bench hands over its Chromium page's, so both run exactly this.
import { constants, getPriority, setPriority } from 'node:os';
import type { Logger } from '../logging/index.js';

/**
 * os.setPriority's "above normal": ABOVE_NORMAL_PRIORITY_CLASS for the whole process on Windows; on
 * Linux, nice -7 for the thread whose id is `pid` (the renderer's main thread), as Linux applies
 * setpriority to one thread. Not "high": the page must never starve the PC's own input and display.
 */
export const DISPLAY_PRIORITY = constants.priority.PRIORITY_ABOVE_NORMAL;

export type PriorityOutcome = 'raised' | 'already' | 'refused';

/**
 * Raises process `pid` to DISPLAY_PRIORITY unless it already runs at that or above. A refusal (Linux
 * without CAP_SYS_NICE or an RLIMIT_NICE that allows it, or a process that is gone) is logged at warn
 * with the system's reason: the app works, but scans may paint late while the PC is busy.
 */
export function raiseDisplayPriority(pid: number, logger: Logger): PriorityOutcome {
  try {
    if (getPriority(pid) <= DISPLAY_PRIORITY) return 'already';
    setPriority(pid, DISPLAY_PRIORITY);
  } catch (error) {
    logger.warn(
      'The page could not be given above-normal priority: scans may show late while the PC is busy',
      {
        pid,
        reason: systemReason(error),
      },
    );
    return 'refused';
  }
  logger.info('The page runs at above-normal priority', { pid, priority: DISPLAY_PRIORITY });
  return 'raised';
}

/** os.setPriority throws ERR_SYSTEM_ERROR; the system's own code (EACCES, ESRCH) is in its `info`. */
function systemReason(error: unknown): string {
  const info = (error as { info?: { code?: unknown } } | null)?.info;
  if (typeof info?.code === 'string') return info.code;
  return error instanceof Error ? error.message : String(error);
}
