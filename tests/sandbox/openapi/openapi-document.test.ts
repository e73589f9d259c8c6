import { describe, expect, it } from 'vitest';
import { endpointList } from '../../../src-shared/api/endpoints/index.js';
import { buildOpenApiDocument } from '../../../src-main/sandbox/openapi/openapi-document.js';
import type { OpenApiOperation } from '../../../src-main/sandbox/openapi/openapi-types.js';
import { KNOWN_KEYWORDS, matchesSchema } from './json-schema-check.js';
import { operationsOf, refsIn, resolvePointer, schemaRoots } from './openapi-walk.js';

const document = buildOpenApiDocument();
const operations = operationsOf(document);

function operation(name: string): OpenApiOperation {
  const found = operations.find((entry) => entry.operation.operationId === name);
  if (!found) throw new Error(`No operation ${name}`);
  return found.operation;
}

function parameterNames(op: OpenApiOperation, location: 'query' | 'header'): string[] {
  return op.parameters.filter((parameter) => parameter.in === location).map((parameter) => parameter.name);
}

/** Every schema object below a root (through properties, items, anyOf/oneOf/allOf, not). */
function subschemas(schema: unknown): Record<string, unknown>[] {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return [];
  const object = schema as Record<string, unknown>;
  const children: unknown[] = [];
  for (const key of ['items', 'not', 'additionalProperties']) children.push(object[key]);
  for (const key of ['anyOf', 'oneOf', 'allOf'])
    children.push(...((object[key] as unknown[] | undefined) ?? []));
  children.push(...Object.values((object['properties'] as Record<string, unknown> | undefined) ?? {}));
  return [object, ...children.flatMap(subschemas)];
}

describe('the OpenAPI document', () => {
  it('has every row of the endpoint table exactly once, under its path and method', () => {
    expect(operations).toHaveLength(endpointList.length);
    for (const row of endpointList) {
      const matches = operations.filter((entry) => entry.operation.operationId === row.name);
      expect(matches, row.name).toHaveLength(1);
      expect(matches[0]?.path, row.name).toBe(row.path);
      expect(matches[0]?.method, row.name).toBe(row.method.toLowerCase());
      expect(matches[0]?.operation.tags, row.name).toEqual([row.group]);
      expect(matches[0]?.operation.summary, row.name).toBe(row.summary);
    }
  });

  it('has the required top-level fields of OpenAPI 3.1', () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info.title).not.toBe('');
    expect(document.info.version).toBe('4');
    expect(Object.keys(document.paths).length).toBeGreaterThan(0);
    for (const path of Object.keys(document.paths)) expect(path).toMatch(/^\/v4\//);
    expect(document.servers).toBeUndefined();
  });

  it('names a server only when asked to', () => {
    const served = buildOpenApiDocument({ serverUrl: 'http://127.0.0.1:5123' });
    expect(served.servers).toEqual([{ url: 'http://127.0.0.1:5123' }]);
  });

  it('gives every operation a unique operationId, declared tags, parameters and responses', () => {
    const ids = operations.map((entry) => entry.operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const tags = new Set(document.tags.map((tag) => tag.name));
    for (const { operation: op } of operations) {
      for (const tag of op.tags) expect(tags.has(tag), `${op.operationId} tag ${tag}`).toBe(true);
      expect(Object.keys(op.responses).length, op.operationId).toBeGreaterThan(0);
      expect(Object.keys(op.responses), op.operationId).toEqual(['200', '404', '405', '500']);
      for (const response of Object.values(op.responses)) {
        expect('$ref' in response || response.description !== '', op.operationId).toBe(true);
      }
      const keys = op.parameters.map((parameter) => `${parameter.in}:${parameter.name}`);
      expect(new Set(keys).size, `${op.operationId} parameters`).toBe(keys.length);
      for (const parameter of op.parameters) {
        expect(['query', 'header', 'path', 'cookie']).toContain(parameter.in);
        expect(parameter.schema, `${op.operationId} ${parameter.name}`).toBeTypeOf('object');
        if (parameter.in === 'path') expect(parameter.required).toBe(true);
      }
    }
  });

  it('resolves every $ref inside the document', () => {
    const refs = refsIn(document);
    expect(refs.length).toBeGreaterThan(100);
    for (const { ref, at } of refs) {
      expect(resolvePointer(document, ref), `${ref} at ${at}`).toBeDefined();
    }
  });

  it('puts the records into components once instead of inlining them', () => {
    const schemas = Object.keys(document.components.schemas);
    for (const record of ['Product', 'Payment', 'ReturnPurchaseOrder', 'FileDetail', 'StockUpdateDetail']) {
      expect(schemas).toContain(record);
    }
    const productRefs = refsIn(document.paths).filter(({ ref }) => ref === '#/components/schemas/Product');
    expect(productRefs.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(document)).not.toContain('$defs');
    expect(JSON.stringify(document)).not.toContain('"$schema"');
  });

  it('writes schemas with JSON Schema 2020-12 keywords only', () => {
    for (const { at, schema } of schemaRoots(document)) {
      for (const sub of subschemas(schema)) {
        for (const keyword of Object.keys(sub)) {
          expect(KNOWN_KEYWORDS.has(keyword), `${keyword} in ${at}`).toBe(true);
        }
      }
    }
  });

  it('applies the three auth headers globally as apiKey security schemes', () => {
    expect(document.security).toEqual([{ storename: [], apikey: [], apisecret: [] }]);
    for (const name of ['storename', 'apikey', 'apisecret']) {
      expect(document.components.securitySchemes[name]).toMatchObject({ type: 'apiKey', in: 'header', name });
    }
  });

  it('answers HTTP 200 with the success schema or the failure envelope of the row', () => {
    for (const row of endpointList) {
      const ok = operation(row.name).responses['200'];
      if (!ok || '$ref' in ok) throw new Error(`${row.name} has no inline 200`);
      const schema = ok.content?.['application/json']?.schema;
      const failure = row.method === 'GET' ? 'ReadFailure' : 'WriteFailure';
      expect(schema?.oneOf, row.name).toHaveLength(2);
      expect(schema?.oneOf?.[1], row.name).toEqual({ $ref: `#/components/schemas/${failure}` });
      expect(schema?.oneOf?.[0]?.not, row.name).toEqual({ $ref: `#/components/schemas/${failure}` });
    }
    const codes = document.components.schemas['FailureCode'];
    expect(codes?.enum).toEqual(['100', '500', '700', '900']);
    for (const text of ['Invalid API', 'Invalid ID.', 'Access Denied.', 'API Request Limits (']) {
      expect(codes?.description).toContain(text);
    }
  });

  it('keeps success and failure apart: every body matches exactly one branch, or none', () => {
    const answer = (name: string) => {
      const ok = operation(name).responses['200'];
      return ok && !('$ref' in ok) ? ok.content?.['application/json']?.schema : undefined;
    };
    const matches = (name: string, body: unknown) => matchesSchema(answer(name), body, document);
    expect(
      matches('GetWarehouses', { res: { resCode: '200', resDesc: 'Success' }, list: [{ id: 1 }], count: 1 }),
    ).toBe(true);
    expect(matches('GetWarehouses', { res: { resCode: '100', resDesc: 'Invalid API' } })).toBe(true);
    expect(matches('GetWarehouses', { resCode: '100', resDesc: 'Invalid API' })).toBe(false);
    expect(matches('GetWarehouses', { list: [], count: 0 })).toBe(false);
    expect(matches('GetProductDetail', { id: 7, name: 'Pen', stock: 3 })).toBe(true);
    expect(matches('GetProductDetail', { res: { resCode: '100', resDesc: 'Invalid ID.' } })).toBe(true);
    expect(matches('AddWarehouse', { resCode: '200', resDesc: 'Success', detail: { id: 3 } })).toBe(true);
    expect(matches('AddWarehouse', { resCode: '900', resDesc: 'Duplicate uniquenumber' })).toBe(true);
    expect(matches('AddWarehouse', { res: { resCode: '100', resDesc: 'Invalid ID.' } })).toBe(false);
    expect(matches('GetOrderFiles', [{ id: 1, fileName: 'a.pdf', type: 'application/pdf' }])).toBe(true);
    expect(matches('GetOrderFiles', { res: { resCode: '100', resDesc: 'Access Denied.' } })).toBe(true);
  });

  it('describes envelopes, Thai time, paging and faults in info', () => {
    for (const text of ['HTTP 200', 'UTC+7', 'maximum 500', 'uniquenumber', 'inject faults', '404', '405']) {
      expect(document.info.description).toContain(text);
    }
  });
});

