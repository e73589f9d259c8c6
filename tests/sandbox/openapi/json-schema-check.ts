// A small JSON Schema (2020-12) checker for exactly the keywords the generated document uses. It throws
// on any other keyword, so a test using it also proves the document stays inside that vocabulary.
// (No validator package is installed, and none is added for this.)
import { resolvePointer } from './openapi-walk.js';

/** Keywords that only annotate: they never make a value fail. */
const ANNOTATIONS = new Set(['description', 'title', 'format', 'contentMediaType', 'examples', 'default']);
const ASSERTIONS = new Set([
  '$ref',
  'type',
  'enum',
  'const',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minItems',
  'maxItems',
  'anyOf',
  'oneOf',
  'allOf',
  'not',
]);

export const KNOWN_KEYWORDS: ReadonlySet<string> = new Set([...ANNOTATIONS, ...ASSERTIONS]);

function typeMatches(type: unknown, value: unknown): boolean {
  switch (type) {
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'array':
      return Array.isArray(value);
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    default:
      throw new Error(`Unknown type ${String(type)}`);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** True when `value` satisfies `schema`; `root` is the document local $refs point into. */
export function matchesSchema(schema: unknown, value: unknown, root: unknown): boolean {
  if (schema === true) return true;
  if (schema === false) return false;
  if (!isObject(schema)) throw new Error(`Not a schema: ${JSON.stringify(schema)}`);
  for (const [keyword, argument] of Object.entries(schema)) {
    if (ANNOTATIONS.has(keyword)) continue;
    if (!ASSERTIONS.has(keyword)) throw new Error(`Unsupported keyword ${keyword}`);
    if (!keywordHolds(keyword, argument, value, root)) return false;
  }
  return true;
}

function keywordHolds(keyword: string, argument: unknown, value: unknown, root: unknown): boolean {
  const each = (list: unknown) => (Array.isArray(list) ? list : []);
  switch (keyword) {
    case '$ref': {
      const target = resolvePointer(root, String(argument));
      if (target === undefined) throw new Error(`Unresolved $ref ${String(argument)}`);
      return matchesSchema(target, value, root);
    }
    case 'type':
      return Array.isArray(argument)
        ? argument.some((type) => typeMatches(type, value))
        : typeMatches(argument, value);
    case 'enum':
      return each(argument).some((item) => item === value);
    case 'const':
      return argument === value;
    case 'properties':
      return (
        !isObject(value) ||
        Object.entries(argument as Record<string, unknown>).every(
          ([name, sub]) => !Object.hasOwn(value, name) || matchesSchema(sub, value[name], root),
        )
      );
    case 'required':
      return !isObject(value) || each(argument).every((name) => Object.hasOwn(value, String(name)));
    case 'additionalProperties':
      // The document only says "anything else is allowed" (loose records); anything stricter is unsupported.
      if (argument === true || (isObject(argument) && Object.keys(argument).length === 0)) return true;
      throw new Error(`Unsupported additionalProperties ${JSON.stringify(argument)}`);
    case 'items':
      return !Array.isArray(value) || value.every((item) => matchesSchema(argument, item, root));
    case 'pattern':
      return typeof value !== 'string' || new RegExp(String(argument), 'u').test(value);
    case 'minLength':
      return typeof value !== 'string' || [...value].length >= Number(argument);
    case 'maxLength':
      return typeof value !== 'string' || [...value].length <= Number(argument);
    case 'minimum':
      return typeof value !== 'number' || value >= Number(argument);
    case 'maximum':
      return typeof value !== 'number' || value <= Number(argument);
    case 'exclusiveMinimum':
      return typeof value !== 'number' || value > Number(argument);
    case 'exclusiveMaximum':
      return typeof value !== 'number' || value < Number(argument);
    case 'maxItems':
      return !Array.isArray(value) || value.length <= Number(argument);
    case 'minItems':
      return !Array.isArray(value) || value.length >= Number(argument);
    case 'anyOf':
      return each(argument).some((sub) => matchesSchema(sub, value, root));
    case 'oneOf':
      return each(argument).filter((sub) => matchesSchema(sub, value, root)).length === 1;
    case 'allOf':
      return each(argument).every((sub) => matchesSchema(sub, value, root));
    case 'not':
      return !matchesSchema(argument, value, root);
    default:
      throw new Error(`Unsupported keyword ${keyword}`);
  }
}
