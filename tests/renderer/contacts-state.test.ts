// The Contacts page's state against a fake bridge: the search a page at a time ("25 of 57", more on
// demand), choosing and opening a contact, and the new / edit form (checked here before main is asked,
// main's refusals by field, nothing sent from a bad form).
import './support/page-globals.js';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContactDetail, ContactSummary } from '../../src-shared/ipc/index.js';
import { ContactForm } from '../../src-renderer/features/contacts/contact-form.svelte.js';
import { ContactsList, PAGE_SIZE } from '../../src-renderer/features/contacts/contacts-list.svelte.js';
import { FakeBridge, ok, settled } from './support/fake-bridge.js';
import { ipcFail } from '../../src-shared/ipc/index.js';
import { PARTY_ISSUE_MESSAGES } from '../../src-shared/domain/party-checks.js';

vi.mock('../../src-renderer/lib/api.js', () => import('./support/no-page-bridge.js'));

function contact(n: number, overrides: Partial<ContactSummary> = {}): ContactSummary {
  return {
    serverId: n,
    localId: null,
    code: `C${n}`,
    name: `Customer ${n}`,
    idNumber: '',
    phone: `08${n}`,
    email: '',
    address: '',
    branchName: '',
    branchNo: '',
    sendState: null,
    operationId: null,
    ...overrides,
  };
}

function detailOf(summary: ContactSummary): ContactDetail {
  return { ...summary, subContacts: [], shippingAddresses: [], attention: null };
}

let bridge: FakeBridge;

beforeEach(() => {
  bridge = new FakeBridge();
});

describe('ContactsList', () => {
  it('shows the first page of 57, then appends the next on more() until every one is shown', async () => {
    const all = Array.from({ length: 57 }, (_, i) => contact(i + 1));
    bridge.answer('contacts.search', (args) => {
      const offset = args.offset ?? 0;
      const limit = args.limit ?? PAGE_SIZE;
      return ok({ total: all.length, offset, items: all.slice(offset, offset + limit) });
    });
    const list = new ContactsList(bridge);
    await list.search();
    expect([list.items.length, list.total, list.hasMore]).toEqual([25, 57, true]);
    await list.more();
    await list.more();
    expect([list.items.length, list.hasMore]).toEqual([57, false]);
    await list.more();
    expect(bridge.argsOf('contacts.search')).toEqual([
      { text: '', offset: 0, limit: 25 },
      { text: '', offset: 25, limit: 25 },
      { text: '', offset: 50, limit: 25 },
    ]);
  });

  it('searches the typed text after a pause, moves the selection and opens the chosen contact', async () => {
    const found = [contact(1), contact(2, { serverId: null, localId: 9, sendState: 'waitingToSend' })];
    bridge
      .answer('contacts.search', ok({ total: 2, offset: 0, items: found }))
      .answer('contacts.detail', () => ok(detailOf(found.find((c) => c.localId === 9) ?? found[0]!)));
    const list = new ContactsList(bridge);
    list.type('081');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(bridge.argsOf('contacts.search')).toEqual([{ text: '081', offset: 0, limit: 25 }]);
    list.move(1);
    list.move(1);
    expect(list.selected).toBe(1);
    await list.openSelected();
    expect(bridge.argsOf('contacts.detail')).toEqual([{ ref: { localId: 9 } }]);
    expect(list.detail?.sendState).toBe('waitingToSend');
  });

  it('drops an answer that arrives after a newer search started', async () => {
    let release: (() => void) | undefined;
    bridge.answer(
      'contacts.search',
      () =>
        new Promise((resolve) => {
          release = () => resolve(ok({ total: 1, offset: 0, items: [contact(1)] }));
        }),
      ok({ total: 1, offset: 0, items: [contact(2)] }),
    );
    const list = new ContactsList(bridge);
    list.type('old');
    const first = list.search();
    list.type('new');
    await list.search();
    release?.();
    await first;
    expect(list.items.map((item) => item.serverId)).toEqual([2]);
    expect(list.shownText).toBe('new');
  });
});

