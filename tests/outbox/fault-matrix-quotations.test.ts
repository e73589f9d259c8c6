// The quotation writes against every fault the sandbox can inject: a quotation made offline
// (AddQuotation, keyed by its uniquenumber) with its header, lines, tags and approval chained on its
// create (afterOperation), and the same absolute changes ending in a void on a quotation the back
// office already has (by server id). After healing, v4 reads show each quotation once and each change
// applied once: tags not doubled, the status and the amounts right.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callContract, type DocumentLinesDraft } from '../../src-shared/ipc/index.js';
import { formatThaiDate } from '../../src-shared/time/index.js';
import { computeLines, wireLines, wireMoney } from '../../src-main/documents/document-lines-figures.js';
import { enqueueWrite, type Outbox } from '../../src-main/outbox/index.js';
import type { FaultMode, FaultTiming } from '../../src-main/sandbox/index.js';
import { SETTLE_MS, startOutboxFixture, states, type OutboxFixture } from './support/outbox-fixture.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const ENDPOINTS = [
  'AddQuotation',
  'EditQuotationInfo',
  'EditQuotation',
  'AddQuotationTag',
  'DeleteQuotationTag',
  'ApproveQuotation',
  'VoidQuotation',
];

describe('quotation writes against sandbox faults', () => {
  let fx: OutboxFixture;
  let products: Array<{ sku: string; name: string }> = [];
  let nextCase = 1;
  beforeAll(async () => {
    fx = await startOutboxFixture({ products: 5 });
    const listed = await fx.client().call('GetProducts', { query: { limit: 3 } });
    products = listed.list.map((product) => ({ sku: product.sku ?? '', name: product.name ?? '' }));
  });
  afterAll(() => fx.close());

  /** The wire body of lines as the documents service builds it: the case's own unit prices. */
  function money(n: number, quantity: number) {
    const [first, second] = products;
    const draft: DocumentLinesDraft = callContract['documents.previewLines'].args.parse({
      lines: [
        { sku: first?.sku, name: first?.name, quantity, unitPrice: 100 + n, discount: '5%' },
        { sku: second?.sku, name: second?.name, quantity: 1, unitPrice: 20.25 },
      ],
      vatType: 'excludeVat',
      shippingAmount: 30,
      shippingVat: true,
    });
    const figures = computeLines(draft);
    return { ...wireMoney(draft, figures), list: wireLines(draft, figures) };
  }

  async function detail(id: number) {
    return fx.client().call('GetQuotationDetail', { id });
  }

  /** Every quotation of the sandbox with this number, read through v4. */
  async function withNumber(number: string) {
    const answer = await fx.client().call('GetQuotations', { query: { keyword: number, limit: 500 } });
    return answer.list.filter((quotation) => quotation.number === number);
  }

  /** The same header change, lines, tag add and tag removal on a quotation (`target`), then `last`. */
  function enqueueChanges(
    target: { afterOperation: number } | { serverId: number },
    number: string,
    n: number,
    customer: string,
    last: 'approveQuotation' | 'voidQuotation',
  ): number[] {
    const info = enqueueWrite(fx.db, {
      kind: 'editQuotationInfo',
      target,
      // Every header field, as the documents service sends them (the number and date unchanged).
      args: {
        body: {
          number,
          customername: customer,
          customeridnumber: `0105${n}`,
          customerphone: `081-${n}`,
          customeremail: '',
          customeraddress: `${n} Sukhumvit Rd`,
          customerbranchname: '',
          customerbranchno: '',
          quotationdate: formatThaiDate(Date.now()),
          reference: `REF-${n}`,
          saleschannel: '',
          description: `Fault case ${n}`,
        },
      },
    });
    const lines = enqueueWrite(fx.db, { kind: 'editQuotation', target, args: { body: money(n, 3) } });
    const tag = enqueueWrite(fx.db, { kind: 'addQuotationTag', target, args: { query: { tag: 'urgent' } } });
    const untag = enqueueWrite(fx.db, {
      kind: 'deleteQuotationTag',
      target,
      args: { query: { tag: 'walk-in' } },
    });
    const ended =
      last === 'approveQuotation'
        ? enqueueWrite(fx.db, {
            kind: 'approveQuotation',
            target,
            args: { query: { approvedate: formatThaiDate(Date.now()) } },
          })
        : enqueueWrite(fx.db, { kind: 'voidQuotation', target, args: {} });
    return [info, lines, tag, untag, ended].map((queued) => queued.operationId);
  }

  /**
   * A quotation made offline with every change chained on its create, and one the back office has
   * (made through v4 now) with the same changes ending in a void. Numbers and prices are the case's own.
   */
  async function enqueueCase(): Promise<{ ids: number[]; check: () => Promise<void> }> {
    const n = nextCase++;
    const offlineNumber = `FQ-${String(n).padStart(4, '0')}`;
    const serverNumber = `FS-${String(n).padStart(4, '0')}`;
    const start = { customername: `Case ${n}`, tag: ['walk-in'], ...money(n, 2) };
    await fx.client().call('AddQuotation', { body: { number: serverNumber, ...start } });
    const heldId = (await withNumber(serverNumber))[0]?.id ?? 0;
    const create = enqueueWrite(fx.db, { kind: 'addQuotation', body: { number: offlineNumber, ...start } });
    const offline = enqueueChanges(
      { afterOperation: create.operationId },
      offlineNumber,
      n,
      `Case ${n} offline`,
      'approveQuotation',
    );
    const held = enqueueChanges({ serverId: heldId }, serverNumber, n, `Case ${n} held`, 'voidQuotation');
    const expected = money(n, 3).amount;
    return {
      ids: [create.operationId, ...offline, ...held],
      check: async () => {
        const listed = await withNumber(offlineNumber);
        expect(listed.map((quotation) => quotation.uniquenumber)).toEqual([create.uniqueNumber]);
        const ends: Array<[number, string, string]> = [
          [listed[0]?.id ?? 0, `Case ${n} offline`, 'Success'],
          [heldId, `Case ${n} held`, 'Voided'],
        ];
        for (const [id, customer, status] of ends) {
          const now = await detail(id);
          expect(now).toMatchObject({
            status,
            customername: customer,
            customeraddress: `${n} Sukhumvit Rd`,
            reference: `REF-${n}`,
          });
          expect(now.amount).toBeCloseTo(expected, 2);
          expect(now.tag).toEqual(['urgent']);
          expect(now.list?.map((line) => line.number)).toEqual([3, 1]);
        }
        expect(await withNumber(serverNumber)).toHaveLength(1);
      },
    };
  }

  function expectAllDone(ids: readonly number[]): void {
    const byId = new Map(states(fx.db).map((row) => [row.id, row]));
    for (const id of ids) expect(byId.get(id)).toMatchObject({ state: 'done' });
  }

  /** Drains until every row of `ids` is done or five rounds passed (a resend waits for its backoff). */
  async function drainOut(outbox: Outbox, ids: readonly number[]): Promise<void> {
    for (
      let round = 0;
      round < 8 && states(fx.db).some((row) => ids.includes(row.id) && row.state !== 'done');
      round++
    ) {
      fx.clock.advance(10 * MINUTE);
      await outbox.drain();
    }
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
    const work = await enqueueCase();
    for (const endpoint of ENDPOINTS) fx.sandbox.handle.scheduleFault({ endpoint, mode, timing });
    const outbox = fx.outbox();
    await outbox.drain();
    if (mode === 'reset') {
      fx.clock.advance(SETTLE_MS);
      await outbox.drain();
    }
    await drainOut(outbox, work.ids);
    expectAllDone(work.ids);
    const outcomes = states(fx.db)
      .filter((row) => work.ids.includes(row.id))
      .map((row) => row.outcome);
    const [create, info, lines, tag, untag, approve, heldInfo, heldLines, heldTag, heldUntag, voided] =
      outcomes;
    // After the commit, the create's resend meets its uniquenumber (900) and each change's read-back
    // finds it reached; before it, each is sent again. One fault per endpoint: of the two writes on an
    // endpoint, the one sent first met it.
    if (timing === 'after') {
      expect([create, approve, voided]).toEqual(['alreadyApplied', 'reconciled', 'reconciled']);
      for (const pair of [
        [info, heldInfo],
        [lines, heldLines],
        [tag, heldTag],
        [untag, heldUntag],
      ])
        expect(pair.sort()).toEqual(['applied', 'reconciled']);
    } else expect(outcomes).toEqual(Array(11).fill('applied'));
    await work.check();
  });

  it('a slow answer past the client timeout: unclear, found applied, never sent twice', async () => {
    const work = await enqueueCase();
    // Slow only once the reads before the first write are done: the write outlives the client timeout.
    const outbox = fx.outbox({
      client: fx.client({ headersMs: 100 }),
      hooks: { beforeRequest: () => fx.sandbox.handle.setFaults({ latencyMs: 1_500 }) },
    });
    await outbox.drain();
    fx.sandbox.handle.setFaults({ latencyMs: 0 });
    expect(
      states(fx.db)
        .filter((row) => work.ids.includes(row.id))
        .map((row) => row.state),
    ).toContain('unclear');
    // The slow request was received; it is applied once its latency has passed.
    await new Promise((resolve) => setTimeout(resolve, 1_800));
    await drainOut(fx.outbox(), work.ids);
    expectAllDone(work.ids);
    await work.check();
  });

  it('two drainers on one file under random faults: each quotation once, each change once', async () => {
    const first = await enqueueCase();
    const second = await enqueueCase();
    const ids = [...first.ids, ...second.ids];
    fx.sandbox.handle.setFaults({ failRate: 0.3, seed: 7 });
    const one = fx.outbox();
    const two = fx.outbox({ db: fx.temp.open() });
    for (let round = 0; round < 80; round++) {
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
    const work = await enqueueCase();
    const { handle } = fx.sandbox;
    handle.setQuota(handle.quotaUsed('demo') + 1);
    const outbox = fx.outbox();
    expect((await outbox.drain()).stoppedBy).toBe('held');
    handle.setQuota(50_000);
    fx.clock.advance(DAY);
    await drainOut(outbox, work.ids);
    expectAllDone(work.ids);
    await work.check();
  });

  it('credentials revoked mid-drain: the queue pauses until a person resumes it', async () => {
    const work = await enqueueCase();
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
    await drainOut(outbox, work.ids);
    expectAllDone(work.ids);
    await work.check();
  });
});
