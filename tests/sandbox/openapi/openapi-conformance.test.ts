// The document against the real sandbox: every answer of every row, success or failure, matches exactly
// one branch of the operation's documented 200 answer, and the documented HTTP statuses are the real ones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointDef } from '../../../src-shared/api/define.js';
import { endpointList, type EndpointName } from '../../../src-shared/api/endpoints/index.js';
import { buildOpenApiDocument } from '../../../src-main/sandbox/openapi/openapi-document.js';
import type { JsonSchema } from '../../../src-main/sandbox/openapi/openapi-types.js';
import { startTestSandbox, type CallOptions, type TestSandbox } from '../../support/sandbox-harness.js';
import { matchesSchema } from './json-schema-check.js';
import { operationsOf } from './openapi-walk.js';

const document = buildOpenApiDocument();
let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox.close();
});

function answerSchema(name: string): JsonSchema {
  const entry = operationsOf(document).find(({ operation }) => operation.operationId === name);
  const ok = entry?.operation.responses['200'];
  const schema = ok && !('$ref' in ok) ? ok.content?.['application/json']?.schema : undefined;
  if (!schema) throw new Error(`${name} documents no JSON 200 answer`);
  return schema;
}

/** A plausible call of a row: its parent and required query texts, an empty JSON body, a small file. */
function callFor(row: EndpointDef): CallOptions {
  const query: Record<string, string> = {};
  if (row.parent !== 'none') query['id'] = '1';
  for (const [name, schema] of Object.entries(row.query.shape)) {
    if (schema.safeParse(undefined).success) continue;
    query[name] = /date/.test(name)
      ? '2026-01-01'
      : /^(warehousecode|paymentmethod|tag)$/.test(name)
        ? 'W0001'
        : '1';
  }
  if (row.upload) return { query, file: { fileName: 'note.txt', mimeType: 'text/plain', data: 'hello' } };
  return row.body === null ? { query } : { query, body: {} };
}

describe('the document describes what the sandbox answers', () => {
  it('matches every row’s answer to exactly one branch of its documented 200 answer', async () => {
    const mismatches: string[] = [];
    for (const row of endpointList) {
      const answer = await sandbox.call(row.name as EndpointName, callFor(row));
      if (answer.status !== 200) {
        mismatches.push(`${row.name}: HTTP ${answer.status}`);
        continue;
      }
      if (!matchesSchema(answerSchema(row.name), answer.body, document)) {
        mismatches.push(`${row.name}: ${answer.text.slice(0, 200)}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('documents a successful create', async () => {
    const created = await sandbox.call('AddWarehouse', { body: { code: 'WOPENAPI', name: 'OpenAPI check' } });
    expect(created.body).toMatchObject({ resCode: '200' });
    expect(matchesSchema(answerSchema('AddWarehouse'), created.body, document)).toBe(true);
    expect(matchesSchema({ $ref: '#/components/schemas/WriteFailure' }, created.body, document)).toBe(false);
  });

  it('documents the failure answers: wrong credentials, a repeated uniquenumber', async () => {
    const denied = await sandbox.call('GetWarehouses', { as: false });
    expect(denied.status).toBe(200);
    expect(matchesSchema({ $ref: '#/components/schemas/ReadFailure' }, denied.body, document)).toBe(true);
    expect(matchesSchema(answerSchema('GetWarehouses'), denied.body, document)).toBe(true);

    const income = { query: { uniquenumber: 'openapi-conformance-1' }, body: { amount: 10 } };
    const first = await sandbox.call('AddIncome', income);
    const repeat = await sandbox.call('AddIncome', income);
    for (const answer of [first, repeat]) {
      expect(matchesSchema(answerSchema('AddIncome'), answer.body, document), answer.text).toBe(true);
    }
    expect(matchesSchema({ $ref: '#/components/schemas/WriteFailure' }, repeat.body, document)).toBe(true);
  });

  it('answers 404 for an unknown path and 405 for a wrong method, as documented', async () => {
    expect(document.components.responses['UnknownPath']).toBeDefined();
    expect((await sandbox.request('GET', '/v4/Nothing/Here')).status).toBe(404);
    expect(document.components.responses['WrongMethod']).toBeDefined();
    expect((await sandbox.request('GET', '/v4/Warehouse/AddWarehouse')).status).toBe(405);
  });
});
