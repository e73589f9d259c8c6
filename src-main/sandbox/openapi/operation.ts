// One OpenAPI operation from one row of the endpoint table: parameters from the parent rule, the query
// schema and the header lists; the request body; HTTP 200 with "success or failure envelope".
import type { EndpointDef, HeaderListKind, ResponseShape } from '../../../src-shared/api/define.js';
import { answersTopLevel, successSchema } from '../../../src-shared/api/responses.js';
import { query } from '../../../src-shared/api/wire.js';
import { PAGING_NOTE, TIME_NOTE } from './document-text.js';
import type { JsonSchema, OpenApiOperation, OpenApiParameter, OpenApiRequestBody } from './openapi-types.js';
import type { SchemaComponents } from './schema-components.js';

/** Ids of the components every operation refers to. */
export const FAILURE_COMPONENT = { read: 'ReadFailure', write: 'WriteFailure' } as const;
export const HTTP_RESPONSE_COMPONENT = { 404: 'UnknownPath', 405: 'WrongMethod', 500: 'Outage' } as const;

function asSchema(value: JsonSchema | boolean | undefined): JsonSchema {
  return typeof value === 'object' ? value : {};
}

/** Describes a query text by what the wire type requires of it (dates, numbers) or by its common name. */
function queryDescription(
  name: string,
  schema: JsonSchema,
  row: EndpointDef,
  wirePatterns: WirePatterns,
): string {
  const parts: string[] = [];
  if (name === 'page' || name === 'limit' || name === 'keyword') parts.push(PAGING_NOTE[name]);
  if (name === 'uniquenumber' && row.idempotent) {
    parts.push(
      'Idempotency key: unique per transaction. A repeat answers code 900 and creates nothing; send the same value when retrying the same write.',
    );
  }
  const pattern = schema.pattern;
  if (pattern !== undefined && pattern === wirePatterns.date) parts.push(`A date yyyy-MM-dd, ${TIME_NOTE}`);
  else if (pattern !== undefined && pattern === wirePatterns.datetime) {
    parts.push(`A date and time yyyy-MM-dd HH:mm, ${TIME_NOTE}`);
  } else if (pattern !== undefined && pattern === wirePatterns.int) parts.push('A whole number, as text.');
  else if (pattern !== undefined && pattern === wirePatterns.double) parts.push('A number, as text.');
  return parts.join(' ');
}

/** The patterns the wire types of query texts carry (src-shared/api/wire.ts), to recognise them. */
type WirePatterns = Readonly<Record<'int' | 'double' | 'date' | 'datetime', string | undefined>>;

function parentParameters(row: EndpointDef, schemas: SchemaComponents): OpenApiParameter[] {
  const idSchema = schemas.convert(query.int());
  const numberSchema = schemas.convert(query.string());
  switch (row.parent) {
    case 'none':
      return [];
    case 'id':
      return [
        {
          name: 'id',
          in: 'query',
          required: true,
          description:
            'Id of the record acted on (a whole number ≥ 1). Missing, 0, malformed or unknown: code 100 "Invalid ID." (HTTP 200). An id sent in the body instead of the query counts as missing.',
          schema: idSchema,
        },
      ];
    case 'idOrNumber':
      return [
        {
          name: 'id',
          in: 'query',
          required: false,
          description:
            'Id of the record acted on. Either id or number is required (the id-or-number rule): when id is 0 or absent, number is required. Neither: code 100 "Invalid ID.".',
          schema: idSchema,
        },
        {
          name: 'number',
          in: 'query',
          required: false,
          description:
            'Document number of the record, used when id is 0 or absent. Numbers are not unique in real stores: prefer id.',
          schema: numberSchema,
        },
      ];
  }
}

const HEADER_LIST_TEXT: Readonly<Record<HeaderListKind, string>> = {
  int: 'Optional filter: comma-separated whole numbers (e.g. `101,102`); blanks are ignored, anything else is code 100.',
  string: 'Optional filter: comma-separated values (e.g. `A001,A002`); blanks are ignored.',
};

function parameters(row: EndpointDef, schemas: SchemaComponents): OpenApiParameter[] {
  const wirePatterns: WirePatterns = {
    int: schemas.convert(query.int()).pattern,
    double: schemas.convert(query.double()).pattern,
    date: schemas.convert(query.date()).pattern,
    datetime: schemas.convert(query.datetime()).pattern,
  };
  const converted = schemas.convert(row.query);
  const required = new Set(converted.required ?? []);
  const queryParameters = Object.entries(converted.properties ?? {}).map(
    ([name, value]): OpenApiParameter => {
      const schema = asSchema(value);
      const description = queryDescription(name, schema, row, wirePatterns);
      return {
        name,
        in: 'query',
        required: required.has(name),
        ...(description === '' ? {} : { description }),
        schema,
      };
    },
  );
  const headerParameters = Object.entries(row.headerLists).map(([name, kind]): OpenApiParameter => ({
    name,
    in: 'header',
    required: false,
    description: HEADER_LIST_TEXT[kind],
    schema: { type: 'string' },
  }));
  return [...parentParameters(row, schemas), ...queryParameters, ...headerParameters];
}

