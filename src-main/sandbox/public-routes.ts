// Routes outside /v4/ that need no credentials: the OpenAPI document integrators read, and product
// images (imagepath is a URL path on the sandbox, as production's image URLs need no API headers).
import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi/openapi-document.js';
import { readProductImage } from './resources/products/image.repository.js';
import type { Database } from './core/handler.js';

export const OPENAPI_PATH = '/openapi.json';

export function registerPublicRoutes(app: FastifyInstance, db: Database): void {
  // Built on first request (~0.1 s), once per Host so `servers` names the address the reader used.
  const documents = new Map<string, OpenApiDocument>();
  app.get(OPENAPI_PATH, (request, reply) => {
    const serverUrl = `http://${request.headers.host ?? request.hostname}`;
    let document = documents.get(serverUrl);
    if (!document) {
      document = buildOpenApiDocument({ serverUrl });
      documents.set(serverUrl, document);
    }
    return reply.header('content-type', 'application/json; charset=utf-8').send(document);
  });

  app.get<{ Params: { storeId: string; imageId: string } }>('/images/:storeId/:imageId', (request, reply) => {
    const storeId = Number(request.params.storeId);
    const imageId = Number(request.params.imageId);
    const image =
      Number.isSafeInteger(storeId) && Number.isSafeInteger(imageId)
        ? readProductImage(db, imageId, storeId)
        : undefined;
    if (!image) return reply.code(404).send({ message: 'No such image' });
    return reply
      .header('content-type', image.mimeType)
      .header('cache-control', 'max-age=86400')
      .send(image.data);
  });
}
