// The quotation writes against every fault of the matrix (support/fault-cases.ts): a quotation made
// offline (AddQuotation, keyed by its uniquenumber) with its header, lines, tags and approval chained
// on its create (afterOperation), and the same absolute changes ending in a void on a quotation the
// back office already has (by server id). After healing, v4 reads show each quotation once and each
// change applied once: tags not doubled, the status and the amounts right.
import { expect } from 'vitest';
import { callContract, type DocumentLinesDraft } from '../../src-shared/ipc/index.js';
import { formatThaiDate } from '../../src-shared/time/index.js';
import { computeLines, wireLines, wireMoney } from '../../src-main/documents/document-lines-figures.js';
import { enqueueWrite } from '../../src-main/outbox/index.js';
import { describeFaultMatrix, MINUTE, plainRig, type FaultRig } from './support/fault-cases.js';
import { startOutboxFixture } from './support/outbox-fixture.js';

interface QuotationsRig extends FaultRig {
  /** Two products of the sandbox, for the lines. */
  readonly products: ReadonlyArray<{ sku: string; name: string }>;
}

let nextCase = 1;

/** The wire body of lines as the documents service builds it: the case's own unit prices. */
function money({ products }: QuotationsRig, n: number, quantity: number) {
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

/** Every quotation of the sandbox with this number, read through v4. */
async function withNumber({ fx }: QuotationsRig, number: string) {
  const answer = await fx.client().call('GetQuotations', { query: { keyword: number, limit: 500 } });
  return answer.list.filter((quotation) => quotation.number === number);
}

/** The same header change, lines, tag add and tag removal on a quotation (`target`), then `last`. */
function enqueueChanges(
  rig: QuotationsRig,
  target: { afterOperation: number } | { serverId: number },
  number: string,
  n: number,
  customer: string,
  last: 'approveQuotation' | 'voidQuotation',
): number[] {
  const { db } = rig.fx;
  const info = enqueueWrite(db, {
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
  const lines = enqueueWrite(db, { kind: 'editQuotation', target, args: { body: money(rig, n, 3) } });
  const tag = enqueueWrite(db, { kind: 'addQuotationTag', target, args: { query: { tag: 'urgent' } } });
  const untag = enqueueWrite(db, {
    kind: 'deleteQuotationTag',
    target,
    args: { query: { tag: 'walk-in' } },
  });
  const ended =
    last === 'approveQuotation'
      ? enqueueWrite(db, {
          kind: 'approveQuotation',
          target,
          args: { query: { approvedate: formatThaiDate(Date.now()) } },
        })
      : enqueueWrite(db, { kind: 'voidQuotation', target, args: {} });
  return [info, lines, tag, untag, ended].map((queued) => queued.operationId);
}

describeFaultMatrix<QuotationsRig>({
  title: 'quotation writes',
  async start() {
    const fx = await startOutboxFixture({ products: 5 });
    const listed = await fx.client().call('GetProducts', { query: { limit: 3 } });
    const products = listed.list.map((product) => ({ sku: product.sku ?? '', name: product.name ?? '' }));
    return { ...plainRig(fx), products };
  },
  endpoints: [
    'AddQuotation',
    'EditQuotationInfo',
    'EditQuotation',
    'AddQuotationTag',
    'DeleteQuotationTag',
    'ApproveQuotation',
    'VoidQuotation',
  ],
  /**
   * A quotation made offline with every change chained on its create, and one the back office has
   * (made through v4 now) with the same changes ending in a void. Numbers and prices are the case's own.
   */
  async enqueue(rig) {
    const { fx } = rig;
    const n = nextCase++;
    const offlineNumber = `FQ-${String(n).padStart(4, '0')}`;
    const serverNumber = `FS-${String(n).padStart(4, '0')}`;
    const start = { customername: `Case ${n}`, tag: ['walk-in'], ...money(rig, n, 2) };
    await fx.client().call('AddQuotation', { body: { number: serverNumber, ...start } });
    const heldId = (await withNumber(rig, serverNumber))[0]?.id ?? 0;
    const create = enqueueWrite(fx.db, { kind: 'addQuotation', body: { number: offlineNumber, ...start } });
    const offline = enqueueChanges(
      rig,
      { afterOperation: create.operationId },
      offlineNumber,
      n,
      `Case ${n} offline`,
      'approveQuotation',
    );
    const held = enqueueChanges(
      rig,
      { serverId: heldId },
      serverNumber,
      n,
      `Case ${n} held`,
      'voidQuotation',
    );
    const expected = money(rig, n, 3).amount;
    return {
      ids: [create.operationId, ...offline, ...held],
      expectAppliedOnce: async () => {
        const listed = await withNumber(rig, offlineNumber);
        expect(listed.map((quotation) => quotation.uniquenumber)).toEqual([create.uniqueNumber]);
        const ends: Array<[number, string, string]> = [
          [listed[0]?.id ?? 0, `Case ${n} offline`, 'Success'],
          [heldId, `Case ${n} held`, 'Voided'],
        ];
        for (const [id, customer, status] of ends) {
          const now = await fx.client().call('GetQuotationDetail', { id });
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
        expect(await withNumber(rig, serverNumber)).toHaveLength(1);
      },
    };
  },
  // A resend waits for its backoff; the changes chained on the create wait for it.
  settle: { stepMs: 10 * MINUTE, rounds: 9 },
  randomSeed: 7,
  expectOutcomes({ timing }, outcomes) {
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
  },
});
