// How a zod failure is put into words, the same on both sides of the wire: the sandbox answers with it,
// the client refuses a bad request locally with it. Fields are named by path: "list[0].sku".
import type { z } from 'zod';

const MAX_REPORTED_ISSUES = 5;

/** list[0].sku for ['list', 0, 'sku']; `rootName` for an empty path. */
export function formatPath(path: readonly PropertyKey[], rootName = ''): string {
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
