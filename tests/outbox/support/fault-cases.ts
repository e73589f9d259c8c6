// The fault matrix, written once: every fault the sandbox can inject, how it is injected and what the
// queue must do under it, run against one resource's writes. A resource case says how to start its
// fixture, queue one case of its writes and read them back over v4; `describeFaultMatrix` runs every
// fault against it on a real database file and a real sandbox over loopback. Whatever the fault, once
// it heals every write of the case is done and v4 shows it applied exactly once.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BackofficeClient } from '../../../src-main/backoffice/index.js';
import type { Outbox, OutboxOptions } from '../../../src-main/outbox/index.js';
import type { FaultMode, FaultTiming } from '../../../src-main/sandbox/index.js';
import { SETTLE_MS, states, type OutboxFixture, type StateRow } from './outbox-fixture.js';

export const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Sandbox latency of the slow-answer fault. */
const SLOW_MS = 1_500;

/** One case of a resource's writes, queued with figures no other case uses. */
export interface FaultWork {
  /** The case's outbox rows. */
  readonly ids: readonly number[];
  /** Reads the sandbox back over v4 and asserts every write of the case applied exactly once. */
  expectAppliedOnce(): Promise<void>;
}

/** A started fixture: the outbox fixture and an outbox wired as the resource's service wires it. */
export interface FaultRig {
  readonly fx: OutboxFixture;
  outbox(options?: Partial<OutboxOptions>): Outbox;
  close(): Promise<void>;
}

export interface InjectedFault {
  readonly mode: FaultMode;
  readonly timing: FaultTiming;
}

export interface ResourceCase<Rig extends FaultRig, Work extends FaultWork = FaultWork> {
  /** Names the writes in the suite's title ("contact writes"). */
  readonly title: string;
  start(): Promise<Rig>;
  /** The v4 endpoints the case's writes call: an injected fault is scheduled once on each. */
  readonly endpoints: readonly string[];
  enqueue(rig: Rig): Promise<Work>;
  /**
   * How the case settles after the first drain once a fault healed: at most `rounds` more drains, the
   * clock moved `stepMs` before each (past a reset's settle time, a resend's backoff, a chain's turn).
   */
  readonly settle: { readonly stepMs: number; readonly rounds: number };
  /** Seed of the random faults two drainers meet (a seed that drains every case today). */
  readonly randomSeed: number;
  /** The outcomes an injected fault leaves (in queue order); `firstDrain`: the rows after the first drain. */
  expectOutcomes(
    fault: InjectedFault,
    outcomes: ReadonlyArray<string | null>,
    firstDrain: readonly StateRow[],
  ): void;
  /**
   * The outcomes of the writes a slow answer left unclear, once read back. By default the held request
   * landed, so each was found applied (or answered "already applied" to its key), never sent again.
   */
  expectSlowOutcomes?(outcomes: ReadonlyArray<string | null>): void;
  /** More than the matrix asks of the rows waiting while the sandbox refuses connections. */
  expectWhileRefused?(rows: readonly StateRow[]): void;
}

/** The rig of a resource whose writes need nothing but the outbox fixture. */
export function plainRig(fx: OutboxFixture): FaultRig {
  return { fx, outbox: (options) => fx.outbox(options), close: () => fx.close() };
}

/** The case's rows, in id order. */
export function rowsOf(fx: OutboxFixture, ids: readonly number[]): StateRow[] {
  return states(fx.db).filter((row) => ids.includes(row.id));
}

export function expectAllDone(fx: OutboxFixture, ids: readonly number[]): void {
  const byId = new Map(states(fx.db).map((row) => [row.id, row]));
  for (const id of ids)
    expect(byId.get(id), byId.get(id)?.reason_text ?? '').toMatchObject({ state: 'done' });
}

function isOpen(fx: OutboxFixture, ids: readonly number[]): boolean {
  return rowsOf(fx, ids).some((row) => row.state !== 'done');
}

/** While a row of `ids` is not done, at most `rounds` times: moves the clock `stepMs`, then drains. */
export async function drainUntilDone(
  fx: OutboxFixture,
  outbox: Outbox,
  ids: readonly number[],
  { stepMs, rounds }: { readonly stepMs: number; readonly rounds: number },
): Promise<void> {
  for (let round = 0; round < rounds && isOpen(fx, ids); round++) {
    fx.clock.advance(stepMs);
    await outbox.drain();
  }
}

interface FaultRun<Rig extends FaultRig, Work extends FaultWork> {
  readonly rig: Rig;
  readonly resource: ResourceCase<Rig, Work>;
  /** Drains after a fault healed until the case is done or the resource's rounds are spent. */
  settle(outbox: Outbox, ids: readonly number[]): Promise<void>;
  /** Every row done, then v4 shows each write once. */
  expectApplied(...works: Work[]): Promise<void>;
}

