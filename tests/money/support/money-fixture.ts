// A MoneyService on a real database file, its sync and its outbox against a real sandbox over loopback.
// The app's clock is the real one: the sandbox dates its demo finance and its updates by real time, and
// the money pulls filter on those times.
import { CatalogueRepository } from '../../../src-main/catalog/catalogue.repository.js';
import {
  ContactsRepository,
  ContactsService,
  outboxContactWrites,
} from '../../../src-main/contacts/index.js';
import { MoneyService, MoneySync, type MoneySyncSettings } from '../../../src-main/money/index.js';
import { MoneyRecordRepository } from '../../../src-main/money/money-record.repository.js';
import { MoneyTransferRepository } from '../../../src-main/money/money-transfer.repository.js';
import { outboxWrites, type Outbox } from '../../../src-main/outbox/index.js';
import type { MoneyChange } from '../../../src-shared/ipc/index.js';
import { startOutboxFixture, type OutboxFixture } from '../../outbox/support/outbox-fixture.js';

export interface MoneyFixture {
  readonly fx: OutboxFixture;
  readonly now: () => number;
  readonly money: MoneyService;
  readonly sync: MoneySync;
  readonly outbox: Outbox;
  /** The sandbox's payment methods, cached as the reference refresh would. */
  readonly methods: ReadonlyArray<{ id: number; name: string }>;
  close(): Promise<void>;
}

export async function startMoneyFixture(
  settings: Partial<MoneySyncSettings> = {},
  options: { readonly onChanged?: (change: MoneyChange) => void } = {},
): Promise<MoneyFixture> {
  const fx = await startOutboxFixture({ products: 10 });
  const clock = { now: () => Date.now() };
  const client = fx.client();
  const catalogue = new CatalogueRepository(fx.db);
  const methods = await client.call('GetPaymentMethods', { query: { limit: 500 } });
  catalogue.replacePaymentMethods(methods.list);
  const writes = outboxWrites(fx.db);
  const sync = new MoneySync({
    client,
    records: new MoneyRecordRepository(fx.db),
    transfers: new MoneyTransferRepository(fx.db),
    writes,
    now: clock.now,
    settings,
    ...options,
  });
  const contacts = new ContactsService({
    repository: new ContactsRepository(fx.db),
    writes: outboxContactWrites(fx.db),
    catalogue,
  });
  const money = new MoneyService({
    db: fx.db,
    writes,
    catalogue,
    contacts,
    sync,
    pageReads: client,
    now: clock.now,
    ...options,
  });
  const outbox = fx.outbox({ now: clock.now });
  return {
    fx,
    now: clock.now,
    money,
    sync,
    outbox,
    methods: catalogue.paymentMethods().map(({ id, name }) => ({ id, name })),
    close: () => fx.close(),
  };
}
