// Contact writes against every fault of the matrix (support/fault-cases.ts): a contact made offline
// (AddContact, a keyless create found again by its code), an edit chained on it (UpdateContact waiting
// for the create) and an edit of a contact the back office already has. After healing, v4 reads show
// each contact created exactly once, with each edit.
import { expect } from 'vitest';
import { enqueueWrite } from '../../src-main/outbox/index.js';
import { describeFaultMatrix, MINUTE, plainRig, type FaultRig } from './support/fault-cases.js';
import { startOutboxFixture, type OutboxFixture } from './support/outbox-fixture.js';

interface ContactsRig extends FaultRig {
  readonly seeded: ReadonlyArray<{ id: number; code: string }>;
}

let nextCase = 1;

/** Every contact of the sandbox with this code, read through v4. */
async function withCode(fx: OutboxFixture, code: string) {
  const answer = await fx.client().call('GetContacts', { query: { keyword: code, limit: 500 } });
  return answer.list.filter((contact) => contact.code === code);
}

describeFaultMatrix<ContactsRig>({
  title: 'contact writes',
  async start() {
    const fx = await startOutboxFixture({ products: 5 });
    const answer = await fx.client().call('GetContacts', { query: { limit: 500 } });
    const seeded = answer.list.map((contact) => ({ id: contact.id, code: contact.code ?? '' }));
    return { ...plainRig(fx), seeded };
  },
  endpoints: ['AddContact', 'UpdateContact'],
  /** A new contact, an edit waiting for it, and an edit of a seeded contact; their own figures. */
  async enqueue({ fx, seeded }) {
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
      expectAppliedOnce: async () => {
        expect(await withCode(fx, code)).toMatchObject([
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
  },
  // A resend after "before" waits for its backoff.
  settle: { stepMs: 10 * MINUTE, rounds: 6 },
  randomSeed: 5,
  expectOutcomes({ timing }, outcomes) {
    // After the commit the read-back finds the create by its code and the edit reached; before it, each
    // is sent again. One fault per endpoint: of the two edits, the one sent first met it.
    const [create, chained, onSeeded] = outcomes;
    if (timing === 'after') {
      expect(create).toBe('reconciled');
      expect([chained, onSeeded].sort()).toEqual(['applied', 'reconciled']);
    } else expect(outcomes).toEqual(['applied', 'applied', 'applied']);
  },
});