interface Fault {
  /** The test's title: the fault, what the queue does under it, and that it ends applied once. */
  readonly title: string;
  run<Rig extends FaultRig, Work extends FaultWork>(run: FaultRun<Rig, Work>): Promise<void>;
}

const INJECTED: readonly InjectedFault[] = [
  { mode: 'reset', timing: 'before' },
  { mode: 'reset', timing: 'after' },
  { mode: 'http500', timing: 'before' },
  { mode: 'http500', timing: 'after' },
  { mode: 'res500', timing: 'before' },
  { mode: 'res500', timing: 'after' },
];

/** A connection reset, HTTP 500 or resCode "500", before or after the write commits. */
function injected(fault: InjectedFault): Fault {
  return {
    title: `${fault.mode} ${fault.timing} the write commits: reconciled, applied once`,
    async run({ rig, resource, settle, expectApplied }) {
      const work = await resource.enqueue(rig);
      for (const endpoint of resource.endpoints) rig.fx.sandbox.handle.scheduleFault({ endpoint, ...fault });
      const outbox = rig.outbox();
      await outbox.drain();
      const firstDrain = rowsOf(rig.fx, work.ids);
      // A reset leaves the request possibly still in flight: it is read back only after the settle time.
      if (fault.mode === 'reset') expect(firstDrain.map((row) => row.state)).toContain('unclear');
      await settle(outbox, work.ids);
      await expectApplied(work);
      const outcomes = rowsOf(rig.fx, work.ids).map((row) => row.outcome);
      resource.expectOutcomes(fault, outcomes, firstDrain);
    },
  };
}

const refusedConnection: Fault = {
  title: 'refused connection (sandbox closed): waits with backoff, then drains once',
  async run({ rig, resource, settle, expectApplied }) {
    const work = await resource.enqueue(rig);
    const port = rig.fx.sandbox.handle.port;
    await rig.fx.sandbox.handle.close();
    const outbox = rig.outbox();
    expect((await outbox.drain()).stoppedBy).toBe('notSent');
    // Each run stops at the first refused request; the later ones try the other batches.
    while ((await outbox.drain()).batches > 0);
    const waiting = rowsOf(rig.fx, work.ids);
    // Each write waits to be sent again, or for the create it is chained on.
    expect(waiting.map((row) => row.state)).toContain('retry');
    for (const row of waiting)
      expect([row.state, row.reason_code]).toEqual(
        row.state === 'pending' ? ['pending', null] : ['retry', 'ECONNREFUSED'],
      );
    resource.expectWhileRefused?.(waiting);
    await rig.fx.sandbox.restart({ port });
    rig.fx.clock.advance(10 * MINUTE);
    await outbox.drain();
    await settle(outbox, work.ids);
    await expectApplied(work);
  },
};

/**
 * A client whose first write after `arm()` the sandbox holds `SLOW_MS` (past the client's 100 ms header
 * timeout; undici checks its timeouts about once a second, hence the long latency). The next request,
 * read or write, is answered at once again: only the armed write outlives the timeout.
 */
function slowFirstWrite(fx: OutboxFixture): { client: BackofficeClient; arm(): void } {
  const client = fx.client({ headersMs: 100 });
  const call = client.call.bind(client);
  let armed = false;
  const slowCall = ((...args: Parameters<typeof call>) => {
    fx.sandbox.handle.setFaults({ latencyMs: armed ? SLOW_MS : 0 });
    armed = false;
    return call(...args);
  }) as typeof call;
  return {
    client: new Proxy(client, {
      get: (target, name) => (name === 'call' ? slowCall : Reflect.get(target, name, target)),
    }),
    arm: () => {
      armed = true;
    },
  };
}

const slowAnswer: Fault = {
  title: 'slow answer past the client timeout: unclear, read back once applied, never sent twice',
  async run({ rig, resource, settle, expectApplied }) {
    const work = await resource.enqueue(rig);
    const { fx } = rig;
    // Slow once the reads before the first write are done: that write outlives the client timeout.
    const slow = slowFirstWrite(fx);
    let writes = 0;
    const outbox = rig.outbox({
      client: slow.client,
      hooks: { beforeRequest: () => (++writes === 1 ? slow.arm() : undefined) },
    });
    await outbox.drain();
    fx.sandbox.handle.setFaults({ latencyMs: 0 });
    const unclear = rowsOf(fx, work.ids).filter((row) => row.state === 'unclear');
    expect(unclear).not.toEqual([]);
    // The slow request was received: it is applied once its latency has passed.
    await new Promise((resolve) => setTimeout(resolve, SLOW_MS + 300));
    fx.clock.advance(10 * MINUTE);
    const healed = rig.outbox();
    await healed.drain();
    await settle(healed, work.ids);
    await expectApplied(work);
    const ended = new Map(rowsOf(fx, work.ids).map((row) => [row.id, row.outcome]));
    const outcomes = unclear.map((row) => ended.get(row.id) ?? null);
    if (resource.expectSlowOutcomes) resource.expectSlowOutcomes(outcomes);
    else for (const outcome of outcomes) expect(['reconciled', 'alreadyApplied']).toContain(outcome);
  },
};

