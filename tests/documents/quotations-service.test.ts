// The quotation service against real SQLite and the real sandbox: a quotation made with the back office
// away shows at once, its edit and approval wait for its create (the chain), the drain sends each once
// and the pulled copy lands on the same row; lists filter and total; bad input queues nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callContract, type QuotationDraft } from '../../src-shared/ipc/index.js';
import { states } from '../outbox/support/outbox-fixture.js';
import { startQuotationFixture, type QuotationFixture } from './support/quotation-fixture.js';
import { refusedPaths } from './support/numbering.js';

interface ServerQuotation {
  id: number;
  number: string;
  status: string;
  amount: number;
  approvedateString: string;
  uniquenumber: string;
  tag: string[];
  list: Array<{ sku: string; number: number }>;
}

let q: QuotationFixture;

beforeAll(async () => {
  q = await startQuotationFixture();
});
afterAll(() => q.close());

function draftOf(extra: Record<string, unknown> = {}): QuotationDraft {
  const [first, second] = q.products;
  return callContract['documents.createQuotation'].args.parse({
    number: q.documents.proposeNumber().number,
    customer: { name: 'Somchai Trading' },
    lines: [
      {
        productId: first?.id,
        sku: first?.sku,
        name: first?.name,
        quantity: 2,
        unitPrice: 120,
        discount: '10%',
      },
      { productId: second?.id, sku: second?.sku, name: second?.name, quantity: 1, unitPrice: 45.5 },
    ],
    vatType: 'excludeVat',
    shippingAmount: 50,
    shippingVat: true,
    tags: ['walk-in'],
    ...extra,
  });
}

async function serverQuotations(): Promise<ServerQuotation[]> {
  const answer = await q.fx.sandbox.call('GetQuotations', { query: { limit: 500 } });
  return (answer.body as { list: ServerQuotation[] }).list;
}

describe('quotations', () => {
  // How numbers are proposed and taken: quotation-numbers.test.ts.
  it('proposes numbers from the PC short name', () => {
    expect(q.documents.proposeNumber().number).toMatch(/^WHPC02-Q\d{4}$/);
  });

  it('made offline: shown at once; edit and approval wait for the create; one quotation after the drain', async () => {
    const draft = draftOf();
    const made = q.documents.create(draft);
    expect(made.status).toBe('Pending');
    expect(made.sendState).toBe('waitingToSend');
    expect(made.figures.amount).toBeGreaterThan(0);
    expect(q.documents.list(callContract['documents.quotations'].args.parse({})).items[0]?.id).toBe(made.id);

    const edited = q.documents.edit(
      callContract['documents.editQuotation'].args.parse({
        id: made.id,
        lines: [{ ...draft.lines[0], quantity: 5 }],
        vatType: 'excludeVat',
        shippingAmount: 50,
        shippingVat: true,
      }),
    );
    expect(edited.lines.map((line) => line.quantity)).toEqual([5]);
    const approved = q.documents.approve({ id: made.id, date: '2026-01-15' });
    expect(approved.status).toBe('Success');
    expect(approved.chain.map((mark) => [mark.write, mark.waitingForCreate])).toEqual([
      ['create', false],
      ['edit', true],
      ['approve', true],
    ]);

    await q.outbox.drain();
    expect(q.documents.detail(made.id).chain.every((mark) => mark.sendState === 'sent')).toBe(true);

    const server = (await serverQuotations()).filter((row) => row.number === draft.number);
    expect(server).toHaveLength(1);
    expect(server[0]).toMatchObject({ status: 'Success', approvedateString: '2026-01-15' });
    expect(server[0]?.list.map((line) => line.number)).toEqual([5]);
    expect(server[0]?.amount).toBe(edited.figures.amount);

    await q.sync.pull();
    const listed = q.documents.list(
      callContract['documents.quotations'].args.parse({ keyword: draft.number }),
    );
    expect(listed.items).toHaveLength(1);
    expect(listed.items[0]).toMatchObject({ id: made.id, serverId: server[0]?.id, status: 'Success' });
  });

  it('tags and void go through the outbox on a quotation the back office has', async () => {
    const made = q.documents.create(draftOf());
    await q.outbox.drain();
    q.documents.addTag({ id: made.id, tag: 'urgent' });
    q.documents.removeTag({ id: made.id, tag: 'walk-in' });
    const voided = q.documents.void({ id: made.id });
    expect(voided.status).toBe('Voided');
    expect(voided.tags).toEqual(['urgent']);
    await q.outbox.drain();
    const server = (await serverQuotations()).find((row) => row.number === made.number);
    expect(server).toMatchObject({ status: 'Voided', tag: ['urgent'] });
    expect(states(q.fx.db).filter((row) => row.state !== 'done')).toEqual([]);
  });

  it('filters by status, amount, keyword and creator, with totals over the filter', async () => {
    await q.sync.pull();
    const all = q.documents.list(callContract['documents.quotations'].args.parse({ limit: 500 }));
    const pending = q.documents.list(
      callContract['documents.quotations'].args.parse({ status: ['Pending'], limit: 500 }),
    );
    expect(pending.items.every((item) => item.status === 'Pending')).toBe(true);
    expect(pending.total).toBeLessThan(all.total);
    const big = q.documents.list(
      callContract['documents.quotations'].args.parse({ amountMin: 200, limit: 500 }),
    );
    expect(big.items.every((item) => item.amount >= 200)).toBe(true);
    expect(big.totals.amount).toBeCloseTo(
      big.items.reduce((sum, item) => sum + item.amount, 0),
      2,
    );
    const byCustomer = q.documents.list(
      callContract['documents.quotations'].args.parse({ keyword: 'SOMCHAI' }),
    );
    expect(byCustomer.total).toBeGreaterThanOrEqual(2);
    const nobody = q.documents.list(
      callContract['documents.quotations'].args.parse({ createdBy: 'no-such-user' }),
    );
    expect(nobody.total).toBe(0);
  });

  it('refuses bad forms by field and queues nothing', () => {
    const before = states(q.fx.db).length;
    const taken =
      q.documents.list(callContract['documents.quotations'].args.parse({})).items[0]?.number ?? '';
    expect(refusedPaths(() => q.documents.create(draftOf({ number: taken })))).toEqual(['number']);
    const tooMuch = draftOf();
    expect(
      refusedPaths(() =>
        q.documents.create({ ...tooMuch, lines: [{ ...tooMuch.lines[0]!, discount: '500' }] }),
      ),
    ).toEqual(['lines.0.discount']);
    expect(states(q.fx.db)).toHaveLength(before);
  });
});
