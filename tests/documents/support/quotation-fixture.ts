// A DocumentsService on a real database file, its quotation sync and its outbox against a real sandbox
// over loopback (the app's clock is the real one: the sandbox dates quotations by real time).
import { CatalogueRepository } from '../../../src-main/catalog/catalogue.repository.js';
import {
  ContactsRepository,
  ContactsService,
  outboxContactWrites,
} from '../../../src-main/contacts/index.js';
import { DocumentsService, QuotationRepository, QuotationSync } from '../../../src-main/documents/index.js';
import { outboxWrites, type Outbox } from '../../../src-main/outbox/index.js';
import { startOutboxFixture, type OutboxFixture } from '../../outbox/support/outbox-fixture.js';

export interface QuotationFixture {
  readonly fx: OutboxFixture;
  readonly documents: DocumentsService;
  readonly sync: QuotationSync;
  readonly outbox: Outbox;
  /** Products of the sandbox (sku, name) to put on lines. */
  readonly products: ReadonlyArray<{ id: number; sku: string; name: string }>;
  close(): Promise<void>;
}

export async function startQuotationFixture(): Promise<QuotationFixture> {
  const fx = await startOutboxFixture({ products: 10 });
  const now = () => Date.now();
  const client = fx.client();
  const writes = outboxWrites(fx.db);
  const sync = new QuotationSync({ client, quotations: new QuotationRepository(fx.db), writes, now });
  const catalogue = new CatalogueRepository(fx.db);
  const contacts = new ContactsService({
    repository: new ContactsRepository(fx.db),
    writes: outboxContactWrites(fx.db),
    catalogue,
    now,
  });
  const documents = new DocumentsService({
    db: fx.db,
    writes,
    contacts,
    catalogue,
    sync,
    now,
    pcName: 'wh-pc-02.local',
  });
  const listed = await client.call('GetProducts', { query: { limit: 3 } });
  const products = listed.list.map((product) => ({
    id: product.id,
    sku: product.sku ?? '',
    name: product.name ?? '',
  }));
  return { fx, documents, sync, outbox: fx.outbox({ now }), products, close: () => fx.close() };
}
