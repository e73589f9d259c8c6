// Turns zod issues into the sandbox's validation answer: code 100 naming the field path, e.g.
// "list[0].sku is required" or "returnpurchaseorderdate must be a date yyyy-MM-dd".
import type { z } from 'zod';
import { ResultCode } from '../../src-shared/api/envelopes.js';
import { SandboxError } from './sandbox-error.js';

const MAX_REPORTED_ISSUES = 5;

/** list[0].sku for ['list', 0, 'sku']; the root name for an empty path. */
export function formatPath(path: readonly PropertyKey[], rootName: string): string {
  let text = '';
  for (const key of path) {
    if (typeof key === 'number') text += `[${key}]`;
    else text += text === '' ? String(key) : `.${String(key)}`;
  }
  return text === '' ? rootName : text;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = Reflect.get(value, key);
  }
  return value;
}

function describeIssue(issue: z.core.$ZodIssue, input: unknown, rootName: string): string {
  const field = formatPath(issue.path, rootName);
  if (issue.code === 'invalid_type' && valueAt(input, issue.path) === undefined)
    return `${field} is required`;
  if (issue.code === 'invalid_type' && issue.path.length === 0 && issue.expected === 'object') {
    return `${field} must be a JSON object`;
  }
  return `${field} ${issue.message}`;
}

/** One line naming each offending field once (at most a few), joined with "; ". */
export function describeIssues(error: z.ZodError, input: unknown, rootName: string): string {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const issue of error.issues) {
    const key = formatPath(issue.path, rootName);
    if (seen.has(key)) continue;
    seen.add(key);
    lines.push(describeIssue(issue, input, rootName));
    if (lines.length === MAX_REPORTED_ISSUES) break;
  }
  return lines.join('; ');
}

/** Parses with a row schema; a failure throws code 100 naming the fields. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, rootName: string): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new SandboxError(ResultCode.generalError, describeIssues(result.error, input, rootName));
}
