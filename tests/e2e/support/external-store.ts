// The app under test on a separately started back office (the sandbox over loopback, added as a store
// profile, not the demo store): a v4 client of that store for what the back office itself holds, and
// the outbox counts the end-to-end tests wait on.
import { beforeAll } from 'vitest';
import { BackofficeClient } from '../../../src-main/backoffice/index.js';
import { appUnderTest, type AppUnderTestOptions, type AppWithSandbox, type Call } from './app-under-test.js';

export interface ExternalStoreOptions {
  readonly name: string;
  readonly displayName: string;
  readonly store: { readonly name: string; readonly apikey: string; readonly apisecret: string };
  readonly products: number;
  readonly outboxTiming?: AppUnderTestOptions['outboxTiming'];
}

export interface ExternalStore {
  readonly app: AppWithSandbox;
  readonly call: Call;
  /** A v4 client of the store (close it after use). */
  backOffice(): BackofficeClient;
  /** The back office's stock of a product in a warehouse. */
  stockOf(warehousecode: string, productId: number): Promise<number>;
  /** Outbox writes not done yet, parked ones included. */
  openCount(): Promise<number>;
  /** Outbox writes still to be sent (parked ones left out). */
  waitingCount(): Promise<number>;
}

/** Registers the app (and its sandbox) for the file's tests and adds the sandbox as the active store. */
export function externalStore(options: ExternalStoreOptions): ExternalStore {
  const { store } = options;
  const app = appUnderTest({
    name: options.name,
    ...(options.outboxTiming === undefined ? {} : { outboxTiming: options.outboxTiming }),
    sandbox: { products: options.products, stores: [store], log: () => {} },
  });
  const call: Call = (name, args) => app.call(name, args);
  beforeAll(async () => {
    await call('profiles.add', {
      displayName: options.displayName,
      baseUrl: app.sandbox.url,
      storename: store.name,
      apikey: store.apikey,
      apisecret: store.apisecret,
      defaultWarehouseCode: 'W0001',
      activate: true,
    });
  });
  const backOffice = () =>
    new BackofficeClient({
      baseUrl: app.sandbox.url,
      credentials: { storename: store.name, apikey: store.apikey, apisecret: store.apisecret },
    });
  const summary = () => call('outbox.summary', {});
  return {
    app,
    call,
    backOffice,
    async stockOf(warehousecode, productId) {
      const client = backOffice();
      try {
        const answer = await client.call('GetProducts', {
          query: { warehousecode, limit: 10, page: 1 },
          headers: { productidlist: [productId] },
        });
        return Number(answer.list[0]?.stock ?? 0);
      } finally {
        await client.close();
      }
    },
    async openCount() {
      const open = await summary();
      return open.pending + open.sending + open.retry + open.unclear + open.parked;
    },
    async waitingCount() {
      const open = await summary();
      return open.pending + open.sending + open.retry + open.unclear;
    },
  };
}
