// Success and failure bodies exactly as production sends them (notes: "Envelopes and errors").
import type { EndpointDef } from '../../src-shared/api/define.js';
import { ResultCode, ResultText } from '../../src-shared/api/envelopes.js';
import { successSchema } from '../../src-shared/api/responses.js';
import { describeIssues } from '../../src-shared/api/issues.js';

export interface ResultBody {
  readonly code: string;
  readonly description: string;
}

/** A failed read is `{res:{resCode,resDesc}}`; a failed write is `{resCode,resDesc}`. */
export function failureBody(method: EndpointDef['method'], { code, description }: ResultBody): unknown {
  const status = { resCode: code, resDesc: description };
  return method === 'GET' ? { res: status } : status;
}

function field(result: unknown, name: string): unknown {
  return typeof result === 'object' && result !== null ? Reflect.get(result, name) : undefined;
}

/** The success body of a row for its handler's result (see HandlerResult in handler.ts). */
export function successBody(definition: EndpointDef, result: unknown): unknown {
  const shape = definition.response;
  switch (shape.kind) {
    case 'list': {
      const totals = field(result, 'totals');
      const totalFields = Object.fromEntries(
        shape.totals.map((name) => {
          const value = field(totals, name);
          return [name, typeof value === 'number' ? value : 0];
        }),
      );
      return {
        res: { resCode: ResultCode.success, resDesc: ResultText.success },
        list: field(result, 'list'),
        count: field(result, 'count'),
        ...totalFields,
      };
    }
    case 'detail':
    case 'fileDetail':
    case 'fileList':
      return result;
    case 'write': {
      const description = field(result, 'description');
      const id = field(result, 'id');
      const payload = field(result, 'payload');
      const body: Record<string, unknown> = {
        resCode: ResultCode.success,
        resDesc: typeof description === 'string' ? description : ResultText.success,
      };
      if (shape.created && typeof id === 'number') body['detail'] = { id };
      if (shape.payload && payload !== undefined) {
        const existing = body[shape.payload.key];
        body[shape.payload.key] =
          typeof existing === 'object' && existing !== null && typeof payload === 'object'
            ? { ...existing, ...payload }
            : payload;
      }
      return body;
    }
  }
}

/**
 * Checks a success body against the row's response schema, so a handler bug shows up as a clear answer
 * in tests instead of a client failing later. Returns the problem, or undefined when the body is right.
 */
export function checkSuccessBody(definition: EndpointDef, body: unknown): string | undefined {
  const result = successSchema(definition).safeParse(body);
  return result.success ? undefined : describeIssues(result.error, body, 'response');
}
