// The prose of the OpenAPI document: what holds for every endpoint (envelopes, result codes, time,
// paging, files, faults). Nothing here is about one endpoint; the per-endpoint parts come from the table.
import type { EndpointDef } from '../../../src-shared/api/define.js';
import { ResultCode, ResultText } from '../../../src-shared/api/envelopes.js';
import { DEFAULT_LIMIT, MAX_LIMIT, MIN_KEYWORD_LENGTH } from '../core/list-helpers.js';
import { DEFAULT_QUOTA_PER_DAY } from '../core/quota.js';

type FailureCodeKey = Exclude<keyof typeof ResultCode, 'success'>;

/** What each failure code means, with the texts production (and the sandbox) send with it. */
const FAILURE_MEANINGS: Readonly<Record<FailureCodeKey, string>> = {
  generalError: [
    'general error. Texts:',
    `"${ResultText.invalidApi}" (storename, apikey or apisecret missing or wrong);`,
    `"${ResultText.invalidId}" (the id/number of the record is missing, malformed or names no record; the sandbox adds the reason after the text);`,
    `"${ResultText.accessDenied}" (also for a warehouse code that does not exist);`,
    `"${ResultText.quotaReached(DEFAULT_QUOTA_PER_DAY)}" (the store's daily request quota is used up; no HTTP 429, no Retry-After);`,
    'for a validation error, the field path and the problem, e.g. "list[0].sku is required".',
  ].join(' '),
  serverError: 'server error (an outage; may also come as HTTP 500).',
  notEnoughInventory: 'not enough inventory.',
  duplicateNumber: `duplicate: the uniquenumber was used before ("${ResultText.duplicateNumber}"); nothing is created.`,
};

/** The failure codes in the order of ResultCode ("100", "500", "700", "900"). */
export const FAILURE_CODES: readonly string[] = (Object.keys(FAILURE_MEANINGS) as FailureCodeKey[]).map(
  (key) => ResultCode[key],
);

function failureCodeLines(): string[] {
  return (Object.keys(FAILURE_MEANINGS) as FailureCodeKey[]).map(
    (key) => `- "${ResultCode[key]}": ${FAILURE_MEANINGS[key]}`,
  );
}

export function failureCodeDescription(): string {
  return [
    `Result code of a failure (a string; "${ResultCode.success}" means success and never appears here).`,
    ...failureCodeLines(),
  ].join('\n');
}

export const READ_FAILURE_DESCRIPTION =
  'A failed read (GET): `{"res":{"resCode":"100","resDesc":"Access Denied."}}`, with HTTP 200.';
export const WRITE_FAILURE_DESCRIPTION =
  'A failed write (POST): `{"resCode":"100","resDesc":"Invalid ID. id is required"}` at the top level, with HTTP 200.';

export const TIME_NOTE =
  'Thai local time (UTC+7, no daylight saving), whatever the zone of the computer sending or reading it.';

export const PAGING_NOTE = {
  page: 'Page number, default 1. A page past the end is an empty list, not an error.',
  limit: `Page size: default ${DEFAULT_LIMIT} in the sandbox (production documents none), maximum ${MAX_LIMIT}; larger values are clamped to ${MAX_LIMIT}. Values below 1 are a validation error (code 100).`,
  keyword: `Free-text search; at least ${MIN_KEYWORD_LENGTH} characters (shorter text is a validation error, code 100; empty means no filter).`,
} as const;

/** "A, B and C" */
function listNames(names: readonly string[]): string {
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}

/** The document's `info.description`; the endpoints named in it are taken from the table's flags. */
export function infoDescription(rows: readonly EndpointDef[]): string {
  const idempotent = listNames(rows.filter((row) => row.idempotent).map((row) => row.name));
  const uploads = listNames(rows.filter((row) => row.upload).map((row) => row.name));
  return [
    'The store back office HTTP API v4 as implemented by the Stockroom sandbox (a local copy used as demo store and test bed), generated from the shared endpoint table in `src-shared/api`. Paths start with `/v4/` and match case-insensitively.',
    '',
    '## Authentication',
    'Every operation needs the three headers `storename`, `apikey` and `apisecret`. Missing or wrong ones answer code 100 "Invalid API" with HTTP 200.',
    '',
    '## Envelopes',
    `- List reads: \`{"res":{"resCode":"${ResultCode.success}","resDesc":"${ResultText.success}"},"list":[...],"count":N}\`; \`count\` is the number of all matching records, over all pages. Some lists add totals (\`totalAmount\`, \`totalPaymentAmount\`).`,
    '- Detail reads: the record itself, flat at the root.',
    `- Writes: \`{"resCode":"${ResultCode.success}","resDesc":"${ResultText.success}"}\` at the top level; creating writes add \`"detail":{"id":N}\`; stock lists add \`detail.stockupdate\`, serial numbers add \`data\`.`,
    '- File lists: a bare JSON array of `{id, fileName, type}`; file detail: `{id, fileName, type, content}` with Base64 `content`.',
    '- A failed read: `{"res":{"resCode","resDesc"}}`; a failed write: `{"resCode","resDesc"}` at the top level.',
    '',
    'Business, validation and authentication failures come back with **HTTP 200**: the verdict is in the body. Read `res.resCode` first, then a top-level `resCode`. `resCode` is a string; production has been seen to send numbers and nulls where the spec says String, so the response schemas here describe what a robust reader accepts (every field but a record id optional, unknown fields allowed).',
    '',
    '## Result codes',
    `- "${ResultCode.success}": success.`,
    ...failureCodeLines(),
    '',
    '## HTTP statuses',
    '- 200: every answer of a known operation, success or failure.',
    '- 404: an unknown path (an unknown record is code 100, not 404).',
    '- 405: a known path with the wrong method (the `Allow` header names the right one).',
    '- 500: an outage (or an internal sandbox error); clients must also expect timeouts, connection resets and code "500" inside a 200 body.',
    '',
    '## Time',
    `All dates and times in queries, bodies and the \`...String\` twins (\`yyyy-MM-dd\`, \`yyyy-MM-dd HH:mm\`) are ${TIME_NOTE}`,
    '',
    '## Paging',
    `\`page\` (default 1) and \`limit\` (maximum ${MAX_LIMIT}, larger values clamped; the sandbox's default is ${DEFAULT_LIMIT}). Lists come newest first; a page past the end is an empty list.`,
    '',
    '## Idempotency',
    `${idempotent} take \`uniquenumber\` in the query: a repeat answers code 900 and creates nothing. It is the only idempotency key of the interface.`,
    '',
    '## Files',
    `Uploads (${uploads}) are \`multipart/form-data\` with one part named \`file\`; the parent record is named in the query. File details carry the bytes as Base64 in \`content\`; file lists are a bare JSON array.`,
    '',
    '## Sandbox faults',
    'The sandbox can inject faults for client tests: added latency, and failures (HTTP 500, code "500" in a 200 body, or a connection reset) before a request is processed or after a write has committed, at random from a seed or on a schedule. See the sandbox section of the README and `docs/sandbox/`.',
  ].join('\n');
}