describe('ContactForm', () => {
  it('proposes a code for a new contact and queues nothing from a bad form', async () => {
    bridge.answer('contacts.proposeCode', ok({ code: 'WH1-0003' }));
    const form = new ContactForm(null, bridge);
    await form.proposeCode();
    expect(form.values.code).toBe('WH1-0003');
    form.setValue('code', 'AB');
    expect(await form.save()).toBeNull();
    expect(form.issues).toEqual({ code: 'codeTooShort', name: 'required' });
    expect(bridge.calls.map((call) => call.name)).toEqual(['contacts.proposeCode']);
    form.setValue('code', 'ABC');
    expect(form.issues).toEqual({ name: 'required' });
  });

  it('refuses a tax id, branch, phone and e-mail that do not pass their checks, sending nothing', async () => {
    const form = new ContactForm(null, bridge);
    form.setValue('code', 'C-001');
    form.setValue('name', 'Somchai');
    form.setValue('idNumber', '12345');
    form.setValue('branchNo', '1');
    form.setValue('phone', 'โทร 08x');
    form.setValue('email', 'not-an-email');
    expect(await form.save()).toBeNull();
    expect(form.issues).toEqual({
      idNumber: 'taxIdDigits',
      branchNo: 'branchNoDigits',
      phone: 'phoneInvalid',
      email: 'emailInvalid',
    });
    form.setValue('idNumber', '1234567890120');
    expect(await form.save()).toBeNull();
    expect(form.issues.idNumber).toBe('taxIdCheckDigit');
    expect(bridge.calls).toEqual([]);
    expect(form.values).toMatchObject({ idNumber: '1234567890120', phone: 'โทร 08x', email: 'not-an-email' });
  });

  it("names main's party refusal by its check when main words it", async () => {
    bridge.answer(
      'contacts.create',
      ipcFail('invalid-arguments', 'Some fields are not right.', {
        issues: [{ path: 'email', message: PARTY_ISSUE_MESSAGES.emailInvalid }],
      }),
    );
    const form = new ContactForm(null, bridge);
    form.setValue('code', 'C-001');
    form.setValue('name', 'Somchai');
    expect(await form.save()).toBeNull();
    expect(form.issues).toEqual({ email: 'emailInvalid' });
  });

  it("names main's refusal next to the code and keeps what was typed", async () => {
    bridge.answer(
      'contacts.create',
      ipcFail('invalid-arguments', 'taken', {
        reason: 'code-taken',
        issues: [{ path: 'code', message: 'is already used' }],
      }),
    );
    const form = new ContactForm(null, bridge);
    form.setValue('code', 'C001');
    form.setValue('name', ' Somchai ');
    expect(await form.save()).toBeNull();
    expect(form.issues).toEqual({ code: 'codeTaken' });
    expect(form.values.name).toBe(' Somchai ');
    expect(bridge.argsOf('contacts.create')).toEqual([
      {
        code: 'C001',
        name: 'Somchai',
        idNumber: '',
        phone: '',
        email: '',
        address: '',
        branchName: '',
        branchNo: '',
      },
    ]);
  });

  it('edits a contact by its ref with every field, and answers the saved contact', async () => {
    const made = detailOf(contact(0, { serverId: null, localId: 4, code: 'PC-0001', name: 'New' }));
    bridge.answer('contacts.update', (args) => ok({ ...made, ...args.fields, sendState: 'waitingToSend' }));
    const form = new ContactForm(made, bridge);
    await form.proposeCode();
    expect(form.values.code).toBe('PC-0001');
    form.setValue('phone', '0812345678');
    const saved = await form.save();
    await settled();
    expect(bridge.argsOf('contacts.update')).toEqual([
      { ref: { localId: 4 }, fields: { ...form.values, phone: '0812345678' } },
    ]);
    expect(saved?.phone).toBe('0812345678');
  });
});
