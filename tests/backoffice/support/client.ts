// Clients for tests: the test credentials, short timeouts, and retries that record their waits instead
// of sleeping, so a suite of network tests takes seconds.
import {
  BackofficeClient,
  InMemoryRequestBudgetStore,
  RequestBudget,
  type BackofficeClientOptions,
  type RequestEvent,
} from '../../../src-main/backoffice/index.js';
import { TEST_CREDENTIALS } from './secrets.js';

export interface TestClient {
  readonly client: BackofficeClient;
  /** Waits the retry policy asked for, in order. */
  readonly sleeps: number[];
  readonly events: RequestEvent[];
}

export function testClient(baseUrl: string, options: Partial<BackofficeClientOptions> = {}): TestClient {
  const sleeps: number[] = [];
  const events: RequestEvent[] = [];
  const client = new BackofficeClient({
    baseUrl,
    credentials: TEST_CREDENTIALS,
    budget: new RequestBudget({
      store: new InMemoryRequestBudgetStore(),
      storeKey: TEST_CREDENTIALS.storename,
    }),
    timeouts: { connectMs: 1_000, headersMs: 2_000, bodyMs: 2_000 },
    onRequest: (event) => events.push(event),
    ...options,
    retry: {
      attempts: 3,
      random: () => 0.5,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      ...options.retry,
    },
  });
  return { client, sleeps, events };
}
