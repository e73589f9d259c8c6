// Runs generated requests through the sandbox's own handlers, in process: each query and body is
// validated with its endpoint's schema (as the server would), and the handler sees a context built like
// the core's dispatch builds it, with the clock set to the request's moment.
import type { z } from 'zod';
import { endpoints, type EndpointName } from '../../../src-shared/api/endpoints/index.js';
import type { Handler, HandlerContext, HandlerResult, Handlers, StoreContext } from '../core/handler.js';
import { SandboxError } from '../core/sandbox-error.js';
import type { BodyInput, QueryInput } from './steps.js';

export interface SeedRequest<N extends EndpointName> {
  /** The clock while the handler runs (epoch ms). */
  readonly at: number;
  readonly query: QueryInput<N>;
  readonly body: BodyInput<N>;
  /** The parent record's id (rows whose `parent` is 'id' or 'idOrNumber'). */
  readonly parentId?: number;
}

export interface SeedRunner {
  /** Runs one request; a refusal or invalid input throws an Error naming the endpoint and what was sent. */
  run<N extends EndpointName>(name: N, request: SeedRequest<N>, label: string): HandlerResult<N>;
}

export function createSeedRunner(context: StoreContext, handlers: Partial<Handlers>): SeedRunner {
  return {
    run(name, request, label) {
      const endpoint = endpoints[name];
      const handler: Handler<typeof name> | undefined = handlers[name];
      if (!handler) throw new Error(`demo seed: no handler is registered for ${name}`);
      const query = parse(endpoint.query, request.query, name, label, 'query');
      const body =
        endpoint.body === null ? undefined : parse(endpoint.body, request.body, name, label, 'body');
      const handlerContext = {
        store: context.store,
        db: context.db,
        now: () => request.at,
        endpoint,
        query,
        parent: request.parentId === undefined ? {} : { id: request.parentId },
        headerLists: {},
        body,
        file: undefined,
      };
      try {
        // The context matches the row by construction (query and body were parsed with its schemas);
        // TypeScript cannot follow that through the generic row, hence the one cast.
        return handler(handlerContext as unknown as HandlerContext<typeof name>);
      } catch (error) {
        if (error instanceof SandboxError) {
          throw new Error(`demo seed: ${name} ${label} was refused: ${error.code} ${error.description}`, {
            cause: error,
          });
        }
        throw error;
      }
    },
  };
}

function parse(schema: z.ZodType, value: unknown, name: string, label: string, part: string): unknown {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || part} ${issue.message}`);
  throw new Error(`demo seed: ${name} ${label} has an invalid ${part}: ${problems.join('; ')}`);
}
