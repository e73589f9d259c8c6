// A ContactsService on a real database file, its outbox draining to a real sandbox over loopback, and
// the store's contacts pulled into the catalogue as the reference refresh stores them (list, then each
// detail with its sub-contacts and shipping addresses).
import { CatalogueRepository } from '../../../src-main/catalog/catalogue.repository.js';
import {
  ContactsRepository,
  ContactsService,
  outboxContactWrites,
} from '../../../src-main/contacts/index.js';
import type { BackofficeCaller } from '../../../src-main/backoffice/index.js';
import type { ContactsChange } from '../../../src-shared/ipc/index.js';
import { startOutboxFixture, type OutboxFixture } from '../../outbox/support/outbox-fixture.js';

export interface ContactsFixture {
  readonly fx: OutboxFixture;
  readonly contacts: ContactsService;
  readonly catalogue: CatalogueRepository;
  readonly changes: ContactsChange[];
  /** Pulls every contact with its detail into the catalogue (what the reference refresh does). */
  pull(): Promise<number>;
  close(): Promise<void>;
}

export async function pullContacts(
  client: BackofficeCaller,
  catalogue: CatalogueRepository,
): Promise<number> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const answer = await client.call('GetContacts', { query: { page, limit: 500 } });
    ids.push(...answer.list.map((contact) => contact.id));
    if (answer.list.length < 500) break;
  }
  const details = await Promise.all(ids.map((id) => client.call('GetContactDetail', { id })));
  catalogue.upsertContacts(details);
  return details.length;
}

export async function startContactsFixture(pcName = 'wh-1.local'): Promise<ContactsFixture> {
  const fx = await startOutboxFixture({ products: 5 });
  const catalogue = new CatalogueRepository(fx.db);
  const changes: ContactsChange[] = [];
  const contacts = new ContactsService({
    repository: new ContactsRepository(fx.db),
    writes: outboxContactWrites(fx.db),
    catalogue,
    now: fx.clock.now,
    pcName,
    onChanged: (change) => changes.push(change),
  });
  const client = fx.client();
  return {
    fx,
    contacts,
    catalogue,
    changes,
    pull: () => pullContacts(client, catalogue),
    close: () => fx.close(),
  };
}

/** How many contacts of the sandbox carry each code, read through v4 (every page), with their fields. */
export async function sandboxContactsByCode(
  client: BackofficeCaller,
): Promise<Map<string, Array<{ id: number; name: string; phone: string; idnumber: string }>>> {
  const byCode = new Map<string, Array<{ id: number; name: string; phone: string; idnumber: string }>>();
  for (let page = 1; ; page++) {
    const answer = await client.call('GetContacts', { query: { page, limit: 500 } });
    for (const contact of answer.list) {
      const code = contact.code ?? '';
      byCode.set(code, [
        ...(byCode.get(code) ?? []),
        {
          id: contact.id,
          name: contact.name ?? '',
          phone: contact.phone ?? '',
          idnumber: contact.idnumber ?? '',
        },
      ]);
    }
    if (answer.list.length < 500) return byCode;
  }
}
