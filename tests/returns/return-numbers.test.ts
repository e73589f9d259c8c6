// Return purchase order numbers against real SQLite and the real sandbox: a proposal takes nothing (a
// form opened and cancelled leaves no gap), the number is taken in the transaction that saves the order
// and queues its create, two forms shown the same proposal never save the same number, a typed number
// is kept as typed, and a number taken stays taken after the copy forgets its order (the daily prune).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { states } from '../outbox/support/outbox-fixture.js';
import { startReturnsFixture, type ReturnsFixture } from './support/returns-fixture.js';
import { after, itKeepsNumbersWithoutGaps, refusedPaths } from '../documents/support/numbering.js';

let rx: ReturnsFixture;

beforeAll(async () => {
  rx = await startReturnsFixture();
  // The first fill, so the later pulls are incremental ones that see orders made here.
  await rx.sync.pull();
});
afterAll(() => rx.close());

/** A new-return form as saved: `number` left out keeps the proposal the form showed. */
const save = (number?: string, extra: Record<string, unknown> = {}) =>
  rx.service.create(rx.draft(number, [[2, 1]], extra));

const proposed = () => rx.service.newNumber().number;

function sequenceRows(): unknown[] {
  return rx.fx.db.prepare('SELECT id, last FROM return_number_sequence').all();
}

describe('return purchase order numbers', () => {
  itKeepsNumbersWithoutGaps(() => ({
    pattern: /^RT-WHPC01-\d{5}$/,
    proposed,
    save: (typed) => save(typed).number,
    sequenceRows,
    queued: () => states(rx.fx.db).length,
  }));

  it('two forms shown the same proposal save two numbers, one after the other', () => {
    const shownInBoth = proposed();
    expect(proposed()).toBe(shownInBoth);
    expect(save().number).toBe(shownInBoth);
    expect(save().number).toBe(after(shownInBoth));
    // Sending the proposal as typed (with the spaces a person may leave) is the same as leaving it out.
    const typedProposal = proposed();
    expect(save(` ${typedProposal} `).number).toBe(typedProposal);
    expect(proposed()).toBe(after(typedProposal));
  });

  it('a typed number is kept as typed and takes nothing from the sequence; a taken one is refused', () => {
    const next = proposed();
    expect(save('RT-SHOW-2026-01').number).toBe('RT-SHOW-2026-01');
    expect(proposed()).toBe(next);

    // A number of the sequence typed ahead of it is skipped when the sequence reaches it.
    const ahead = after(next);
    expect(save(ahead).number).toBe(ahead);
    expect(save().number).toBe(next);
    expect(proposed()).toBe(after(ahead));

    const queued = states(rx.fx.db).length;
    const sequence = sequenceRows();
    expect(refusedPaths(() => save('RT-SHOW-2026-01'))).toEqual(['number']);
    expect(refusedPaths(() => save(next))).toEqual(['number']);
    // A refusal after the number would be taken (a bad warehouse) takes none.
    expect(refusedPaths(() => save(undefined, { warehouseCode: 'NOPE' }))).toEqual(['warehouseCode']);
    expect(states(rx.fx.db)).toHaveLength(queued);
    expect(sequenceRows()).toEqual(sequence);
  });

  it('a saved number stays taken after the prune forgets its order', async () => {
    const made = save(undefined, { date: '2020-01-10', status: 'Success' });
    await rx.outbox().drain();
    rx.fx.clock.advance(60_000);
    await rx.sync.pull();
    expect(rx.service.repo.prune(rx.sync.windowStart())).toBeGreaterThanOrEqual(1);
    expect(rx.service.repo.find(made.id)).toBeUndefined();

    expect(proposed()).toBe(after(made.number));
  });
});
