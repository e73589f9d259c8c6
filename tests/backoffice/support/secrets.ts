// Credentials distinctive enough to grep for, and the check every failure of these tests goes through:
// no apikey or apisecret in the message, stack, toString, JSON or util.inspect of an error.
import { inspect } from 'node:util';
import { expect } from 'vitest';
import {
  isBackofficeFailure,
  type BackofficeCredentials,
  type BackofficeFailure,
  type FailureKind,
} from '../../../src-main/backoffice/index.js';

export const TEST_CREDENTIALS: BackofficeCredentials = {
  storename: 'budget-test-store',
  apikey: 'apikey-5f1c9e2b7a40',
  apisecret: 'apisecret-d83a61c0f9e7',
};

/** The same store as the sandbox names it (its `stores` option). */
export const TEST_STORE = {
  name: TEST_CREDENTIALS.storename,
  apikey: TEST_CREDENTIALS.apikey,
  apisecret: TEST_CREDENTIALS.apisecret,
};

const SECRETS = [TEST_CREDENTIALS.apikey, TEST_CREDENTIALS.apisecret];

/** Every way a value may end up in a log line. */
export function renderings(value: unknown): string[] {
  return [
    String(value),
    JSON.stringify(value) ?? '',
    inspect(value, { depth: Infinity, showHidden: true, getters: true }),
    value instanceof Error ? `${value.message}\n${value.stack ?? ''}` : '',
  ];
}

export function expectNoSecret(value: unknown): void {
  for (const text of renderings(value)) {
    for (const secret of SECRETS) expect(text).not.toContain(secret);
  }
}

/** Awaits a call that must fail; checks it is a BackofficeFailure of `kind` that shows no secret. */
export async function expectFailure<K extends FailureKind>(
  promise: Promise<unknown>,
  kind: K,
): Promise<Extract<BackofficeFailure, { kind: K }>> {
  let caught: unknown;
  try {
    await promise;
  } catch (error) {
    caught = error;
  }
  expect(caught, 'the call should have failed').toBeDefined();
  expectNoSecret(caught);
  if (!isBackofficeFailure(caught)) throw caught;
  expect(caught.kind, caught.message).toBe(kind);
  return caught as Extract<BackofficeFailure, { kind: K }>;
}
