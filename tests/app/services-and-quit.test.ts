// Quitting waits for the services (the outbox drainer, databases) to stop, within a bound, and only once.
import { describe, expect, it, vi } from 'vitest';
import { createQuitCoordinator } from '../../src-main/app/quit-coordinator.js';
import { appPaths } from '../../src-main/storage/paths.js';
import {
  SERVICE_STARTERS,
  startServices,
  stopServices,
  type ServiceStarter,
} from '../../src-main/app/services.js';
import { createLogger, createRedactor } from '../../src-main/logging/index.js';

function recordingLogger() {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({
    sinks: [{ write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>) }],
    level: 'debug',
    redactor: createRedactor(),
  });
  return { logger, lines };
}

const paths = appPaths('/tmp/stockroom-not-created');

function starter(
  name: string,
  order: string[],
  options: { failStart?: boolean; failStop?: boolean } = {},
): ServiceStarter {
  return {
    name,
    start: async () => {
      if (options.failStart === true) throw new Error(`${name} could not start`);
      order.push(`start ${name}`);
      return {
        stop: async () => {
          order.push(`stop ${name}`);
          if (options.failStop === true) throw new Error(`${name} could not stop`);
        },
      };
    },
  };
}

function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

describe('services', () => {
  it('are the app services, and an empty list opens nothing', async () => {
    const { logger, lines } = recordingLogger();
    expect(SERVICE_STARTERS.map((starter) => starter.name)).toEqual(['app-services']);
    const running = await startServices({ paths, logger }, []);
    expect(running.names).toEqual([]);
    await stopServices(running);
    expect(lines).toEqual([expect.objectContaining({ message: 'Services started', services: [] })]);
  });

  it('start in order and stop last-first, once, carrying on past a failing stop', async () => {
    const { logger, lines } = recordingLogger();
    const order: string[] = [];
    const running = await startServices({ paths, logger }, [
      starter('database', order),
      starter('outbox drainer', order, { failStop: true }),
      starter('catalogue sync', order),
    ]);
    expect(running.names).toEqual(['database', 'outbox drainer', 'catalogue sync']);
    await Promise.all([stopServices(running), stopServices(running)]);
    expect(order).toEqual([
      'start database',
      'start outbox drainer',
      'start catalogue sync',
      'stop catalogue sync',
      'stop outbox drainer',
      'stop database',
    ]);
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'error',
        message: 'Service failed to stop',
        service: 'outbox drainer',
      }),
    );
  });

  it('stop what started when a later service fails to start, and throw', async () => {
    const { logger } = recordingLogger();
    const order: string[] = [];
    await expect(
      startServices({ paths, logger }, [
        starter('database', order),
        starter('outbox drainer', order, { failStart: true }),
      ]),
    ).rejects.toThrow('outbox drainer could not start');
    expect(order).toEqual(['start database', 'stop database']);
  });
});

describe('quit coordinator', () => {
  it('prevents the first quit, stops the services, then quits; the second before-quit goes through', async () => {
    const { logger } = recordingLogger();
    const stopping = deferred();
    const stop = vi.fn(() => stopping.promise);
    const quit = vi.fn();
    const coordinator = createQuitCoordinator({ stop, quit, timeoutMs: 5_000, logger });

    const first = { preventDefault: vi.fn() };
    coordinator.onBeforeQuit(first);
    expect(first.preventDefault).toHaveBeenCalledOnce();
    expect(coordinator.state).toBe('stopping');

    const impatient = { preventDefault: vi.fn() };
    coordinator.onBeforeQuit(impatient); // the user presses quit again while the drainer finishes
    expect(impatient.preventDefault).toHaveBeenCalledOnce();
    expect(stop).toHaveBeenCalledOnce();
    expect(quit).not.toHaveBeenCalled();

    stopping.resolve();
    await vi.waitFor(() => expect(quit).toHaveBeenCalledOnce());
    expect(coordinator.state).toBe('stopped');

    const last = { preventDefault: vi.fn() };
    coordinator.onBeforeQuit(last);
    expect(last.preventDefault).not.toHaveBeenCalled();
  });

  it('quits anyway when the services do not stop in time', async () => {
    const { logger, lines } = recordingLogger();
    const quit = vi.fn();
    const coordinator = createQuitCoordinator({
      stop: () => new Promise(() => undefined),
      quit,
      timeoutMs: 30,
      logger,
    });
    coordinator.onBeforeQuit({ preventDefault: () => undefined });
    await vi.waitFor(() => expect(quit).toHaveBeenCalledOnce());
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 'warn', message: 'Services did not stop in time; quitting anyway' }),
    );
  });

  it('quits anyway when stopping fails, and logs why', async () => {
    const { logger, lines } = recordingLogger();
    const quit = vi.fn();
    const coordinator = createQuitCoordinator({
      stop: () => Promise.reject(new Error('database is locked')),
      quit,
      timeoutMs: 5_000,
      logger,
    });
    coordinator.onBeforeQuit({ preventDefault: () => undefined });
    await vi.waitFor(() => expect(quit).toHaveBeenCalledOnce());
    expect(JSON.stringify(lines)).toContain('database is locked');
  });
});
