// The v4 back-office client: what the rest of main (catalog, outbox, app shell) imports.
export {
  BackofficeClient,
  defaultTimeouts,
  type BackofficeCaller,
  type BackofficeClientOptions,
  type BackofficeTimeouts,
  type RequestEvent,
} from './backoffice.client.js';
export type {
  CallArgs,
  CallArgsTuple,
  CallResult,
  HeaderListArgs,
  ListAnswer,
  UploadFile,
  WriteAnswer,
} from './call-types.js';
export type { BackofficeCredentials } from './credential-vault.js';
export {
  AuthError,
  BackofficeError,
  DuplicateError,
  LocalCode,
  MalformedError,
  NotSentError,
  PermanentError,
  QuotaError,
  UnclearError,
  isBackofficeFailure,
  type BackofficeFailure,
  type FailureEffect,
  type FailureKind,
} from './failure.js';
export {
  DEFAULT_DAILY_LIMIT,
  InMemoryRequestBudgetStore,
  RequestBudget,
  type RequestBudgetOptions,
  type RequestBudgetSnapshot,
  type RequestBudgetStore,
} from './request-budget.js';
export { SqliteRequestBudgetStore } from './request-budget.repository.js';
export { defaultRetryPolicy, type RetryPolicy } from './retry-policy.js';
