// Runs an async task at most once at a time: asked again while it runs, it runs once more after, so a
// burst of changes (keys typed, events) costs one read at a time and the last answer is of the last state.

export interface Coalesced {
  /** Runs the task (or once more after the run in progress). */
  request(): Promise<void>;
  /** The run in progress (and the one asked for after it), or at once when idle. */
  settled(): Promise<void>;
}

export function coalesced(task: () => Promise<void>): Coalesced {
  let running: Promise<void> | null = null;
  let again = false;
  return {
    request() {
      if (running !== null) {
        again = true;
        return running;
      }
      running = (async () => {
        try {
          do {
            again = false;
            await task();
          } while (again);
        } finally {
          running = null;
        }
      })();
      return running;
    },
    settled() {
      return running ?? Promise.resolve();
    },
  };
}
