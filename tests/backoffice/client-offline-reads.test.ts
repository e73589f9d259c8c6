// Reads a page waits on, through the client and the real connectivity tracker wired the way the open
// store wires them (services/page-reads.ts), against a refused port and the real sandbox on loopback:
// while the back office is known unreachable a read makes one attempt and fails at once with the same
// refusal; believed online (or not known yet) it keeps its retries; the next answer turns it back.
// Attempts are counted from the client's per-attempt events, never timed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackofficeClient, RequestEvent } from '../../src-main/backoffice/index.js';
import { ConnectivityTracker } from '../../src-main/services/connectivity.tracker.js';
import { pageReadsThrough } from '../../src-main/services/page-reads.js';
import { memoryLogger } from '../support/memory-logger.js';
import { startTestSandbox, type TestSandbox } from '../support/sandbox-harness.js';
import { testClient } from './support/client.js';
import { TEST_STORE, expectFailure } from './support/secrets.js';

/** The discard port: nothing listens, so every connection is refused. */
const REFUSED = 'http://127.0.0.1:9';

const open: BackofficeClient[] = [];
afterAll(async () => {
  for (const client of open.splice(0)) await client.close();
});

/** A client whose every attempt is recorded and told to a tracker, and the page's caller over both. */
function wired(baseUrl: string) {
  const events: RequestEvent[] = [];
  const tracker = new ConnectivityTracker({ now: () => 0, publish: () => undefined });
  tracker.reset(true);
  const log = memoryLogger();
  const made = testClient(baseUrl, {
    onRequest: (event) => {
      events.push(event);
      tracker.onRequest(event);
    },
  });
  open.push(made.client);
  const pageReads = pageReadsThrough(made.client, tracker, log.logger);
  return { client: made.client, sleeps: made.sleeps, events, tracker, pageReads, log };
}

describe('a read a page waits on', () => {
  it('known unreachable: one attempt, no backoff, and the refusal a retried read ends with', async () => {
    const { client, sleeps, events, tracker, pageReads, log } = wired(REFUSED);
    // The sync's way (the client itself): three attempts, and the tracker learns the back office is away.
    const retried = await expectFailure(client.call('GetMerchantProfile'), 'notSent');
    expect(events.map((event) => event.attempt)).toEqual([1, 2, 3]);
    expect(tracker.backOfficeUnreachable()).toBe(true);
    events.length = 0;
    sleeps.length = 0;

    const fast = await expectFailure(pageReads.call('GetMerchantProfile'), 'notSent');
    expect(events.map((event) => event.attempt)).toEqual([1]);
    expect(sleeps).toEqual([]);
    expect(fast.attempts).toBe(1);
    expect([fast.code, fast.sent, fast.endpoint, fast.text]).toEqual([
      retried.code,
      retried.sent,
      retried.endpoint,
      retried.text,
    ]);
    // One debug line says why; nothing at warn per read.
    expect(log.entries().map((entry) => entry.level)).toEqual(['debug']);
  });

  it('believed online: a refused read still retries, though its first refusal tells the tracker', async () => {
    const { sleeps, events, tracker, pageReads } = wired(REFUSED);
    tracker.onRequest({ outcome: 'ok' });
    const failure = await expectFailure(pageReads.call('GetMerchantProfile'), 'notSent');
    expect(events.map((event) => event.attempt)).toEqual([1, 2, 3]);
    expect(sleeps).toHaveLength(2);
    expect(failure.attempts).toBe(3);
    expect(tracker.backOfficeUnreachable()).toBe(true);
  });

  it('a store just opened (nothing known yet) keeps the retries too', async () => {
    const { events, tracker, pageReads } = wired(REFUSED);
    expect(tracker.current().state).toBe('unknown');
    await expectFailure(pageReads.call('GetMerchantProfile'), 'notSent');
    expect(events).toHaveLength(3);
  });

  it('writes are sent once whatever the tracker says', async () => {
    const { events, tracker, pageReads } = wired(REFUSED);
    tracker.onRequest({ outcome: 'ok' });
    await expectFailure(pageReads.call('AddWarehouse', { body: { code: 'W-X', name: 'X' } }), 'notSent');
    expect(events).toHaveLength(1);
  });
});

describe('what the tracker calls known unreachable', () => {
  it('no answer or a broken one; not a refusal that pauses, and not "no store"', () => {
    const tracker = new ConnectivityTracker({ now: () => 0, publish: () => undefined });
    const after = (outcome: RequestEvent['outcome']) => {
      tracker.reset(true);
      tracker.onRequest({ outcome });
      return tracker.backOfficeUnreachable();
    };
    expect(
      (['notSent', 'unclear', 'malformed', 'ok', 'permanent', 'duplicate', 'auth', 'quota'] as const).map(
        after,
      ),
    ).toEqual([true, true, true, false, false, false, false, false]);
    tracker.reset(true);
    tracker.onOutboxPaused('Access Denied.');
    expect(tracker.backOfficeUnreachable()).toBe(false);
    tracker.reset(false);
    expect(tracker.backOfficeUnreachable()).toBe(false);
  });
});

describe('the back office going away and coming back', () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox({
      stores: [TEST_STORE],
      log: () => undefined,
    });
  });
  afterAll(() => sandbox.close());

  it('refused: retried once, then one attempt each; an answer makes reads retry again', async () => {
    const { events, tracker, pageReads } = wired(sandbox.url);
    const attemptsOf = async (expected: 'ok' | 'notSent') => {
      events.length = 0;
      if (expected === 'ok') await pageReads.call('GetMerchantProfile');
      else await expectFailure(pageReads.call('GetMerchantProfile'), 'notSent');
      return events.length;
    };
    expect(await attemptsOf('ok')).toBe(1);
    expect(tracker.current().state).toBe('online');

    const port = sandbox.handle.port;
    await sandbox.handle.close();
    try {
      // The first read after the back office went away cannot know it yet: a blip is retried.
      expect(await attemptsOf('notSent')).toBe(3);
      expect(await attemptsOf('notSent')).toBe(1);
      expect(await attemptsOf('notSent')).toBe(1);
    } finally {
      await sandbox.restart({ port });
    }
    // Back: the read that finds it costs one attempt and turns the tracker online again.
    expect(await attemptsOf('ok')).toBe(1);
    expect(tracker.backOfficeUnreachable()).toBe(false);

    await sandbox.handle.close();
    try {
      expect(await attemptsOf('notSent')).toBe(3);
    } finally {
      await sandbox.restart({ port });
    }
  });
});
