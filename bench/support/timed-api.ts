// The app's ApiCore with main's own time for each counting.scan and counting.codeIndex recorded, for the
// scan-to-screen bench (the web host calls it like any transport).
import type { ApiCore } from '../../src-main/api/api-core.js';
import type { CallValue } from '../../src-shared/ipc/index.js';

/** How the page read the session's code index: main's time per page, and from first call to last answer. */
export interface IndexReading {
  readonly pageMs: number[];
  codes: number;
  firstAt: number;
  lastAt: number;
}

/**
 * ApiCore with main's time for each counting.scan and counting.codeIndex recorded (the web host calls
 * it like any transport).
 */
export function timedApi(api: ApiCore, scanTimes: number[], index: IndexReading): ApiCore {
  return {
    subscribe: (listener) => api.subscribe(listener),
    call: async (name, args, origin) => {
      const started = performance.now();
      try {
        const result = await api.call(name, args, origin);
        if (name === 'counting.codeIndex' && result.ok) {
          index.codes += (result.value as CallValue<'counting.codeIndex'>).entries.length;
        }
        return result;
      } finally {
        const ended = performance.now();
        if (name === 'counting.scan') scanTimes.push(ended - started);
        if (name === 'counting.codeIndex') {
          index.pageMs.push(ended - started);
          if (Number.isNaN(index.firstAt)) index.firstAt = started;
          index.lastAt = ended;
        }
      }
    },
  };
}
