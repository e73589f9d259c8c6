import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { Payment, Product } from '../../../src-shared/api/records.js';
import { SchemaComponents } from '../../../src-main/sandbox/openapi/schema-components.js';

describe('SchemaComponents', () => {
  it('writes a registered record met inside a schema as a $ref to its component', () => {
    const components = new SchemaComponents();
    const json = components.convert(z.object({ items: z.array(Product), payment: Payment }));
    expect(json.properties?.['items']).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/Product' },
    });
    expect(json.properties?.['payment']).toEqual({ $ref: '#/components/schemas/Payment' });
    expect(json.$defs).toBeUndefined();
    expect(json.$schema).toBeUndefined();
  });

  it('reads request texts on their input side, with the pattern and without the safe-integer range', () => {
    const components = new SchemaComponents();
    const json = components.convert(z.object({ count: z.number().int(), when: z.string().regex(/^\d{4}$/) }));
    expect(json.properties?.['count']).toEqual({ type: 'integer' });
    expect(json.properties?.['when']).toEqual({ type: 'string', pattern: '^\\d{4}$' });
  });

  it('keeps descriptions given in the table with .describe()', () => {
    const components = new SchemaComponents();
    const json = components.convert(z.object({ code: z.string().describe('Warehouse code') }));
    expect(json.properties?.['code']).toMatchObject({ description: 'Warehouse code' });
  });

  it('refuses a component registered twice', () => {
    const components = new SchemaComponents();
    expect(() => components.register('Product', z.object({}))).toThrow(/twice/);
    expect(() => components.register('Other', Product)).toThrow(/identity/);
  });

  it('lists components alphabetically, free of $id and $schema', () => {
    const schemas = new SchemaComponents().schemas();
    const ids = Object.keys(schemas);
    expect(ids).toEqual([...ids].sort());
    expect(JSON.stringify(schemas)).not.toMatch(/"\$(id|schema|defs)"/);
  });
});
