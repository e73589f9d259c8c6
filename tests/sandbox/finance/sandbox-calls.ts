// Calls the finance, contacts and files tests share: the store's id, a verdict-and-body call, and
// payment methods for stores that start empty.
import type { StoreCredentials } from '../../../src-main/sandbox/index.js';
import { insertReference } from '../../../src-main/sandbox/resources/merchant/merchant.repository.js';
import type { EndpointName } from '../../../src-shared/api/endpoints/index.js';
import { verdict, type CallOptions, type TestSandbox } from '../../support/sandbox-harness.js';

/** A second store for isolation tests (the first is the harness's DEFAULT_STORE). */
export const OTHER_STORE: StoreCredentials = {
  name: 'branch-2',
  apikey: 'branch-key',
  apisecret: 'branch-secret',
};

/** The id of the first store the sandbox serves (or the one named). */
export function storeId(sandbox: TestSandbox, name?: string): number {
  const store =
    name === undefined ? sandbox.handle.stores[0] : sandbox.handle.stores.find((s) => s.name === name);
  if (!store) throw new Error(`no store ${name ?? ''}`);
  return store.id;
}

export interface Answer {
  readonly code: string;
  readonly description: string;
  readonly body: Record<string, unknown>;
}

/** Calls an endpoint and returns its verdict ('200' for a bare detail or file list) and body. */
export async function callFor(
  sandbox: TestSandbox,
  name: EndpointName,
  options?: CallOptions,
): Promise<Answer> {
  const answer = await sandbox.call(name, options);
  if (answer.status !== 200) throw new Error(`${name} answered HTTP ${answer.status}: ${answer.text}`);
  const status = verdict(answer.body) ?? { code: '200', description: '' };
  return { ...status, body: answer.body as Record<string, unknown> };
}

/**
 * Gives a store payment methods (an 'empty' seed has none), for tests that need exact counts and so
 * start from an empty store. Returns their ids in order.
 */
export function addPaymentMethods(sandbox: TestSandbox, store: number, names: readonly string[]): number[] {
  return names.map((name) => insertReference(sandbox.handle.db, store, 'paymentmethod', name));
}
