// zod → JSON Schema for the OpenAPI document. Every exported record of src-shared/api/records.ts (and the
// shared envelope parts) is registered once under its export name and becomes a `components.schemas`
// entry; the schemas of single operations are converted on their own and point at those entries by $ref.
import { z } from 'zod';
import { ResStatus } from '../../../src-shared/api/envelopes.js';
import * as records from '../../../src-shared/api/records.js';
import type { JsonSchema } from './openapi-types.js';

export const SCHEMA_REF_PREFIX = '#/components/schemas/';

interface ComponentMeta {
  id: string;
  description?: string;
}

/**
 * `io: 'input'` everywhere: request schemas are what a client sends, and response schemas are what a
 * reader accepts off the wire (the output side of the lenient response fields is a transform, which JSON
 * Schema cannot express).
 */
const CONVERSION = { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' } as const;

/**
 * Per node: drops the safe-integer range zod emits on every `.int()` (it says nothing), and keeps the
 * description a schema of the table got from `.describe()`/`.meta()` (zod's global registry, which
 * the conversion does not read because it is given this module's registry).
 */
function annotate(context: { zodSchema: z.core.$ZodType; jsonSchema: JsonSchema }): void {
  const { jsonSchema } = context;
  if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
  if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
  const description = z.globalRegistry.get(context.zodSchema)?.description;
  if (description !== undefined && jsonSchema.description === undefined) jsonSchema.description = description;
}

/** Rewrites `#/$defs/X` references to `#/components/schemas/X`, in place, through the whole tree. */
function pointRefsAtComponents(value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) pointRefsAtComponents(item);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const record = value as Record<string, unknown>;
  const ref = record['$ref'];
  if (typeof ref === 'string' && ref.startsWith('#/$defs/')) {
    record['$ref'] = SCHEMA_REF_PREFIX + ref.slice('#/$defs/'.length);
  }
  for (const child of Object.values(record)) pointRefsAtComponents(child);
}

function isZodSchema(value: unknown): value is z.ZodType {
  return value instanceof z.ZodType;
}

export class SchemaComponents {
  private readonly registry = z.registry<ComponentMeta>();
  private readonly ids = new Set<string>();

  constructor() {
    for (const [name, value] of Object.entries(records)) {
      if (isZodSchema(value)) this.register(name, value);
    }
    this.register(
      'ResStatus',
      ResStatus,
      'The status of a read: `res.resCode` ("200" = success) and `res.resDesc`.',
    );
  }

  /** Adds a named component; the same zod schema met anywhere later is written as a $ref to it. */
  register(id: string, schema: z.ZodType, description?: string): void {
    if (this.ids.has(id)) throw new Error(`Schema component ${id} is registered twice`);
    if (this.registry.has(schema))
      throw new Error(`Schema component ${id} is already registered by identity`);
    this.ids.add(id);
    this.registry.add(schema, description === undefined ? { id } : { id, description });
  }

  /** A reference to a registered component. */
  ref(id: string): JsonSchema {
    if (!this.ids.has(id)) throw new Error(`No schema component ${id}`);
    return { $ref: SCHEMA_REF_PREFIX + id };
  }

  /** One schema of an operation, with registered parts as $refs into components.schemas. */
  convert(schema: z.ZodType): JsonSchema {
    const {
      $schema: _dialect,
      $defs,
      ...json
    } = z.toJSONSchema(schema, {
      ...CONVERSION,
      metadata: this.registry,
      override: annotate,
    });
    for (const id of Object.keys($defs ?? {})) {
      if (!this.ids.has(id)) throw new Error(`Schema ${id} was extracted but is not a registered component`);
    }
    pointRefsAtComponents(json);
    return json;
  }

  /** Every registered component, keyed by id in alphabetical order (a stable document). */
  schemas(): Record<string, JsonSchema> {
    const converted = z.toJSONSchema(this.registry, {
      ...CONVERSION,
      metadata: this.registry,
      override: annotate,
      uri: (id) => SCHEMA_REF_PREFIX + id,
    }).schemas;
    const result: Record<string, JsonSchema> = {};
    for (const id of [...this.ids].sort()) {
      const entry = converted[id];
      if (entry === undefined) throw new Error(`Schema component ${id} was not converted`);
      const { $schema: _dialect, $id: _id, ...json } = entry;
      pointRefsAtComponents(json);
      result[id] = json;
    }
    return result;
  }
}
