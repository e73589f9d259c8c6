// Where the committed document lives and how it is written (npm run openapi; the freshness test).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildOpenApiDocument, serializeOpenApiDocument, type OpenApiDocument } from './openapi-document.js';

/** docs/openapi.json of the repository this file is in. */
export const OPENAPI_FILE = resolve(dirname(fileURLToPath(import.meta.url)), '../../../docs/openapi.json');

/** Generates the document and writes it (2-space JSON, trailing newline); returns what was written. */
export function writeOpenApiFile(file: string = OPENAPI_FILE): OpenApiDocument {
  const document = buildOpenApiDocument();
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, serializeOpenApiDocument(document));
  return document;
}
