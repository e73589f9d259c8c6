// zod's safeParse for values from outside (a page, a socket, a server, a request body), made to keep
// its promise of never throwing. zod's length checks run on any value with a `length`, even one whose
// type was already refused, and compare it: a `length` with no primitive value throws there. JSON can
// carry one ({"length": {"toString": 1, "valueOf": 1}}), and so can a null-prototype object.
import { z } from 'zod';

/** The schema's own answer; a value zod cannot read fails with one issue at the root ("… could not be read"). */
export function parseUntrusted<S extends z.ZodType>(
  schema: S,
  value: unknown,
): z.ZodSafeParseResult<z.output<S>> {
  try {
    return schema.safeParse(value);
  } catch {
    const issue: z.core.$ZodIssueCustom = {
      code: 'custom',
      path: [],
      message: 'could not be read: a part of it has no primitive value',
      input: undefined,
    };
    return { success: false, error: new z.ZodError([issue]) as z.ZodError<z.output<S>> };
  }
}