describe('spot checks', () => {
  it('GetProducts takes the skulist and productidlist headers and limit', () => {
    const op = operation('GetProducts');
    expect(parameterNames(op, 'header').sort()).toEqual(['productidlist', 'skulist']);
    const limit = op.parameters.find((parameter) => parameter.name === 'limit');
    expect(limit).toMatchObject({ in: 'query', required: false, schema: { type: 'string' } });
    expect(limit?.description).toContain('500');
  });

  it('AddIncome takes uniquenumber as its idempotency key and a JSON body requiring amount', () => {
    const op = operation('AddIncome');
    const uniquenumber = op.parameters.find((parameter) => parameter.name === 'uniquenumber');
    expect(uniquenumber?.in).toBe('query');
    expect(uniquenumber?.description).toContain('900');
    const body = op.requestBody?.content['application/json']?.schema;
    expect(body?.required).toEqual(['amount']);
    expect(operation('AddWarehouse').parameters.some((parameter) => parameter.name === 'uniquenumber')).toBe(
      false,
    );
  });

  it('UpdateProductImage is a multipart upload with a binary part file and a required id', () => {
    const op = operation('UpdateProductImage');
    const multipart = op.requestBody?.content['multipart/form-data']?.schema;
    expect(op.requestBody?.content['application/json']).toBeUndefined();
    expect(multipart?.required).toEqual(['file']);
    expect(multipart?.properties?.['file']).toMatchObject({ type: 'string', format: 'binary' });
    expect(op.parameters.find((parameter) => parameter.name === 'id')?.required).toBe(true);
  });

  it('file reads take id or number, neither required on its own', () => {
    const op = operation('GetOrderFileDetail');
    const byName = Object.fromEntries(op.parameters.map((parameter) => [parameter.name, parameter.required]));
    expect(byName).toEqual({ id: false, number: false, fileid: true });
  });

  it('documents query dates as Thai-time text with their pattern', () => {
    const after = operation('GetIncomes').parameters.find(
      (parameter) => parameter.name === 'createdatetimeafter',
    );
    expect(after?.schema.pattern).toBeTypeOf('string');
    expect(after?.description).toContain('yyyy-MM-dd HH:mm');
    expect(after?.description).toContain('UTC+7');
  });
});
