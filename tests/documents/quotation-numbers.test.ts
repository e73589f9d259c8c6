// Quotation numbers against real SQLite and the real sandbox: a proposal takes nothing (a form opened
// and cancelled leaves no gap), the number is taken in the transaction that saves the quotation, two
// forms shown the same proposal never save the same number, a typed number is kept as typed, and a
// number taken stays taken after the copy forgets its quotation (the daily prune).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callContract, type QuotationDraft } from '../../src-shared/ipc/index.js';
import { states } from '../outbox/support/outbox-fixture.js';
import { startQuotationFixture, type QuotationFixture } from './support/quotation-fixture.js';
import { after, itKeepsNumbersWithoutGaps, refusedPaths } from './support/numbering.js';

let q: QuotationFixture;

beforeAll(async () => {
  q = await startQuotationFixture();
  // The first fill, so the later pulls are incremental ones that see quotations made here.
  await q.sync.pull();
});
afterAll(() => q.close());

/** A new-quotation form as saved: `number` left out keeps the proposal the form showed. */
function draftOf(extra: Record<string, unknown> = {}): QuotationDraft {
  const [first] = q.products;
  return callContract['documents.createQuotation'].args.parse({
    customer: { name: 'Numbering Co.' },
    lines: [{ productId: first?.id, sku: first?.sku, name: first?.name, quantity: 1, unitPrice: 10 }],
    vatType: 'noVat',
    ...extra,
  });
}

const proposed = () => q.documents.proposeNumber().number;

function sequenceRows(): unknown[] {
  return q.fx.db.prepare('SELECT prefix, last FROM quotation_number_sequence').all();
}

describe('quotation numbers', () => {
  itKeepsNumbersWithoutGaps(() => ({
    pattern: /^WHPC02-Q\d{4}$/,
    proposed,
    save: (typed) => q.documents.create(draftOf(typed === undefined ? {} : { number: typed })).number,
    sequenceRows,
    queued: () => states(q.fx.db).length,
  }));

  it('two forms shown the same proposal save two numbers, one after the other', () => {
    const shownInBoth = proposed();
    expect(proposed()).toBe(shownInBoth);
    const firstSaved = q.documents.create(draftOf());
    const secondSaved = q.documents.create(draftOf());
    expect(firstSaved.number).toBe(shownInBoth);
    expect(secondSaved.number).toBe(after(shownInBoth));
    // Sending the proposal as typed is the same as leaving it to this PC.
    const typedProposal = proposed();
    expect(q.documents.create(draftOf({ number: typedProposal })).number).toBe(typedProposal);
    expect(proposed()).toBe(after(typedProposal));
  });

  it('a typed number is kept as typed and takes nothing from the sequence; a taken one is refused', () => {
    const next = proposed();
    expect(q.documents.create(draftOf({ number: 'SHOW-2026-01' })).number).toBe('SHOW-2026-01');
    expect(proposed()).toBe(next);

    // A number of the sequence typed ahead of it is skipped when the sequence reaches it.
    const ahead = after(next);
    expect(q.documents.create(draftOf({ number: ahead })).number).toBe(ahead);
    expect(q.documents.create(draftOf()).number).toBe(next);
    expect(proposed()).toBe(after(ahead));

    const queued = states(q.fx.db).length;
    expect(refusedPaths(() => q.documents.create(draftOf({ number: 'SHOW-2026-01' })))).toEqual(['number']);
    expect(refusedPaths(() => q.documents.create(draftOf({ number: next })))).toEqual(['number']);
    expect(states(q.fx.db)).toHaveLength(queued);
  });

  it('a saved number stays taken after the prune forgets its quotation', async () => {
    const made = q.documents.create(draftOf({ date: '2020-01-10' }));
    await q.outbox.drain();
    q.documents.void({ id: made.id });
    await q.outbox.drain();
    await q.sync.pull();
    expect(q.documents.quotations.prune(q.sync.windowStart())).toBeGreaterThanOrEqual(1);
    expect(q.documents.quotations.find(made.id)).toBeUndefined();

    expect(proposed()).toBe(after(made.number));
  });
});
