// The registry of resource modules: merges their handler maps and table schemas for the core.
// Each module is `resources/<name>/index.ts` exporting `handlers` (satisfies Partial<Handlers>) and
// `schemaSql`. An endpoint no module handles answers '100' "Not implemented in the sandbox: <name>",
// and a test keeps that list empty.
import type { Handlers, ResourceModule } from '../core/handler.js';
import * as bundles from './bundles/index.js';
import * as contacts from './contacts/index.js';
import * as documents from './documents/index.js';
import * as files from './files/index.js';
import * as finance from './finance/index.js';
import * as merchant from './merchant/index.js';
import * as products from './products/index.js';

// Order matters for schemaSql: modules whose tables others reference come first.
export const resourceModules: Readonly<Record<string, ResourceModule>> = {
  merchant,
  products,
  bundles,
  contacts,
  documents,
  finance,
  files,
};

/** Every handler of every module; a name defined twice is a programming error caught at start. */
export function mergeHandlers(modules: Readonly<Record<string, ResourceModule>>): Partial<Handlers> {
  const merged: Record<string, unknown> = {};
  for (const [moduleName, module] of Object.entries(modules)) {
    for (const [endpointName, handler] of Object.entries(module.handlers)) {
      if (endpointName in merged) {
        throw new Error(`Two sandbox resource modules handle ${endpointName} (the second is ${moduleName})`);
      }
      merged[endpointName] = handler;
    }
  }
  return merged as Partial<Handlers>;
}

export const handlers: Partial<Handlers> = mergeHandlers(resourceModules);

export const schemaSql: readonly string[] = Object.values(resourceModules).map((module) => module.schemaSql);
