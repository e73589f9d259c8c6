// A seeded store's history as v4 calls: each step names an endpoint of the table with its query and body
// as a client would send them (query values as text), the clock it runs at, and how it refers to
// records made by earlier steps (their ids are known only when the steps run).
import type { z } from 'zod';
import type { EndpointName, Endpoints } from '../../../src-shared/api/endpoints/index.js';
import type { GeneratedContact } from './contacts.js';
import type { ProductPool } from './product-pool.js';

export type BodyInput<N extends EndpointName> = Endpoints[N]['body'] extends z.ZodType
  ? z.input<Endpoints[N]['body']>
  : undefined;

/** The query as sent: every parameter as text, without the parent's id/number. */
export type QueryInput<N extends EndpointName> = z.input<Endpoints[N]['query']>;

export interface StepOf<N extends EndpointName> {
  readonly endpoint: N;
  /** The sandbox clock while the step runs (epoch ms): records are stamped with it. */
  readonly at: number;
  readonly query: QueryInput<N>;
  readonly body: BodyInput<N>;
  /** The created record's id is remembered under this key. */
  readonly creates?: string;
  /** The step acts on the record remembered under this key (sent as the parent id). */
  readonly target?: string;
}

/** The endpoints demo documents are made with. */
export type DocumentEndpoint =
  | 'AddQuotation'
  | 'ApproveQuotation'
  | 'VoidQuotation'
  | 'AddQuotationTag'
  | 'AddReturnPurchaseOrder'
  | 'UpdateReturnPurchaseOrderStatus'
  | 'UpdateReturnPurchaseOrderPayment'
  | 'VoidReturnPurchaseOrderPayment'
  | 'VoidReturnPurchaseOrder'
  | 'AddIncome'
  | 'UpdateIncomePayment'
  | 'AddExpense'
  | 'UpdateExpensePayment'
  | 'AddMoneyTransfer';

export type SeedStep = { [N in DocumentEndpoint]: StepOf<N> }[DocumentEndpoint];

/** Builds a step with its endpoint's types checked (a plain object literal would widen the union). */
export function step<N extends DocumentEndpoint>(value: StepOf<N>): StepOf<N> {
  return value;
}

/** Orders steps by clock; steps at the same instant keep their order (creations precede follow-ups). */
export function chronological(steps: readonly SeedStep[]): SeedStep[] {
  return steps
    .map((value, position) => ({ value, position }))
    .sort((left, right) => left.value.at - right.value.at || left.position - right.position)
    .map(({ value }) => value);
}

/** What every document generator draws on. */
export interface DocumentSources {
  readonly seed: string;
  readonly anchor: number;
  readonly pool: ProductPool;
  readonly contacts: readonly GeneratedContact[];
  /** Names of the store's payment methods (GetPaymentMethods): payments must name one. */
  readonly paymentMethods: readonly string[];
  /** Names of the store's sales channels (GetSalesChannels). */
  readonly salesChannels: readonly string[];
}
