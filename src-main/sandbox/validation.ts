// Turns zod issues into the sandbox's validation answer: code 100 naming the field path, e.g.
// "list[0].sku is required" or "returnpurchaseorderdate must be a date yyyy-MM-dd".
import type { z } from 'zod';
import { ResultCode } from '../../src-shared/api/envelopes.js';
import { describeIssues } from '../../src-shared/api/issues.js';
import { parseUntrusted } from '../../src-shared/parse-untrusted.js';
import { SandboxError } from './core/sandbox-error.js';

/** Parses with a row schema; a failure throws code 100 naming the fields. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, rootName: string): z.output<S> {
  const result = parseUntrusted(schema, input);
  if (result.success) return result.data;
  throw new SandboxError(ResultCode.generalError, describeIssues(result.error, input, rootName));
}
