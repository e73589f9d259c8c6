// The contact writes against every fault the sandbox can inject: a contact made offline (AddContact,
// a keyless create found again by its code), an edit chained on it (UpdateContact waiting for the
// create) and an edit of a contact the back office already has. After healing, v4 reads show each
// contact created exactly once, with each edit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueWrite, type Outbox } from '../../src-main/outbox/index.js';
import type { FaultMode, FaultTiming } from '../../src-main/sandbox/index.js';
import { SETTLE_MS, startOutboxFixture, states, type OutboxFixture } from './support/outbox-fixture.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('contact writes against sandbox faults', () => {
  let fx: OutboxFixture;
  let seeded: Array<{ id: number; code: string }> = [];
  let nextCase = 1;
  beforeAll(async () => {
    fx = await startOutboxFixture({ products: 5 });
    const answer = await fx.client().call('GetContacts', { query: { limit: 500 } });
    seeded = answer.list.map((contact) => ({ id: contact.id, code: contact.code ?? '' }));
  });
  afterAll(() => fx.close());

  /** Every contact of the sandbox with this code, read through v4. */
  async function withCode(code: string) {
    const answer = await fx.client().call('GetContacts', { query: { keyword: code, limit: 500 } });
    return answer.list.filter((contact) => contact.code === code);
  }

  /** A new contact, an edit waiting for it, and an edit of a seeded contact; their own figures. */
  function enqueueCase(): { ids: number[]; check: () => Promise<void> } {
    const n = nextCase++;
    const code = `FM-${String(n).padStart(4, '0')}`;
    const create = enqueueWrite(fx.db, {
      kind: 'addContact',
      body: {
        code,
        name: `Fault case ${n}`,
        phone: `080-000-${String(n).padStart(4, '0')}`,
        idnumber: `T${n}`,
      },
    });
    const chained = enqueueWrite(fx.db, {
      kind: 'updateContact',
      target: { afterOperation: create.operationId },
      args: {
        body: { code, name: `Fault case ${n} (edited)`, phone: `089-111-${String(n).padStart(4, '0')}` },
      },
    });
    const { id: seededId, code: seededCode } = seeded[n % seeded.length] ?? { id: 0, code: '' };
    const seededPhone = `02-555-${String(n).padStart(4, '0')}`;
    const onSeeded = enqueueWrite(fx.db, {
      kind: 'updateContact',
      target: { serverId: seededId },
      args: { body: { code: seededCode, phone: seededPhone } },
    });
    return {
      ids: [create.operationId, chained.operationId, onSeeded.operationId],
      check: async () => {
        expect(await withCode(code)).toMatchObject([
          {
            name: `Fault case ${n} (edited)`,
            phone: `089-111-${String(n).padStart(4, '0')}`,
            idnumber: `T${n}`,
          },
        ]);
        const detail = await fx.client().call('GetContactDetail', { id: seededId });
        expect(detail.phone).toBe(seededPhone);
      },
    };
  }

  function expectAllDone(ids: readonly number[]): void {
    const byId = new Map(states(fx.db).map((row) => [row.id, row]));
    for (const id of ids) expect(byId.get(id)).toMatchObject({ state: 'done' });
  }

  const injected: Array<[FaultMode, FaultTiming]> = [
    ['reset', 'before'],
    ['reset', 'after'],
    ['http500', 'before'],
    ['http500', 'after'],
    ['res500', 'before'],
    ['res500', 'after'],
  ];

  it.each(injected)('%s %s the write commits: reconciled, applied once', async (mode, timing) => {
    const work = enqueueCase();
    for (const endpoint of ['AddContact', 'UpdateContact'])
      fx.sandbox.handle.scheduleFault({ endpoint, mode, timing });
    const outbox = fx.outbox();
    await outbox.drain();
    if (mode === 'reset') {
      fx.clock.advance(SETTLE_MS);
      await outbox.drain();
    }
    // A resend after "before" waits for its backoff.
    for (
      let round = 0;
      round < 5 && states(fx.db).some((row) => work.ids.includes(row.id) && row.state !== 'done');
      round++
    ) {
      fx.clock.advance(10 * MINUTE);
      await outbox.drain();
    }
    expectAllDone(work.ids);
    const outcomes = states(fx.db)
      .filter((row) => work.ids.includes(row.id))
      .map((row) => row.outcome);
    // After the commit the read-back finds the create by its code and the edit reached; before it, each
    // is sent again. One fault per endpoint: of the two edits, the one sent first met it.
    const [create, chained, onSeeded] = outcomes;
    if (timing === 'after') {
      expect(create).toBe('reconciled');
      expect([chained, onSeeded].sort()).toEqual(['applied', 'reconciled']);
    } else expect(outcomes).toEqual(['applied', 'applied', 'applied']);
    await work.check();
  });

  it('refused connection (sandbox closed): waits with backoff, then drains', async () => {
    const work = enqueueCase();
    const port = fx.sandbox.handle.port;
    await fx.sandbox.handle.close();
    const outbox = fx.outbox();
    expect((await outbox.drain()).stoppedBy).toBe('notSent');
    while ((await outbox.drain()).batches > 0);
    expect(
      states(fx.db)
        .filter((row) => work.ids.includes(row.id))
        .map((row) => row.state),
    ).not.toContain('done');
    await fx.sandbox.restart({ port });
    fx.clock.advance(10 * MINUTE);
    await outbox.drain();
    expectAllDone(work.ids);
    await work.check();
  });

  it('a create timing out: unclear, found by its code once applied, never sent twice', async () => {
    const work = enqueueCase();
    const outbox = fx.outbox({
      client: fx.client({ headersMs: 100 }),
      hooks: { beforeRequest: () => fx.sandbox.handle.setFaults({ latencyMs: 1_500 }) },
    });
    await outbox.drain();
    fx.sandbox.handle.setFaults({ latencyMs: 0 });
    expect(states(fx.db).find((row) => row.id === work.ids[0])?.state).toBe('unclear');
    const code = `FM-${String(nextCase - 1).padStart(4, '0')}`;
    for (let tries = 0; tries < 250 && (await withCode(code)).length === 0; tries++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    for (let round = 0; round < 5; round++) {
      fx.clock.advance(10 * MINUTE);
      await fx.outbox().drain();
    }
    expect(states(fx.db).find((row) => row.id === work.ids[0])).toMatchObject({
      state: 'done',
      outcome: 'reconciled',
    });
    expectAllDone(work.ids);
    await work.check();
  });

  it('two drainers on one file under random faults: every contact created once, each edit applied', async () => {
    const first = enqueueCase();
    const second = enqueueCase();
    const ids = [...first.ids, ...second.ids];
    fx.sandbox.handle.setFaults({ failRate: 0.3, seed: 5 });
    const one = fx.outbox();
    const two = fx.outbox({ db: fx.temp.open() });
    for (let round = 0; round < 60; round++) {
      await Promise.all([one.drain(), two.drain()]);
      if (states(fx.db).every((row) => !ids.includes(row.id) || row.state === 'done')) break;
      fx.clock.advance(5 * MINUTE);
    }
    fx.sandbox.handle.setFaults({ failRate: 0 });
    expectAllDone(ids);
    await first.check();
    await second.check();
  });

  it('quota reached: the queue holds until the next Thai day, then drains', async () => {
    const work = enqueueCase();
    const { handle } = fx.sandbox;
    handle.setQuota(handle.quotaUsed('demo') + 1);
    const outbox = fx.outbox();
    expect((await outbox.drain()).stoppedBy).toBe('held');
    handle.setQuota(50_000);
    fx.clock.advance(DAY);
    await outbox.drain();
    expectAllDone(work.ids);
    await work.check();
  });

  it('credentials revoked mid-drain: the queue pauses until a person resumes it', async () => {
    const work = enqueueCase();
    let requests = 0;
    const outbox: Outbox = fx.outbox({
      hooks: {
        afterResponse: () => {
          if (++requests === 1) fx.sandbox.handle.revokeStore('demo');
        },
      },
    });
    expect((await outbox.drain()).stoppedBy).toBe('paused');
    expect(states(fx.db).filter((row) => row.state === 'parked')).toEqual([]);
    fx.sandbox.handle.restoreStore('demo');
    outbox.resume();
    await outbox.drain();
    expectAllDone(work.ids);
    await work.check();
  });
});
