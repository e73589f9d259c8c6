// The HTTP side: Fastify with case-insensitive routing, every row of the endpoint table registered from
// the table (method + path), 404 for unknown paths, 405 for a wrong method, JSON bodies whatever the
// content type, multipart for upload rows. Per request: the Host guard, latency, auth, quota, faults,
// then dispatch.
import multipart from '@fastify/multipart';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import type { EndpointDef } from '../../src-shared/api/define.js';
import { isAllowedHost } from '../loopback/loopback-hosts.js';
import { ResultCode, ResultText } from '../../src-shared/api/envelopes.js';
import { endpointList } from '../../src-shared/api/endpoints/index.js';
import { dispatch, type DispatchEnvironment } from './dispatch.js';
import type { Fault, FaultInjector } from './faults.js';
import type { UploadedFile } from './core/handler.js';
import type { QuotaCounter } from './core/quota.js';
import { registerPublicRoutes } from './public-routes.js';
import { parseRequest } from './request-parsing.js';
import { failureBody, type ResultBody } from './sandbox-envelopes.js';
import { SandboxError, validation } from './core/sandbox-error.js';
import type { StoreDirectory } from './stores.js';

/** Largest JSON body accepted (stock lists of a few hundred lines are a few tens of KiB). */
const MAX_JSON_BODY_BYTES = 16 * 1024 * 1024;

export interface ServerEnvironment extends DispatchEnvironment {
  readonly stores: StoreDirectory;
  readonly quota: QuotaCounter;
  readonly faults: FaultInjector;
  readonly maxUploadBytes: number;
}

interface Answer {
  readonly status: number;
  readonly body: unknown;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function headerText(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

function failure(definition: EndpointDef, result: ResultBody): Answer {
  return { status: 200, body: failureBody(definition.method, result) };
}

/** The part named `file` of a multipart request; other parts are drained. */
async function readUpload(request: FastifyRequest, maxBytes: number): Promise<UploadedFile | undefined> {
  if (!request.isMultipart()) return undefined;
  let upload: UploadedFile | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const data = await part.toBuffer();
      if (part.fieldname === 'file' && upload === undefined) {
        upload = { fileName: part.filename, mimeType: part.mimetype, data };
      }
    }
  } catch (error) {
    if (error instanceof request.server.multipartErrors.RequestFileTooLargeError) {
      throw validation('file', `is larger than the limit of ${maxBytes} bytes`);
    }
    throw validation(
      'body',
      `is not valid multipart/form-data (${error instanceof Error ? error.message : ''})`,
    );
  }
  return upload;
}

