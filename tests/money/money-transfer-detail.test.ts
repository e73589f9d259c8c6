// money.transferDetail (GetMoneyTransferDetail) against the real sandbox: a transfer not sent yet is the
// PC's copy with its send state; once sent, it is read from the back office now and what the back office
// says (a void made in its own screens) is kept in the copy at once, with who made it; when the back
// office cannot answer, the PC's copy and why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MoneyChange } from '../../src-shared/ipc/index.js';
import { callContract } from '../../src-shared/ipc/index.js';
import { isRefusal } from '../../src-main/refusal/refusal.js';
import { startMoneyFixture, type MoneyFixture } from './support/money-fixture.js';

describe('a money transfer’s detail', () => {
  let m: MoneyFixture;
  const changes: MoneyChange[] = [];
  beforeAll(async () => {
    m = await startMoneyFixture({}, { onChanged: (change) => changes.push(change) });
  });
  afterAll(() => m.close());

  it('not sent: the copy; sent: read now and kept; voided there: voided here; failing: the copy', async () => {
    const [from, to] = m.methods;
    if (!from || !to) throw new Error('the demo store needs two payment methods');
    const made = m.money.createTransfer(
      callContract['money.createTransfer'].args.parse({
        fromMethodId: from.id,
        toMethodId: to.id,
        amount: 75.25,
        reference: 'TR-detail-1',
      }),
    );
    expect(await m.money.transferDetail({ id: made.id })).toMatchObject({
      read: 'notSent',
      sendState: 'waitingToSend',
      serverId: null,
      pulledAt: null,
      createdBy: null,
    });

    await m.outbox.drain();
    const sent = await m.money.transferDetail({ id: made.id });
    expect(sent).toMatchObject({ read: 'read', sendState: 'sent', amount: 75.25, reference: 'TR-detail-1' });
    expect(sent.serverId).not.toBeNull();
    expect(sent.pulledAt).not.toBeNull();
    expect(sent.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}/);
    expect(sent.uniqueNumber).not.toBe('');

    // No v4 call voids a transfer: the back office's own screens do. The detail shows it and keeps it.
    m.fx.sandbox.handle.db
      .prepare("UPDATE money_transfers SET status = 'Voided' WHERE id = ?")
      .run(sent.serverId);
    changes.length = 0;
    expect(await m.money.transferDetail({ id: made.id })).toMatchObject({ read: 'read', status: 'Voided' });
    const listed = m.money.transfers(callContract['money.transfers'].args.parse({ keyword: 'tr-detail' }));
    expect(listed.items.map((item) => item.status)).toEqual(['Voided']);
    expect(changes).toMatchObject([{ source: 'sync', records: 0, transfers: 1 }]);
    // Read again unchanged: nothing changed, no event.
    await m.money.transferDetail({ id: made.id });
    expect(changes).toHaveLength(1);

    m.fx.sandbox.handle.setFaults({ failRate: 1, failModes: [{ mode: 'res500', timing: 'before' }] });
    try {
      expect(await m.money.transferDetail({ id: made.id })).toMatchObject({
        read: 'unreachable',
        status: 'Voided',
        createdBy: null,
      });
    } finally {
      m.fx.sandbox.handle.setFaults({ failRate: 0 });
    }

    m.fx.sandbox.handle.db.prepare('DELETE FROM money_transfers WHERE id = ?').run(sent.serverId);
    expect(await m.money.transferDetail({ id: made.id })).toMatchObject({
      read: 'refused',
      status: 'Voided',
    });
  });

  it('an id the PC does not hold is not-found', async () => {
    const refused = await m.money.transferDetail({ id: 987_654 }).catch((error: unknown) => error);
    expect(isRefusal(refused) && refused.code).toBe('not-found');
  });
});
