// Quitting waits for the services to stop, within a bound. Electron's `before-quit` cannot await, so the
// first one is prevented, the services are stopped, and the app is asked to quit again; that second
// `before-quit` goes through. A stop that hangs past the timeout (a request the back office never
// answers) does not keep the app open: the app quits anyway and the outbox's crash recovery resumes at
// the next start (a write that was "sending" is reconciled, never blindly resent). Pure: no electron.
import type { Logger } from '../logging/index.js';

export type QuitState = 'running' | 'stopping' | 'stopped';

export interface QuitCoordinatorOptions {
  /** Stops the services (awaits `stopServices`). */
  stop: () => Promise<void>;
  /** Asks the app to quit again (electron's `app.quit`). */
  quit: () => void;
  timeoutMs: number;
  logger: Logger;
}

export interface QuitCoordinator {
  /** For `app.on('before-quit')`. */
  onBeforeQuit(event: { preventDefault(): void }): void;
  readonly state: QuitState;
}

export const DEFAULT_QUIT_TIMEOUT_MS = 10_000;

export function createQuitCoordinator(options: QuitCoordinatorOptions): QuitCoordinator {
  let state: QuitState = 'running';

  async function stopWithin(): Promise<void> {
    const started = performance.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), options.timeoutMs);
    });
    try {
      const outcome = await Promise.race([options.stop().then(() => 'stopped' as const), timedOut]);
      const ms = Math.round(performance.now() - started);
      if (outcome === 'timeout')
        options.logger.warn('Services did not stop in time; quitting anyway', { ms });
      else options.logger.info('Services stopped; quitting', { ms });
    } catch (error) {
      options.logger.error('Stopping the services failed; quitting anyway', { error });
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    onBeforeQuit(event) {
      if (state === 'stopped') return;
      event.preventDefault();
      if (state === 'stopping') return;
      state = 'stopping';
      options.logger.info('Quit requested; stopping services');
      void stopWithin().finally(() => {
        state = 'stopped';
        options.quit();
      });
    },
    get state() {
      return state;
    },
  };
}
