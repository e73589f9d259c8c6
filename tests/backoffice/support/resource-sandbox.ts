// The harness's sandbox serving every resource module, whether or not the core's registry lists them
// yet (the same approach as tests/sandbox/finance/module-sandbox.ts): their handlers are passed in and
// their tables created. Once the registry imports them this adds nothing (same handlers, CREATE IF NOT
// EXISTS). Empty seed: the tests create what they read.
import type { ResourceModule } from '../../../src-main/sandbox/core/handler.js';
import { resourceModules } from '../../../src-main/sandbox/resources/index.js';
import * as bundles from '../../../src-main/sandbox/resources/bundles/index.js';
import * as contacts from '../../../src-main/sandbox/resources/contacts/index.js';
import * as documents from '../../../src-main/sandbox/resources/documents/index.js';
import * as files from '../../../src-main/sandbox/resources/files/index.js';
import * as finance from '../../../src-main/sandbox/resources/finance/index.js';
import * as products from '../../../src-main/sandbox/resources/products/index.js';
import {
  startTestSandbox,
  type TestSandbox,
  type TestSandboxOptions,
} from '../../support/sandbox-harness.js';

const modules: ReadonlyArray<[string, Pick<ResourceModule, 'handlers' | 'schemaSql'>]> = [
  ['products', products],
  ['bundles', bundles],
  ['contacts', contacts],
  ['documents', documents],
  ['finance', finance],
  ['files', files],
];

export async function startResourceSandbox(options: TestSandboxOptions = {}): Promise<TestSandbox> {
  const missing = modules.filter(([name]) => !(name in resourceModules));
  const handlers = Object.assign(
    {},
    ...missing.map(([, module]) => module.handlers),
  ) as TestSandboxOptions['handlers'];
  const sandbox = await startTestSandbox({
    seed: 'empty',
    ...options,
    handlers: { ...handlers, ...options.handlers },
  });
  for (const [, module] of missing) sandbox.handle.db.exec(module.schemaSql);
  return sandbox;
}
