// The scheduler against the sandbox on a virtual clock shared by the sandbox, the client's budget and
// the scheduler: a whole idle day measured in requests, the pause when the quota is spent, the reserve
// and the daily allowance respected, failed jobs backing off.
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_SCHEDULE_POLICY,
  incrementalIntervalMs,
  nextThaiDayStart,
  SyncScheduler,
  type SyncSchedulerEvent,
} from '../../../src-main/catalog/sync/index.js';
import { DAY_MS, formatThaiDateTime } from '../../../src-shared/time/index.js';
import { countByEndpoint, startSyncFixture, type SyncFixture } from './support/sync-fixture.js';
import { VirtualClock } from './support/virtual-clock.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** 08:00 Thai time. */
const START = Date.UTC(2026, 10, 23, 1, 0);
const PRODUCTS = 1_000;
const WAREHOUSES = 3;

let fixture: SyncFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

async function simulated(products = PRODUCTS): Promise<{ fixture: SyncFixture; clock: VirtualClock }> {
  const clock = new VirtualClock(START);
  fixture = await startSyncFixture({ sandbox: { products, now: clock.now }, now: clock.now });
  return { fixture, clock };
}

function schedulerFor(
  current: SyncFixture,
  clock: VirtualClock,
  policy: Partial<typeof DEFAULT_SCHEDULE_POLICY> = {},
): { scheduler: SyncScheduler; events: SyncSchedulerEvent[] } {
  const events: SyncSchedulerEvent[] = [];
  const scheduler = new SyncScheduler({
    sync: current.sync,
    budget: current.client.budget,
    clock,
    policy: { random: () => 0.5, ...policy },
    onEvent: (event) => events.push(event),
  });
  return { scheduler, events };
}

describe('schedule arithmetic', () => {
  it('stretches the incremental interval with the cost of a pull', () => {
    expect(incrementalIntervalMs(DEFAULT_SCHEDULE_POLICY, 3)).toBe(10 * MINUTE);
    expect(incrementalIntervalMs(DEFAULT_SCHEDULE_POLICY, 10)).toBe(24 * MINUTE);
    expect(incrementalIntervalMs(DEFAULT_SCHEDULE_POLICY, 0)).toBe(10 * MINUTE);
  });

  it('finds the next Thai midnight whatever the instant', () => {
    expect(formatThaiDateTime(nextThaiDayStart(START))).toBe('2026-11-24 00:00');
    expect(formatThaiDateTime(nextThaiDayStart(Date.UTC(2026, 10, 23, 16, 59)))).toBe('2026-11-24 00:00');
    expect(formatThaiDateTime(nextThaiDayStart(Date.UTC(2026, 10, 23, 17, 0)))).toBe('2026-11-25 00:00');
  });
});

describe('an idle PC over two simulated days', () => {
  it('spends under 1,000 requests a day, as decision 0004 computes', async () => {
    const { fixture: current, clock } = await simulated();
    const { scheduler, events } = schedulerFor(current, clock);
    await scheduler.runUntil(START + 2 * DAY_MS);

    expect(events.filter((event) => event.type === 'jobFailed')).toEqual([]);
    const day = (from: number) =>
      current.requests.filter((event) => event.at >= from && event.at < from + DAY_MS);
    const firstDay = day(START);
    const secondDay = day(START + DAY_MS);
    const byEndpoint = Object.fromEntries(countByEndpoint(secondDay));
    // Steady state: 144 incremental pulls (every 10 minutes) × 3 warehouses, 4 reference refreshes × 9
    // lists, one sweep of ceil(1,000 / 500) pages.
    const incremental = (24 * 60) / 10;
    expect(byEndpoint).toEqual({
      GetProducts: incremental * WAREHOUSES + Math.ceil(PRODUCTS / 500),
      GetWarehouses: 4,
      GetCategorys: 4,
      GetVariations: 4,
      GetPaymentMethods: 4,
      GetSalesChannels: 4,
      GetShippingChannels: 4,
      GetMerchantProfile: 4,
      GetBundles: 4,
      GetContacts: 4,
    });
    expect(secondDay).toHaveLength(incremental * WAREHOUSES + 4 * 9 + Math.ceil(PRODUCTS / 500));
    expect(secondDay.length).toBeLessThan(1_000);
    // The first day adds the one-off first sync to the same schedule (no sweep: the first sync was one).
    const firstSync = events.find((event) => event.type === 'jobFinished' && event.job === 'firstSync');
    expect(firstSync).toBeDefined();
    expect(firstDay.length - (firstSync?.type === 'jobFinished' ? firstSync.requests : 0)).toBe(
      incremental * WAREHOUSES + 4 * 9 - WAREHOUSES - 9,
    );
    // What the scheduler counted against its allowance agrees with the client's own log.
    expect(current.sync.requestsSpent('2026-11-24')).toBe(
      current.requests.filter(
        (event) => event.at >= nextThaiDayStart(START) && event.at < nextThaiDayStart(START) + DAY_MS,
      ).length,
    );
  });
});