const twoDrainers: Fault = {
  title: 'two drainers on one file under random faults: every write applied once',
  async run({ rig, resource, expectApplied }) {
    const first = await resource.enqueue(rig);
    const second = await resource.enqueue(rig);
    const ids = [...first.ids, ...second.ids];
    const { fx } = rig;
    fx.sandbox.handle.setFaults({ failRate: 0.3, seed: resource.randomSeed });
    const one = rig.outbox();
    const two = rig.outbox({ db: fx.temp.open() });
    for (let round = 0; round < 80 && isOpen(fx, ids); round++) {
      await Promise.all([one.drain(), two.drain()]);
      fx.clock.advance(5 * MINUTE);
    }
    fx.sandbox.handle.setFaults({ failRate: 0 });
    await expectApplied(first, second);
  },
};

const quotaReached: Fault = {
  title: 'quota reached: the queue holds until the next Thai day, then drains',
  async run({ rig, resource, settle, expectApplied }) {
    const work = await resource.enqueue(rig);
    const { fx } = rig;
    const { handle } = fx.sandbox;
    handle.setQuota(handle.quotaUsed('demo') + 1);
    const outbox = rig.outbox();
    expect((await outbox.drain()).stoppedBy).toBe('held');
    expect(outbox.control().holdUntil).toBeGreaterThan(fx.clock.now());
    expect((await outbox.drain()).skipped).toBe('held');
    handle.setQuota(50_000);
    fx.clock.advance(DAY);
    await outbox.drain();
    await settle(outbox, work.ids);
    await expectApplied(work);
  },
};

const credentialsRevoked: Fault = {
  title: 'credentials revoked mid-drain: the whole queue pauses until a person resumes it',
  async run({ rig, resource, settle, expectApplied }) {
    const first = await resource.enqueue(rig);
    const second = await resource.enqueue(rig);
    const { fx } = rig;
    const parkedBefore = states(fx.db).filter((row) => row.state === 'parked');
    let requests = 0;
    const events: string[] = [];
    const outbox = rig.outbox({
      hooks: {
        afterResponse: () => {
          if (++requests === 1) fx.sandbox.handle.revokeStore('demo');
        },
      },
    });
    outbox.events.on('paused', (event) => events.push(`paused ${event.text}`));
    outbox.events.on('resumed', () => events.push('resumed'));
    expect((await outbox.drain()).stoppedBy).toBe('paused');
    expect(outbox.control()).toMatchObject({ paused: true, pauseText: 'Invalid API' });
    expect(events).toEqual(['paused Invalid API']);
    expect((await outbox.drain()).skipped).toBe('paused');
    // Nothing is parked for it: every write waits for the person.
    expect(states(fx.db).filter((row) => row.state === 'parked')).toEqual(parkedBefore);
    fx.sandbox.handle.restoreStore('demo');
    outbox.resume();
    await outbox.drain();
    expect(events).toEqual(['paused Invalid API', 'resumed']);
    await settle(outbox, [...first.ids, ...second.ids]);
    await expectApplied(first, second);
  },
};

/** Every fault of the matrix, in the order the suites run them. */
export const FAULTS: readonly Fault[] = [
  ...INJECTED.map(injected),
  refusedConnection,
  slowAnswer,
  twoDrainers,
  quotaReached,
  credentialsRevoked,
];

/**
 * Runs every fault of the matrix against a resource's writes, on one fixture for the suite. `more`
 * adds the resource's own cases to the same suite (they reach the started fixture through `rig()`).
 */
export function describeFaultMatrix<Rig extends FaultRig, Work extends FaultWork = FaultWork>(
  resource: ResourceCase<Rig, Work>,
  more?: (rig: () => Rig) => void,
): void {
  describe(`${resource.title} against sandbox faults`, () => {
    let started: Rig | undefined;
    const rig = (): Rig => {
      if (!started) throw new Error('The fault matrix fixture has not started');
      return started;
    };
    beforeAll(async () => {
      started = await resource.start();
    });
    afterAll(() => started?.close());
    // A fault an endpoint did not meet must not meet the next case.
    afterEach(() => started?.fx.sandbox.handle.clearFaults());

    const settle = (outbox: Outbox, ids: readonly number[]): Promise<void> =>
      drainUntilDone(rig().fx, outbox, ids, resource.settle);
    const expectApplied = async (...works: Work[]): Promise<void> => {
      expectAllDone(
        rig().fx,
        works.flatMap((work) => work.ids),
      );
      for (const work of works) await work.expectAppliedOnce();
    };

    for (const fault of FAULTS)
      it(fault.title, () => fault.run({ rig: rig(), resource, settle, expectApplied }));
    more?.(rig);
  });
}

export { SETTLE_MS };