async function answer(
  environment: ServerEnvironment,
  definition: EndpointDef,
  request: FastifyRequest,
  store: { id: number; name: string },
): Promise<Answer> {
  try {
    const file = definition.upload ? await readUpload(request, environment.maxUploadBytes) : undefined;
    const rawBody = Buffer.isBuffer(request.body) ? request.body : undefined;
    const query = typeof request.query === 'object' && request.query !== null ? { ...request.query } : {};
    const parsed = parseRequest(definition, { query, headers: request.headers, body: rawBody, file });
    return { status: 200, body: dispatch(environment, definition, store, parsed) };
  } catch (error) {
    if (error instanceof SandboxError) return failure(definition, error);
    environment.log(
      `sandbox: ${definition.name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    const description = `Internal sandbox error: ${error instanceof Error ? error.message : String(error)}`;
    return {
      status: 500,
      body: failureBody(definition.method, { code: ResultCode.serverError, description }),
    };
  }
}

function applyFault(
  definition: EndpointDef,
  fault: Fault,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const description = `Internal Server Error (sandbox fault ${fault.mode} ${fault.timing})`;
  switch (fault.mode) {
    case 'http500':
      void reply.code(500).send({ message: description });
      return;
    case 'res500':
      void reply
        .code(200)
        .send(failureBody(definition.method, { code: ResultCode.serverError, description }));
      return;
    case 'reset':
      reply.hijack();
      request.raw.socket.resetAndDestroy();
      return;
  }
}

async function handle(
  environment: ServerEnvironment,
  definition: EndpointDef,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const delay = environment.faults.delayMs();
  if (delay > 0) await sleep(delay);
  const store = environment.stores.authenticate(
    headerText(request, 'storename'),
    headerText(request, 'apikey'),
    headerText(request, 'apisecret'),
  );
  if (!store) {
    const refused = failure(definition, {
      code: ResultCode.generalError,
      description: ResultText.invalidApi,
    });
    return void reply.code(refused.status).send(refused.body);
  }
  try {
    environment.quota.consume(store.id);
  } catch (error) {
    if (!(error instanceof SandboxError)) throw error;
    return void reply.code(200).send(failureBody(definition.method, error));
  }
  const fault = environment.faults.pick(definition.name);
  if (fault?.timing === 'before') return applyFault(definition, fault, request, reply);
  const result = await answer(environment, definition, request, store);
  if (fault?.timing === 'after') return applyFault(definition, fault, request, reply);
  return void reply.code(result.status).send(result.body);
}

export async function buildServer(environment: ServerEnvironment): Promise<FastifyInstance> {
  const app = Fastify({
    logger: false,
    bodyLimit: MAX_JSON_BODY_BYTES,
    exposeHeadRoutes: false,
    forceCloseConnections: true,
    routerOptions: { caseSensitive: false },
  });
  // The web host's Host guard (src-main/host/request-guard.ts): the sandbox listens on 127.0.0.1, which
  // every page in every browser on the PC can reach. A page that re-points its own name at 127.0.0.1
  // (DNS rebinding) sends that name as Host and gets nothing, not even the OpenAPI document or a picture.
  // The port is the one the connection reached (the server may have picked it at listen).
  app.addHook('onRequest', async (request, reply) => {
    if (isAllowedHost(request.headers.host, request.socket.localPort ?? -1)) return;
    return reply
      .code(403)
      .header('content-type', 'text/plain; charset=utf-8')
      .send('Forbidden: this back office answers only to 127.0.0.1 and localhost on its own port.');
  });

  // JSON whatever the content type says; the pipeline parses it so bad JSON is answered per row.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  await app.register(multipart, {
    limits: { fileSize: environment.maxUploadBytes, files: 4, fields: 32, parts: 40 },
    throwFileSizeLimit: true,
  });

  const methodsByPath = new Map<string, string[]>();
  const definitionsByRoute = new Map<string, EndpointDef>();
  for (const definition of endpointList) {
    const path = definition.path.toLowerCase();
    methodsByPath.set(path, [...(methodsByPath.get(path) ?? []), definition.method]);
    definitionsByRoute.set(`${definition.method} ${path}`, definition);
    app.route({
      method: definition.method,
      url: definition.path,
      handler: (request, reply) => handle(environment, definition, request, reply),
    });
  }

  registerPublicRoutes(app, environment.db);

  app.setNotFoundHandler((request, reply) => {
    const path = (request.url.split('?')[0] ?? '').toLowerCase();
    const methods = methodsByPath.get(path);
    if (methods) {
      return reply
        .code(405)
        .header('allow', methods.join(', '))
        .send({ message: `Method ${request.method} not allowed` });
    }
    return reply.code(404).send({ message: `No v4 operation at ${path}` });
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const url = (request.routeOptions.url ?? '').toLowerCase();
    const definition = definitionsByRoute.get(`${request.method} ${url}`);
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (definition && status < 500) {
      const description =
        status === 413
          ? `body is larger than the limit of ${MAX_JSON_BODY_BYTES} bytes`
          : `body ${error.message}`;
      return reply
        .code(200)
        .send(failureBody(definition.method, { code: ResultCode.generalError, description }));
    }
    environment.log(`sandbox: ${request.method} ${request.url} failed: ${error.stack ?? error.message}`);
    return reply.code(500).send({ message: 'Internal sandbox error' });
  });
  return app;
}
