// One started resource (a test sandbox) shared by the tests of a file: started in beforeAll, closed in
// afterAll, and reached through a stand-in, so a test file needs neither a `let` nor the two hooks.
//
//   const sandbox = standIn(forFile(() => startProductSandbox(), (started) => started.close()));
//   beforeAll(async () => { /* the file's own set-up runs after the start */ });
import { afterAll, beforeAll } from 'vitest';

/**
 * Registers the hooks that start and close the value; returns its accessor, which throws when called
 * before beforeAll has started it (at the top level of the file rather than in a hook or a test).
 */
export function forFile<T>(start: () => Promise<T>, close: (started: T) => Promise<void>): () => T {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  });
  afterAll(async () => {
    if (started !== undefined) await close(started);
  });
  return () => {
    if (started === undefined)
      throw new Error('Used before beforeAll started it: use it in a hook or a test');
    return started;
  };
}

/** An object that reads every property from `current()` (methods bound to it) at the moment it is read. */
export function standIn<T extends object>(current: () => T): T {
  return new Proxy({} as T, {
    get(_target, property) {
      const target = current();
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
