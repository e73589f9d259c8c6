// The contacts service on a real database file against the real sandbox: offline search (name, code,
// phone, tax id; index and scan agree), detail with sub-contacts and shipping addresses, contacts made
// and changed here shown at once and once only, codes proposed per PC and refused when short or taken,
// and the writes drained to the back office exactly once.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { codePrefix } from '../../src-main/contacts/index.js';
import { Refusal } from '../../src-main/refusal/refusal.js';
import { states } from '../outbox/support/outbox-fixture.js';
import {
  sandboxContactsByCode,
  startContactsFixture,
  type ContactsFixture,
} from './support/contacts-fixture.js';

const NEW = {
  code: 'WH1-0001',
  name: 'ร้านสมชาย การค้า',
  idNumber: '0105551234567',
  phone: '081-234-5678',
  email: '',
  address: '12 ถนนสุขุมวิท กรุงเทพฯ',
  branchName: '',
  branchNo: '',
};

function refusalOf(work: () => unknown): Refusal {
  try {
    work();
  } catch (error) {
    if (error instanceof Refusal) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('ContactsService', () => {
  let c: ContactsFixture;
  beforeEach(async () => {
    c = await startContactsFixture();
  });
  afterEach(() => c.close());

  it('finds pulled contacts by name, code, phone or tax id, a page at a time with the total', async () => {
    const pulled = await c.pull();
    expect(pulled).toBeGreaterThan(3);
    const all = c.contacts.search({ text: '', offset: 0, limit: 2 });
    expect(all.total).toBe(pulled);
    expect(all.items).toHaveLength(2);
    const rest = c.contacts.search({ text: '', offset: 2, limit: 200 });
    const keys = [...all.items, ...rest.items].map((item) => item.serverId);
    expect(new Set(keys).size).toBe(pulled);

    const sample = rest.items.find((item) => item.phone !== '' && item.idNumber !== '') ?? rest.items[0];
    if (!sample) throw new Error('no contact to look for');
    const idsFor = (text: string) =>
      c.contacts.search({ text, offset: 0, limit: 200 }).items.map((item) => item.serverId);
    expect(idsFor(sample.code)).toContain(sample.serverId);
    expect(idsFor(sample.code.toLowerCase())).toContain(sample.serverId);
    expect(idsFor(sample.name.slice(0, 5))).toContain(sample.serverId);
    if (sample.phone !== '') expect(idsFor(sample.phone.replace(/[- ]/g, ''))).toContain(sample.serverId);
    if (sample.idNumber !== '') expect(idsFor(sample.idNumber)).toContain(sample.serverId);
    // Two characters have no trigram: the scan finds what the index would.
    const two = sample.code.slice(0, 2);
    expect(idsFor(two)).toContain(sample.serverId);
    expect(idsFor('no contact has this text')).toEqual([]);
  });

  it('puts the contact whose code is typed in full first, before others that merely contain it', async () => {
    await c.pull();
    const listed = c.contacts.search({ text: '', offset: 0, limit: 200 }).items;
    const [target, other] = listed.filter((item) => item.code.length >= 3);
    if (!target || !other) throw new Error('two contacts with codes needed');
    // Another contact whose name holds the code after a digit: by name alone it would come first.
    const { code, idNumber, phone, email, address, branchName, branchNo } = other;
    c.contacts.update({
      ref: { serverId: other.serverId ?? 0 },
      fields: { code, name: `0 ${target.code}`, idNumber, phone, email, address, branchName, branchNo },
    });
    const firstFor = (text: string) => c.contacts.search({ text, offset: 0, limit: 5 }).items[0]?.serverId;
    expect(c.contacts.search({ text: target.code, offset: 0, limit: 5 }).total).toBeGreaterThan(1);
    expect(firstFor(target.code)).toBe(target.serverId);
    expect(firstFor(target.code.toLowerCase())).toBe(target.serverId);
    expect(c.contacts.pick(target.code, 8)[0]?.id).toBe(target.serverId);
  });

  it('shows the sub-contacts and shipping addresses of a pulled contact', async () => {
    await c.pull();
    const listed = c.contacts.search({ text: '', offset: 0, limit: 200 }).items;
    const details = listed.map((item) => c.contacts.detail({ serverId: item.serverId ?? 0 }));
    const rich = details.find((d) => d.subContacts.length > 0 && d.shippingAddresses.length > 0);
    expect(rich).toBeDefined();
    expect(rich?.subContacts[0]?.name).not.toBe('');
    expect(rich?.shippingAddresses[0]?.address).not.toBe('');
    expect(rich?.sendState).toBeNull();
  });

  it('proposes codes from the PC name and a sequence, never one another contact has', () => {
    expect(codePrefix('wh-1.local')).toBe('WH1LOC');
    expect(codePrefix('?')).toBe('PC');
    const first = c.contacts.proposeCode().code;
    expect(first).toBe('WH1LOC-0001');
    c.contacts.create({ ...NEW, code: first });
    expect(c.contacts.proposeCode().code).toBe('WH1LOC-0002');
  });

  it('refuses a short or taken code, queueing nothing', async () => {
    await c.pull();
    const taken = c.contacts.search({ text: '', offset: 0, limit: 1 }).items[0]?.code ?? '';
    const short = refusalOf(() => c.contacts.create({ ...NEW, code: 'AB' }));
    expect([short.code, short.reason, short.fields[0]?.path]).toEqual([
      'invalid-arguments',
      'code-too-short',
      'code',
    ]);
    const used = refusalOf(() => c.contacts.create({ ...NEW, code: taken }));
    expect([used.reason, used.fields[0]?.path]).toEqual(['code-taken', 'code']);
    c.contacts.create(NEW);
    expect(refusalOf(() => c.contacts.create({ ...NEW, name: 'Another' })).reason).toBe('code-taken');
    expect(states(c.fx.db)).toHaveLength(1);
  });

  it('shows a contact made offline at once, waits its edit for the create, and sends each once', async () => {
    await c.pull();
    const before = c.contacts.search({ text: '', offset: 0, limit: 1 }).total;
    const made = c.contacts.create(NEW);
    expect(made).toMatchObject({ serverId: null, sendState: 'waitingToSend', code: NEW.code });
    expect(c.changes).toEqual([{ ref: { localId: made.localId }, at: c.fx.clock.now() }]);
    // Found at once by its phone typed without dashes, and counted once.
    const byPhone = c.contacts.search({ text: '0812345678', offset: 0, limit: 10 });
    expect(byPhone.items.map((item) => item.localId)).toEqual([made.localId]);
    expect(c.contacts.search({ text: '', offset: 0, limit: 1 }).total).toBe(before + 1);

    const edited = c.contacts.update({
      ref: { localId: made.localId ?? 0 },
      fields: { ...NEW, phone: '089-999-0000', name: 'ร้านสมชาย (สาขา 2)' },
    });
    expect(edited).toMatchObject({
      localId: made.localId,
      phone: '089-999-0000',
      sendState: 'waitingToSend',
    });
    const [create, update] = states(c.fx.db);
    const waiting = c.fx.db
      .prepare<[number], { depends_on: number | null }>(
        'SELECT depends_on FROM outbox_operations WHERE id = ?',
      )
      .get(update?.id ?? 0);
    expect(waiting?.depends_on).toBe(create?.id);

    await c.fx.outbox().drain();
    expect(states(c.fx.db).map((row) => row.state)).toEqual(['done', 'done']);
    const onServer = (await sandboxContactsByCode(c.fx.client())).get(NEW.code);
    expect(onServer).toEqual([
      { id: expect.any(Number), name: 'ร้านสมชาย (สาขา 2)', phone: '089-999-0000', idnumber: NEW.idNumber },
    ]);

    // Settled into the catalogue: one row, by its server id, found by the local id too.
    const serverId = onServer?.[0]?.id ?? 0;
    const after = c.contacts.search({ text: NEW.code, offset: 0, limit: 10 });
    expect(after.items).toMatchObject([{ serverId, name: 'ร้านสมชาย (สาขา 2)' }]);
    expect(c.contacts.detail({ localId: made.localId ?? 0 })).toMatchObject({
      serverId,
      phone: '089-999-0000',
    });
    // The pulled server copy lands on the same contact: still once.
    await c.pull();
    expect(c.contacts.search({ text: NEW.code, offset: 0, limit: 10 }).total).toBe(1);
    expect(c.contacts.search({ text: '', offset: 0, limit: 1 }).total).toBe(before + 1);
  });

  it('edits a pulled contact: the edit shows at once over the server copy and reaches the back office', async () => {
    await c.pull();
    const target = c.contacts.search({ text: '', offset: 0, limit: 1 }).items[0];
    if (!target?.serverId) throw new Error('no pulled contact');
    const fields = { ...target, phone: '02-111-2222' };
    const { serverId, localId, sendState, operationId, ...typed } = fields;
    void [serverId, localId, sendState, operationId];
    const edited = c.contacts.update({ ref: { serverId: target.serverId }, fields: typed });
    expect(edited).toMatchObject({
      serverId: target.serverId,
      phone: '02-111-2222',
      sendState: 'waitingToSend',
    });
    expect(c.contacts.search({ text: target.code, offset: 0, limit: 10 }).items).toMatchObject([
      { serverId: target.serverId, phone: '02-111-2222' },
    ]);
    // A pull meanwhile (the old copy) does not hide the edit.
    await c.pull();
    expect(c.contacts.detail({ serverId: target.serverId }).phone).toBe('02-111-2222');
    await c.fx.outbox().drain();
    const detail = await c.fx.client().call('GetContactDetail', { id: target.serverId });
    expect(detail.phone).toBe('02-111-2222');
    expect(c.contacts.detail({ serverId: target.serverId })).toMatchObject({ phone: '02-111-2222' });
  });
});
