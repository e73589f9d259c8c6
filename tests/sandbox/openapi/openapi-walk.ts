// Helpers for the OpenAPI tests: walk the document, resolve local $refs, list operations and schemas.
import type {
  HttpMethod,
  JsonSchema,
  OpenApiDocument,
  OpenApiOperation,
} from '../../../src-main/sandbox/openapi/openapi-types.js';

export interface OperationEntry {
  readonly path: string;
  readonly method: HttpMethod;
  readonly operation: OpenApiOperation;
}

export function operationsOf(document: OpenApiDocument): OperationEntry[] {
  const entries: OperationEntry[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of ['get', 'post'] as const) {
      const operation = item[method];
      if (operation !== undefined) entries.push({ path, method, operation });
    }
  }
  return entries;
}

/** Every `$ref` string anywhere in a value, with the JSON path where it sits. */
export function refsIn(value: unknown, at = '#'): { ref: string; at: string }[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => refsIn(item, `${at}/${index}`));
  if (typeof value !== 'object' || value === null) return [];
  const found: { ref: string; at: string }[] = [];
  for (const [key, child] of Object.entries(value)) {
    if (key === '$ref' && typeof child === 'string') found.push({ ref: child, at });
    else found.push(...refsIn(child, `${at}/${key}`));
  }
  return found;
}

/** Resolves a local JSON pointer (#/a/b~1c) in a document; undefined when it leads nowhere. */
export function resolvePointer(document: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let current: unknown = document;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** The schema roots of the document, named by where they sit. */
export function schemaRoots(document: OpenApiDocument): { at: string; schema: JsonSchema }[] {
  const roots: { at: string; schema: JsonSchema }[] = Object.entries(document.components.schemas).map(
    ([id, schema]) => ({ at: `components.schemas.${id}`, schema }),
  );
  for (const { path, method, operation } of operationsOf(document)) {
    const where = `${method.toUpperCase()} ${path}`;
    for (const parameter of operation.parameters) {
      roots.push({ at: `${where} parameter ${parameter.name}`, schema: parameter.schema });
    }
    for (const [type, media] of Object.entries(operation.requestBody?.content ?? {})) {
      roots.push({ at: `${where} body ${type}`, schema: media.schema });
    }
    for (const [status, response] of Object.entries(operation.responses)) {
      if ('$ref' in response) continue;
      for (const [type, media] of Object.entries(response.content ?? {})) {
        roots.push({ at: `${where} ${status} ${type}`, schema: media.schema });
      }
    }
  }
  return roots;
}
