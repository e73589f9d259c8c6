// Names the first problem of a zod failure the way the sandbox names fields: "stocks[0].sku".
import type { z } from 'zod';

export interface FirstIssue {
  readonly path: string;
  readonly message: string;
}

export function formatPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else text += text === '' ? String(segment) : `.${String(segment)}`;
  }
  return text;
}

export function firstIssue(error: z.ZodError): FirstIssue {
  const issue = error.issues[0];
  if (!issue) return { path: '', message: 'is not valid' };
  return { path: formatPath(issue.path), message: issue.message };
}
