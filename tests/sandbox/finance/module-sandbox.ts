// A test sandbox that serves the finance, contacts and files modules (and documents, whose quotations
// are parents of files) even before the core's registry (src-main/sandbox/resources/index.ts) lists
// them: their handlers are passed in and their tables created. Once the registry imports them this adds
// nothing (same handlers, CREATE IF NOT EXISTS).
import type { ResourceModule } from '../../../src-main/sandbox/handler.js';
import { resourceModules } from '../../../src-main/sandbox/resources/index.js';
import { insertReference } from '../../../src-main/sandbox/resources/merchant/merchant.repository.js';
import * as contacts from '../../../src-main/sandbox/resources/contacts/index.js';
import * as documents from '../../../src-main/sandbox/resources/documents/index.js';
import * as files from '../../../src-main/sandbox/resources/files/index.js';
import * as finance from '../../../src-main/sandbox/resources/finance/index.js';
import {
  startTestSandbox,
  verdict,
  type CallOptions,
  type TestSandbox,
  type TestSandboxOptions,
} from '../../support/sandbox-harness.js';
import type { EndpointName } from '../../../src-shared/api/endpoints/index.js';

const ours: Readonly<Record<string, ResourceModule>> = { finance, contacts, files, documents };

export async function startModuleSandbox(options: TestSandboxOptions = {}): Promise<TestSandbox> {
  const missing = Object.entries(ours).filter(([name]) => !(name in resourceModules));
  const handlers = Object.assign(
    {},
    ...missing.map(([, module]) => module.handlers),
  ) as TestSandboxOptions['handlers'];
  const sandbox = await startTestSandbox({ ...options, handlers: { ...handlers, ...options.handlers } });
  for (const [, module] of missing) sandbox.handle.db.exec(module.schemaSql);
  return sandbox;
}

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
