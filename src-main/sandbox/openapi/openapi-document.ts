// The OpenAPI 3.1 document of the v4 interface, generated from the one endpoint table (endpointList) and
// its zod schemas. Nothing about a single endpoint is written here: each operation comes from its row.
// Served by the sandbox at GET /openapi.json and committed as docs/openapi.json (npm run openapi).
import { endpointList } from '../../../src-shared/api/endpoints/index.js';
import type { EndpointDef } from '../../../src-shared/api/define.js';
import {
  failureCodeDescription,
  infoDescription,
  READ_FAILURE_DESCRIPTION,
  WRITE_FAILURE_DESCRIPTION,
} from './document-text.js';
import { FailureCode, ReadFailure, WriteFailure } from './failure-schemas.js';
import type {
  HttpMethod,
  OpenApiDocument,
  OpenApiPathItem,
  OpenApiResponse,
  OpenApiSecurityScheme,
  OpenApiTag,
} from './openapi-types.js';
import { buildOperation, FAILURE_COMPONENT, HTTP_RESPONSE_COMPONENT } from './operation.js';
import { SchemaComponents } from './schema-components.js';

export type { OpenApiDocument } from './openapi-types.js';

export interface OpenApiOptions {
  /** Base address of the server (e.g. http://127.0.0.1:5123); the paths start with /v4/. Omitted: no `servers`. */
  readonly serverUrl?: string;
}

const AUTH_HEADERS = {
  storename: 'The name of the store the request is made for.',
  apikey: "The store's API key.",
  apisecret: "The store's API secret.",
} as const;

function securitySchemes(): Record<string, OpenApiSecurityScheme> {
  return Object.fromEntries(
    Object.entries(AUTH_HEADERS).map(([name, description]) => [
      name,
      {
        type: 'apiKey',
        in: 'header',
        name,
        description: `${description} All three headers are required; missing or wrong: code 100 "Invalid API" with HTTP 200.`,
      },
    ]),
  );
}

const HTTP_RESPONSES: Readonly<Record<keyof typeof HTTP_RESPONSE_COMPONENT, string>> = {
  404: 'Unknown path (paths match case-insensitively). An unknown record is not a 404: it is code 100 with HTTP 200. The sandbox answers `{"message": "..."}`.',
  405: 'Known path, wrong method; the `Allow` header names the method the path takes. The sandbox answers `{"message": "..."}`.',
  500: 'Outage or internal error; the body is not an envelope to rely on. Clients must also expect timeouts, connection resets and code "500" inside a 200 body; the sandbox can inject all of these.',
};

function httpResponses(): Record<string, OpenApiResponse> {
  return Object.fromEntries(
    (Object.keys(HTTP_RESPONSE_COMPONENT) as unknown as (keyof typeof HTTP_RESPONSE_COMPONENT)[]).map(
      (status) => [HTTP_RESPONSE_COMPONENT[status], { description: HTTP_RESPONSES[status] }],
    ),
  );
}

function methodOf(row: EndpointDef): HttpMethod {
  return row.method === 'GET' ? 'get' : 'post';
}

export function buildOpenApiDocument(options: OpenApiOptions = {}): OpenApiDocument {
  const schemas = new SchemaComponents();
  schemas.register('FailureCode', FailureCode, failureCodeDescription());
  schemas.register(FAILURE_COMPONENT.read, ReadFailure, READ_FAILURE_DESCRIPTION);
  schemas.register(FAILURE_COMPONENT.write, WriteFailure, WRITE_FAILURE_DESCRIPTION);

  const paths: Record<string, OpenApiPathItem> = {};
  const tags: OpenApiTag[] = [];
  for (const row of endpointList) {
    const method = methodOf(row);
    const item = (paths[row.path] ??= {});
    if (item[method] !== undefined) throw new Error(`${row.method} ${row.path} is in the table twice`);
    item[method] = buildOperation(row, schemas);
    if (!tags.some((tag) => tag.name === row.group)) tags.push({ name: row.group });
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Store back office HTTP API v4 (Stockroom sandbox)',
      version: '4',
      description: infoDescription(endpointList),
    },
    ...(options.serverUrl === undefined ? {} : { servers: [{ url: options.serverUrl }] }),
    security: [Object.fromEntries(Object.keys(AUTH_HEADERS).map((name) => [name, []]))],
    tags,
    paths,
    components: {
      schemas: schemas.schemas(),
      responses: httpResponses(),
      securitySchemes: securitySchemes(),
    },
  };
}

/** The document as committed: 2-space JSON with a trailing newline (key order is the build order). */
export function serializeOpenApiDocument(document: OpenApiDocument): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