function requestBody(row: EndpointDef, schemas: SchemaComponents): OpenApiRequestBody | undefined {
  if (row.upload) {
    return {
      required: true,
      description: 'One part named `file` holding the file; other parts are ignored.',
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: {
              file: { type: 'string', format: 'binary', contentMediaType: 'application/octet-stream' },
            },
            required: ['file'],
          },
          encoding: { file: { contentType: 'application/octet-stream' } },
        },
      },
    };
  }
  if (row.body === null) return undefined;
  return {
    required: true,
    description: 'JSON (read as JSON whatever the Content-Type says). Unknown fields are ignored.',
    content: { 'application/json': { schema: schemas.convert(row.body) } },
  };
}

const SUCCESS_TEXT: Readonly<Record<ResponseShape['kind'], string>> = {
  list: 'Success: the list envelope `{res, list, count}` (`count` = all matching records).',
  detail: 'Success: the record, flat at the root.',
  write: 'Success: `{resCode: "200", resDesc}` at the top level.',
  fileList: 'Success: a bare JSON array of file entries.',
  fileDetail: 'Success: the file, with its bytes Base64-encoded in `content`.',
};

function successText(row: EndpointDef): string {
  const shape = row.response;
  const extras: string[] = [];
  if (shape.kind === 'list' && shape.totals.length > 0) extras.push(`Adds ${shape.totals.join(' and ')}.`);
  if (shape.kind === 'write' && shape.created) extras.push('Adds `detail.id`, the id of the created record.');
  if (shape.kind === 'write' && shape.payload) extras.push(`Adds \`${shape.payload.key}\`.`);
  return [SUCCESS_TEXT[shape.kind], ...extras].join(' ');
}

function failureText(row: EndpointDef): string {
  const where = answersTopLevel(row)
    ? '`{resCode, resDesc}` at the top level'
    : '`{res: {resCode, resDesc}}`';
  const duplicate = row.idempotent ? ' A repeated uniquenumber answers code 900.' : '';
  return `Failure, also with HTTP 200: ${where} with a code other than "200" (see FailureCode).${duplicate}`;
}

const PARENT_TEXT: Readonly<Record<EndpointDef['parent'], string>> = {
  none: '',
  id: 'The record is named by `id` in the query (required).',
  idOrNumber:
    'The record is named by `id` or `number` in the query (number is required when id is 0 or absent).',
};

/** What the row's flags say about the call, in words. */
function operationDescription(row: EndpointDef): string {
  const parts = [PARENT_TEXT[row.parent]];
  if (row.idempotent) parts.push('Idempotent by `uniquenumber` in the query: a repeat answers code 900.');
  if (row.upload) parts.push('Upload: `multipart/form-data` with one part named `file`.');
  const lists = Object.keys(row.headerLists);
  if (lists.length > 0) parts.push(`Optional comma-separated list headers: ${lists.join(', ')}.`);
  parts.push(answersTopLevel(row) ? 'A write: failures are top-level.' : 'A read: failures are res-wrapped.');
  return parts.filter((part) => part !== '').join(' ');
}

export function buildOperation(row: EndpointDef, schemas: SchemaComponents): OpenApiOperation {
  const failure = schemas.ref(answersTopLevel(row) ? FAILURE_COMPONENT.write : FAILURE_COMPONENT.read);
  const success: JsonSchema = { ...schemas.convert(successSchema(row)), not: failure };
  const body = requestBody(row, schemas);
  return {
    operationId: row.name,
    tags: [row.group],
    summary: row.summary,
    description: operationDescription(row),
    parameters: parameters(row, schemas),
    ...(body === undefined ? {} : { requestBody: body }),
    responses: {
      200: {
        description: `${successText(row)} ${failureText(row)}`,
        content: { 'application/json': { schema: { oneOf: [success, failure] } } },
      },
      404: { $ref: `#/components/responses/${HTTP_RESPONSE_COMPONENT[404]}` },
      405: { $ref: `#/components/responses/${HTTP_RESPONSE_COMPONENT[405]}` },
      500: { $ref: `#/components/responses/${HTTP_RESPONSE_COMPONENT[500]}` },
    },
  };
}
