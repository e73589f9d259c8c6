// Reads an HTTP-200 answer: every envelope production uses, the verdict in the body (business, validation
// and auth failures come back with HTTP 200), then the row's success schema. Never throws.
import type { EndpointDef } from '../../src-shared/api/define.js';
import { ResultCode, readResultStatus } from '../../src-shared/api/envelopes.js';
import { successSchema } from '../../src-shared/api/responses.js';
import { parseUntrusted } from '../../src-shared/parse-untrusted.js';
import { classifyResult } from './failure-classification.js';
import { LocalCode, type FailureKind } from './failure.js';
import { firstIssue } from './issue-path.js';

export type Decoded =
  | { readonly ok: true; readonly value: unknown }
  | {
      readonly ok: false;
      readonly kind: FailureKind;
      readonly code: string;
      readonly text: string;
      /** For malformed answers: the first bad path ("" when the body was not JSON). */
      readonly path?: string;
    };

/** How much of an unreadable body an error quotes: enough to recognise a proxy page, no more. */
const QUOTE_LENGTH = 120;

export function decodeAnswer(row: EndpointDef, bodyText: string): Decoded {
  let payload: unknown;
  try {
    payload = JSON.parse(bodyText);
  } catch {
    return {
      ok: false,
      kind: 'malformed',
      code: LocalCode.notJson,
      text: `the answer is not JSON: ${quote(bodyText)}`,
      path: '',
    };
  }

  const status = readResultStatus(payload);
  if (status !== undefined && status.code !== ResultCode.success) {
    const kind = classifyResult(status.code, status.description) ?? 'permanent';
    return { ok: false, kind, code: status.code, text: status.description };
  }

  const candidate = normalise(row, payload);
  if (!candidate.ok) return candidate;
  const parsed = parseUntrusted(successSchema(row), candidate.value);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = firstIssue(parsed.error);
  return {
    ok: false,
    kind: 'malformed',
    code: LocalCode.schemaMismatch,
    text: `the answer does not match the ${row.response.kind} schema at ${issue.path || '(root)'}: ${issue.message}`,
    path: issue.path,
  };
}

/** Brings the shapes production is known (or suspected) to use to the one each row's schema reads. */
function normalise(row: EndpointDef, payload: unknown): Decoded {
  switch (row.response.kind) {
    case 'detail':
    case 'fileDetail':
      return row.response.mayBeListed === true ? unwrapListedDetail(payload) : { ok: true, value: payload };
    case 'fileList':
      // Most likely a bare array; accept the res/list envelope too (notes, "Files").
      if (isObject(payload) && Array.isArray(payload['list'])) return { ok: true, value: payload['list'] };
      return { ok: true, value: payload };
    case 'write':
      return { ok: true, value: liftWriteStatus(payload) };
    case 'list':
      return { ok: true, value: wrapListStatus(payload) };
  }
}

/**
 * A detail its row declares `mayBeListed` (define.ts) is the record flat at the root or
 * `{res,list:[record],count}`. Only an answer with `res` and no `id` of its own is unwrapped.
 */
function unwrapListedDetail(payload: unknown): Decoded {
  if (!isObject(payload) || !isObject(payload['res']) || 'id' in payload) return { ok: true, value: payload };
  const list = payload['list'];
  if (!Array.isArray(list)) return { ok: true, value: payload };
  if (list.length === 0) {
    return {
      ok: false,
      kind: 'malformed',
      code: LocalCode.schemaMismatch,
      text: 'the answer wraps no record: list is empty',
      path: 'list',
    };
  }
  return { ok: true, value: list[0] };
}

/** A write answered res-wrapped is read like the top-level shape the write schema expects. */
function liftWriteStatus(payload: unknown): unknown {
  if (!isObject(payload) || 'resCode' in payload || !isObject(payload['res'])) return payload;
  const { res, ...rest } = payload;
  return { ...rest, resCode: res['resCode'], resDesc: res['resDesc'] };
}

/** The other way round: a list whose status sits at the top level is read as res-wrapped. */
function wrapListStatus(payload: unknown): unknown {
  if (!isObject(payload) || 'res' in payload || !('resCode' in payload)) return payload;
  const { resCode, resDesc, ...rest } = payload;
  return { ...rest, res: { resCode, resDesc } };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function quote(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat === '') return '(empty body)';
  return JSON.stringify(flat.length > QUOTE_LENGTH ? `${flat.slice(0, QUOTE_LENGTH)}…` : flat);
}

export { quote as quoteBody };