describe('the request budget', () => {
  it('pauses until the next Thai day once the quota is spent, then carries on', async () => {
    const { fixture: current, clock } = await simulated(600);
    await current.sync.firstSync();
    current.sandbox.handle.setQuotaUsed('demo', 50_000);
    const { scheduler, events } = schedulerFor(current, clock);
    const before = current.requests.length;

    await scheduler.runUntil(START + DAY_MS);

    const paused = events.find((event) => event.type === 'paused');
    expect(paused).toMatchObject({ reason: 'quota', until: nextThaiDayStart(START) + 7.5 * MINUTE });
    const made = current.requests.slice(before);
    // The first pull's requests (one per warehouse, sent together) are refused, then silence until the
    // quota's new day.
    const resumeAt = paused?.type === 'paused' ? paused.until : 0;
    const beforeResume = made.filter((event) => event.at < resumeAt);
    expect(beforeResume.length).toBeGreaterThanOrEqual(1);
    expect(beforeResume.length).toBeLessThanOrEqual(WAREHOUSES);
    expect(beforeResume.every((event) => event.outcome === 'quota' && event.at === START + 10 * MINUTE)).toBe(
      true,
    );
    const afterResume = made.slice(beforeResume.length);
    expect(afterResume.length).toBeGreaterThan(0);
    expect(afterResume.every((event) => event.outcome === 'ok')).toBe(true);
  });

  it('makes no request while the remaining budget is under the reserve kept for writes', async () => {
    const { fixture: current, clock } = await simulated(600);
    await current.sync.firstSync();
    current.client.budget.record(45_000);
    const { scheduler, events } = schedulerFor(current, clock);
    const before = current.requests.length;

    await scheduler.runUntil(START + 12 * HOUR);

    expect(current.requests.length).toBe(before);
    // Checked when the first job comes due (10 minutes after the first sync's catch-up).
    expect(events).toEqual([
      { type: 'paused', reason: 'reserve', at: START + 10 * MINUTE, until: nextThaiDayStart(START) },
    ]);
  });

  it('stops the recurring jobs for the day once their allowance is spent', async () => {
    const { fixture: current, clock } = await simulated(600);
    await current.sync.firstSync();
    const { scheduler, events } = schedulerFor(current, clock, { dailyRequestAllowance: 20 });

    await scheduler.runUntil(nextThaiDayStart(START) - MINUTE);

    // Pulls of 3 requests at 10, 20 … 70 minutes reach 21; the one due at 80 minutes waits for tomorrow.
    expect(current.sync.requestsSpent('2026-11-23')).toBe(21);
    expect(events.filter((event) => event.type === 'paused')).toEqual([
      { type: 'paused', reason: 'allowance', at: START + 80 * MINUTE, until: nextThaiDayStart(START) },
    ]);
    expect(current.requests.filter((event) => event.at > START + 70 * MINUTE)).toEqual([]);
  });
});

describe('failures', () => {
  it('backs a failing job off, doubling its wait up to the cap', async () => {
    const { fixture: current, clock } = await simulated(600);
    await current.sync.firstSync();
    current.sandbox.handle.scheduleFault({ endpoint: 'GetProducts', mode: 'reset', count: 100_000 });
    const { scheduler, events } = schedulerFor(current, clock, { referenceIntervalMs: 7 * DAY_MS });

    await scheduler.runUntil(START + 4 * HOUR);

    const waits = events.flatMap((event) => (event.type === 'jobFailed' ? [event.retryAt - event.at] : []));
    // Half fixed, half random (0.5 here): 0.75 of 1, 2, 4, 8, 16, 30, 30… minutes.
    expect(waits.slice(0, 7)).toEqual([1, 2, 4, 8, 16, 30, 30].map((minutes) => 0.75 * minutes * MINUTE));
    expect(events.filter((event) => event.type === 'jobFinished')).toEqual([]);
    expect(current.sync.marker('incremental')?.lastStartedAt).toBe(START);
  });
});

describe('running in the background', () => {
  it('starts, is woken out of a backoff to retry at once, and stops', async () => {
    let time = START;
    const clock = {
      now: () => time,
      // Waits until woken or stopped: the test decides when time passes.
      sleep: (_ms: number, signal: AbortSignal) =>
        new Promise<void>((resolve) => {
          if (signal.aborted) resolve();
          else signal.addEventListener('abort', () => resolve(), { once: true });
        }),
    };
    fixture = await startSyncFixture({ sandbox: { products: 600 }, now: clock.now });
    const current = fixture;
    await current.sync.firstSync();
    time = START + 11 * MINUTE;
    current.sandbox.handle.scheduleFault({ endpoint: 'GetProducts', mode: 'reset', count: 1_000 });
    const events: SyncSchedulerEvent[] = [];
    const scheduler = new SyncScheduler({
      sync: current.sync,
      budget: current.client.budget,
      clock,
      policy: { random: () => 0.5 },
      onEvent: (event) => events.push(event),
    });
    const until = async (condition: () => boolean) => {
      while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
    };

    scheduler.start();
    await until(() => events.some((event) => event.type === 'jobFailed'));
    expect(events.map((event) => event.type)).toEqual(['jobStarted', 'jobFailed']);
    current.sandbox.handle.clearFaults();
    scheduler.wake();
    await until(() => events.some((event) => event.type === 'jobFinished'));
    await scheduler.stop();

    expect(events.map((event) => `${event.type}${'job' in event ? ` ${event.job}` : ''}`)).toEqual([
      'jobStarted incremental',
      'jobFailed incremental',
      'jobStarted incremental',
      'jobFinished incremental',
    ]);
    expect(current.sync.marker('incremental')?.lastStartedAt).toBe(START + 11 * MINUTE);
  });
});
