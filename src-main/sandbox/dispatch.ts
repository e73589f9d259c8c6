// From a parsed request to the answer body: finds the handler, runs it (POST rows in one transaction,
// rolled back on any throw), wraps the result in the row's envelope and checks it against the row.
import type { Database } from 'better-sqlite3';
import type { EndpointDef } from '../../src-shared/api/define.js';
import { ResultCode } from '../../src-shared/api/envelopes.js';
import { endpoints, type EndpointName } from '../../src-shared/api/endpoints/index.js';
import type { Handlers, SandboxStore } from './core/handler.js';
import type { ParsedRequest } from './request-parsing.js';
import { checkSuccessBody, successBody } from './sandbox-envelopes.js';
import { SandboxError, notImplemented } from './core/sandbox-error.js';

export interface DispatchEnvironment {
  readonly db: Database;
  readonly handlers: Partial<Handlers>;
  readonly now: () => number;
  /** Check every success body against the row's response schema (on by default). */
  readonly checkResponses: boolean;
  readonly log: (line: string) => void;
}

/** Endpoint names of the table that no handler implements. */
export function listMissingHandlers(handlers: Partial<Handlers>): EndpointName[] {
  const names = Object.keys(endpoints).filter((name): name is EndpointName => name in endpoints);
  return names.filter((name) => typeof handlers[name] !== 'function');
}

function findHandler(handlers: Partial<Handlers>, name: string): ((context: unknown) => unknown) | undefined {
  const handler: unknown = Reflect.get(handlers, name);
  return typeof handler === 'function'
    ? (context: unknown) => Reflect.apply(handler, undefined, [context])
    : undefined;
}

/** Runs the row's handler; returns the success body, or throws a SandboxError for the failure envelope. */
export function dispatch(
  environment: DispatchEnvironment,
  definition: EndpointDef,
  store: SandboxStore,
  parsed: ParsedRequest,
): unknown {
  const handler = findHandler(environment.handlers, definition.name);
  if (!handler) throw notImplemented(definition.name);
  const context = {
    store,
    db: environment.db,
    now: environment.now,
    endpoint: definition,
    query: parsed.query,
    parent: parsed.parent,
    headerLists: parsed.headerLists,
    body: parsed.body,
    file: parsed.file,
  };
  const run = () => {
    const result = handler(context);
    if (result instanceof Promise) {
      throw new Error(`The handler of ${definition.name} returned a promise; handlers are synchronous`);
    }
    const body = successBody(definition, result);
    const problem = environment.checkResponses ? checkSuccessBody(definition, body) : undefined;
    if (problem !== undefined) {
      environment.log(`sandbox: ${definition.name} answered a body its row rejects: ${problem}`);
      throw new SandboxError(ResultCode.serverError, `Sandbox handler answer is invalid: ${problem}`);
    }
    return body;
  };
  return definition.method === 'POST' ? environment.db.transaction(run)() : run();
}
