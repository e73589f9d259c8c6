// Names the first problem of a zod failure the way the sandbox names fields: "stocks[0].sku".
import type { z } from 'zod';
import { formatPath } from '../../src-shared/api/issues.js';

export interface FirstIssue {
  readonly path: string;
  readonly message: string;
}

export function firstIssue(error: z.ZodError): FirstIssue {
  const issue = error.issues[0];
  if (!issue) return { path: '', message: 'is not valid' };
  return { path: formatPath(issue.path), message: issue.message };
}
