import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  buildOpenApiDocument,
  serializeOpenApiDocument,
} from '../../../src-main/sandbox/openapi/openapi-document.js';
import { OPENAPI_FILE } from '../../../src-main/sandbox/openapi/openapi-file.js';

function firstDifference(left: string, right: string): string {
  const a = left.split('\n');
  const b = right.split('\n');
  const line = a.findIndex((text, index) => text !== b[index]);
  const at = line === -1 ? Math.min(a.length, b.length) : line;
  return `first difference at line ${at + 1}: committed ${JSON.stringify(a[at])}, generated ${JSON.stringify(b[at])}`;
}

describe('docs/openapi.json', () => {
  it('is generated the same way twice (no diff on regeneration)', () => {
    expect(serializeOpenApiDocument(buildOpenApiDocument())).toBe(
      serializeOpenApiDocument(buildOpenApiDocument()),
    );
  });

  it('equals a fresh generation from the endpoint table', () => {
    const fresh = serializeOpenApiDocument(buildOpenApiDocument());
    let committed = '';
    try {
      committed = readFileSync(OPENAPI_FILE, 'utf8');
    } catch {
      throw new Error('docs/openapi.json is missing: run `npm run openapi` and commit it.');
    }
    const message = `docs/openapi.json is stale: run \`npm run openapi\` and commit it (${firstDifference(committed, fresh)})`;
    expect(committed === fresh, message).toBe(true);
  });

  it('is 2-space JSON with a trailing newline', () => {
    const text = serializeOpenApiDocument(buildOpenApiDocument());
    expect(text.endsWith('}\n')).toBe(true);
    expect(text.split('\n')[1]).toMatch(/^ {2}"openapi": "3\.1\.0",$/);
  });
});
