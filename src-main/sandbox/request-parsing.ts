// Everything the server checks about a request before a handler sees it, in the production order:
// parent id/number, list headers, query, body, upload. Each failure throws a SandboxError naming the
// field; nothing here touches the database.
import type { IncomingHttpHeaders } from 'node:http';
import type { EndpointDef, ParentKey } from '../../src-shared/api/define.js';
import type { ParentRef, UploadedFile } from './core/handler.js';
import { MAX_LIMIT, readKeyword, readPaging } from './core/list-helpers.js';
import { invalidId, validation } from './core/sandbox-error.js';
import { parseOrThrow } from './validation.js';

export interface ParsedRequest {
  readonly parent: ParentRef;
  readonly headerLists: Readonly<Record<string, readonly number[] | readonly string[]>>;
  readonly query: Readonly<Record<string, unknown>>;
  readonly body: unknown;
  readonly file: UploadedFile | undefined;
}

export interface RawRequest {
  /** The query string parsed to text values (a repeated name gives an array). */
  readonly query: Readonly<Record<string, unknown>>;
  readonly headers: IncomingHttpHeaders;
  /** The raw body of a non-multipart request; undefined or empty means no body. */
  readonly body: Buffer | undefined;
  readonly file: UploadedFile | undefined;
}

const WHOLE_NUMBER = /^-?\d+$/;

/** Query values as single texts; a parameter given twice is a validation error naming it. */
function singleTexts(query: Readonly<Record<string, unknown>>): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    if (typeof value === 'string') texts[name] = value;
    else if (Array.isArray(value)) throw validation(name, 'must be given once');
  }
  return texts;
}

/** Conventions rule 7 and the 'id' rule; a failure answers "Invalid ID." with the reason after it. */
export function readParent(rule: ParentKey, query: Readonly<Record<string, string>>): ParentRef {
  if (rule === 'none') return {};
  const idText = query['id']?.trim() ?? '';
  if (idText !== '' && !WHOLE_NUMBER.test(idText)) throw invalidId('id must be a whole number');
  const id = idText === '' ? 0 : Number(idText);
  if (!Number.isSafeInteger(id) || id < 0) throw invalidId('id must be a whole number ≥ 0');
  if (rule === 'id') {
    if (id === 0) throw invalidId('id is required');
    return { id };
  }
  if (id !== 0) return { id };
  const number = query['number']?.trim() ?? '';
  if (number === '') throw invalidId('number is required when id is 0 or absent');
  return { number };
}

/** Comma-separated list headers: blanks dropped, an int list with a non-integer names the header. */
export function readHeaderLists(
  kinds: EndpointDef['headerLists'],
  headers: IncomingHttpHeaders,
): Record<string, readonly number[] | readonly string[]> {
  const lists: Record<string, readonly number[] | readonly string[]> = {};
  for (const [name, kind] of Object.entries(kinds)) {
    const raw = headers[name.toLowerCase()];
    if (raw === undefined) continue;
    const items = (Array.isArray(raw) ? raw.join(',') : raw)
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '');
    if (kind === 'string') {
      lists[name] = items;
      continue;
    }
    const bad = items.find((item) => !WHOLE_NUMBER.test(item) || !Number.isSafeInteger(Number(item)));
    if (bad !== undefined)
      throw validation(name, `must be a comma-separated list of whole numbers (got "${bad}")`);
    lists[name] = items.map(Number);
  }
  return lists;
}

/** The row's query schema, then the rules every list shares: page/limit ≥ 1 (limit clamped), keyword. */
export function readQuery(
  definition: EndpointDef,
  texts: Readonly<Record<string, string>>,
): Record<string, unknown> {
  const parsed = parseOrThrow(definition.query, texts, 'query');
  const query: Record<string, unknown> = { ...parsed };
  const shape = definition.query.shape;
  if ('page' in shape || 'limit' in shape) {
    const page = typeof query['page'] === 'number' ? query['page'] : undefined;
    const limit = typeof query['limit'] === 'number' ? query['limit'] : undefined;
    readPaging({ page, limit });
    if (limit !== undefined) query['limit'] = Math.min(limit, MAX_LIMIT);
  }
  if ('keyword' in shape && typeof query['keyword'] === 'string') readKeyword(query['keyword']);
  return query;
}

/** The JSON body: any content type, empty means none; bad JSON names the body. */
export function readBody(definition: EndpointDef, raw: Buffer | undefined): unknown {
  if (definition.body === null) return undefined;
  const text = raw?.toString('utf8').trim() ?? '';
  let input: unknown = undefined;
  if (text !== '') {
    try {
      input = JSON.parse(text);
    } catch {
      throw validation('body', 'is not valid JSON');
    }
  }
  return parseOrThrow(definition.body, input, 'body');
}

export function parseRequest(definition: EndpointDef, raw: RawRequest): ParsedRequest {
  const texts = singleTexts(raw.query);
  const parent = readParent(definition.parent, texts);
  const headerLists = readHeaderLists(definition.headerLists, raw.headers);
  const query = readQuery(definition, texts);
  const body = readBody(definition, raw.body);
  if (definition.upload && raw.file === undefined) {
    throw validation('file', 'is required (a multipart/form-data part named file)');
  }
  return { parent, headerLists, query, body, file: definition.upload ? raw.file : undefined };
}
