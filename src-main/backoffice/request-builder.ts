// Turns typed call arguments into the v4 request: parent id/number and query as text, header lists
// comma-joined, JSON body or a multipart part named `file`. It also checks the arguments against the
// same row the sandbox validates with, so a request the server would refuse costs no quota.
import { FormData } from 'undici';
import type { EndpointDef } from '../../src-shared/api/define.js';
import { isPlainHttpToOtherHost, PLAIN_HTTP_REFUSED } from '../../src-shared/backoffice/address-rule.js';
import type { UploadFile } from './call-types.js';
import { firstIssue } from './issue-path.js';

/** The call arguments as seen at run time (the typed view is CallArgs). */
export interface RawCallArgs {
  readonly id?: unknown;
  readonly number?: unknown;
  readonly query?: Readonly<Record<string, unknown>>;
  readonly headers?: Readonly<Record<string, readonly unknown[] | undefined>>;
  readonly body?: unknown;
  readonly file?: UploadFile;
}

export interface BuiltRequest {
  readonly origin: string;
  /** Path and query string, ready for undici's `path`. */
  readonly path: string;
  readonly method: 'GET' | 'POST';
  /** Headers other than the credentials, which only the client adds. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | FormData | undefined;
}

export type BuildResult =
  { readonly ok: true; readonly request: BuiltRequest } | { readonly ok: false; readonly text: string };

/**
 * The base address without a trailing `/v4` (profiles hold it either way; every table path starts with
 * /v4/). A path prefix before /v4 is kept for reverse proxies. Plain http only to a loopback host.
 */
export function resolveBaseUrl(baseUrl: string): URL {
  const url = new URL(baseUrl.trim());
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`The back-office address must be http or https, not ${url.protocol}`);
  }
  // The key and secret ride on every request: in clear text only to this PC (src-shared/backoffice).
  if (isPlainHttpToOtherHost(url)) throw new TypeError(PLAIN_HTTP_REFUSED);
  // undici would drop them silently, and the address is shown in the UI and in logs.
  if (url.username !== '' || url.password !== '') {
    throw new TypeError('The back-office address must not contain a user name or password');
  }
  url.pathname = url.pathname.replace(/\/+$/, '').replace(/\/v4$/i, '');
  url.search = '';
  url.hash = '';
  return url;
}

export function buildRequest(row: EndpointDef, base: URL, args: RawCallArgs, validate: boolean): BuildResult {
  const parent = parentParams(row, args, validate);
  if (typeof parent === 'string') return { ok: false, text: parent };
  const query = queryParams(row, args.query ?? {}, validate);
  if (typeof query === 'string') return { ok: false, text: query };
  const listHeaders = headerListValues(row, args.headers ?? {});
  if (typeof listHeaders === 'string') return { ok: false, text: listHeaders };
  const payload = requestBody(row, args, validate);
  if (typeof payload === 'string') return { ok: false, text: payload };

  const search = [...parent, ...query]
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
  const path = `${base.pathname.replace(/\/+$/, '')}${row.path}${search === '' ? '' : `?${search}`}`;
  const headers: Record<string, string> = { accept: 'application/json', ...listHeaders };
  if (typeof payload.body === 'string') headers['content-type'] = 'application/json; charset=utf-8';
  return {
    ok: true,
    request: { origin: base.origin, path, method: row.method, headers, body: payload.body },
  };
}

type Pairs = Array<[string, string]>;

/** id/number of the parent record (conventions rule 7), in the query where the server reads them. */
function parentParams(row: EndpointDef, args: RawCallArgs, validate: boolean): Pairs | string {
  if (row.parent === 'none') return [];
  const pairs: Pairs = [];
  const { id, number } = args;
  if (id !== undefined) {
    if (typeof id !== 'number' || !Number.isSafeInteger(id)) return 'id must be a whole number';
    pairs.push(['id', String(id)]);
  }
  if (number !== undefined && row.parent === 'idOrNumber') {
    if (typeof number !== 'string') return 'number must be text';
    pairs.push(['number', number]);
  }
  if (!validate) return pairs;
  const hasId = typeof id === 'number' && id > 0;
  const hasNumber = typeof number === 'string' && number.trim() !== '';
  if (row.parent === 'id' && !hasId) return 'Invalid ID. (id is required)';
  if (row.parent === 'idOrNumber' && !hasId && !hasNumber) {
    return 'Invalid ID. (number is required when id is 0 or absent)';
  }
  return pairs;
}

function queryParams(
  row: EndpointDef,
  query: Readonly<Record<string, unknown>>,
  validate: boolean,
): Pairs | string {
  const pairs: Pairs = [];
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) return `${name} must be a finite number`;
      pairs.push([name, String(value)]);
    } else if (typeof value === 'string') {
      pairs.push([name, value]);
    } else if (typeof value === 'boolean') {
      pairs.push([name, value ? 'true' : 'false']);
    } else {
      return `${name} cannot be sent in the query`;
    }
  }
  if (validate) {
    // The row's query schema reads text, exactly as the server receives it.
    const checked = row.query.safeParse(Object.fromEntries(pairs));
    if (!checked.success) {
      const issue = firstIssue(checked.error);
      return `${issue.path} ${issue.message}`;
    }
  }
  return pairs;
}

// Header values must be visible ASCII; a comma would split one entry into two.
const HEADER_ITEM = /^[\x20-\x2b\x2d-\x7e]+$/;

function headerListValues(
  row: EndpointDef,
  lists: Readonly<Record<string, readonly unknown[] | undefined>>,
): Record<string, string> | string {
  const headers: Record<string, string> = {};
  for (const [name, values] of Object.entries(lists)) {
    if (values === undefined) continue;
    const kind = row.headerLists[name];
    if (kind === undefined) return `${name} is not a list header of ${row.name}`;
    // An empty list would be sent as "no filter" and answer every record.
    if (values.length === 0) return `${name} must hold at least one entry`;
    const items: string[] = [];
    for (const value of values) {
      if (kind === 'int' && (typeof value !== 'number' || !Number.isSafeInteger(value))) {
        return `${name} must hold whole numbers`;
      }
      const text = String(value).trim();
      if (!HEADER_ITEM.test(text)) return `${name} entry "${text}" cannot be sent in a header`;
      items.push(text);
    }
    headers[name] = items.join(',');
  }
  return headers;
}

function requestBody(
  row: EndpointDef,
  args: RawCallArgs,
  validate: boolean,
): { body: string | FormData | undefined } | string {
  if (row.upload) {
    const file = args.file;
    if (!file) return 'file is required';
    const blob =
      file.data instanceof Blob
        ? file.data
        : new Blob([file.data], { type: file.type ?? 'application/octet-stream' });
    const form = new FormData();
    form.append('file', blob, file.fileName);
    return { body: form };
  }
  if (row.body === null) return { body: undefined };
  if (validate) {
    const checked = row.body.safeParse(args.body);
    if (!checked.success) {
      const issue = firstIssue(checked.error);
      return `${issue.path === '' ? 'body' : issue.path} ${issue.message}`;
    }
  }
  // The caller's object is sent as given: unknown fields are the caller's choice, and the server ignores
  // them (notes, "Writes").
  try {
    return { body: JSON.stringify(args.body ?? {}) };
  } catch (error) {
    // A cycle or a BigInt: nothing was sent, and resending the same value cannot help.
    return `body cannot be sent as JSON (${error instanceof Error ? error.message : String(error)})`;
  }
}
