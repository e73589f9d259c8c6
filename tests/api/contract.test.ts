// The contract's coverage: every call name has a schema, a handler, a preload verb and a register.ts
// channel, at compile time (the type assertions below fail `tsc` when one is missing) and at run time
// (the key lists compared). And no result or event schema has a place for an API key or secret.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import type { CallHandlers } from '../../src-main/api/api-core.js';
import { createCallHandlers } from '../../src-main/api/dispatch.js';
import {
  CALL_NAMES,
  CALL_NAMES_MATCH,
  callContract,
  EVENT_NAMES,
  EVENT_NAMES_MATCH,
  eventContract,
  type CallName,
  type CallNameList,
  type EventName,
  type EventNameList,
  type StockroomBridge,
} from '../../src-shared/ipc/index.js';
import { recordingServices } from './support/api-stubs.js';

describe('compile-time coverage', () => {
  it('names, schemas, handlers and the bridge cover the same calls and events', () => {
    expectTypeOf<CallNameList>().toEqualTypeOf<CallName>();
    expectTypeOf<EventNameList>().toEqualTypeOf<EventName>();
    // A handler map missing a call (or with one too many) does not compile.
    expectTypeOf<keyof CallHandlers>().toEqualTypeOf<CallName>();
    expectTypeOf<ReturnType<typeof createCallHandlers>>().toEqualTypeOf<CallHandlers>();
    // The bridge's verbs accept exactly the contract's names.
    expectTypeOf<Parameters<StockroomBridge['call']>[0]>().toEqualTypeOf<CallName>();
    expectTypeOf<Parameters<StockroomBridge['on']>[0]>().toEqualTypeOf<EventName>();
    expect(CALL_NAMES_MATCH).toBe(true);
    expect(EVENT_NAMES_MATCH).toBe(true);
  });
});

describe('run-time coverage', () => {
  it('the contract, the name lists and the handler map hold the same call names', () => {
    const sorted = [...CALL_NAMES].sort();
    expect(Object.keys(callContract).sort()).toEqual(sorted);
    expect(Object.keys(createCallHandlers(recordingServices().services)).sort()).toEqual(sorted);
    expect(new Set(CALL_NAMES).size).toBe(CALL_NAMES.length);
    expect(Object.keys(eventContract).sort()).toEqual([...EVENT_NAMES].sort());
  });

  it('names are <area>.<verb>', () => {
    for (const name of [...CALL_NAMES, ...EVENT_NAMES])
      expect(name).toMatch(/^[a-z][A-Za-z]*\.[a-z][A-Za-z]*$/);
  });

  it('every call takes one named-object argument', () => {
    for (const name of CALL_NAMES) {
      const args = callContract[name].args;
      expect(args.safeParse(undefined).success, name).toBe(false);
      expect(args.safeParse([]).success, name).toBe(false);
      expect(args.safeParse('x').success, name).toBe(false);
    }
  });
});

/** Every object key reachable in a schema (through objects, arrays, unions, nullables, defaults). */
function keysOf(schema: z.ZodType, seen = new Set<z.ZodType>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  const found: string[] = [];
  const visit = (value: unknown) => {
    if (value instanceof z.ZodType) found.push(...keysOf(value, seen));
  };
  if (def['type'] === 'object') {
    for (const [key, value] of Object.entries(def['shape'] as Record<string, z.ZodType>)) {
      found.push(key);
      visit(value);
    }
  }
  for (const field of ['element', 'innerType', 'in', 'out', 'valueType']) visit(def[field]);
  for (const option of (def['options'] as unknown[] | undefined) ?? []) visit(option);
  return found;
}

const SECRET_KEY = /api.?key|secret|password|token/i;

describe('no place for a secret', () => {
  it('no result or event schema has a field for an API key or secret', () => {
    for (const name of CALL_NAMES) {
      const keys = keysOf(callContract[name].result);
      expect(
        keys.filter((key) => SECRET_KEY.test(key)),
        name,
      ).toEqual([]);
    }
    for (const name of EVENT_NAMES) {
      expect(
        keysOf(eventContract[name]).filter((key) => SECRET_KEY.test(key)),
        name,
      ).toEqual([]);
    }
  });

  it('secrets are arguments of profiles.add, profiles.edit and profiles.testConnection only', () => {
    const withSecrets = CALL_NAMES.filter((name) =>
      keysOf(callContract[name].args).some((key) => SECRET_KEY.test(key)),
    );
    expect(withSecrets.sort()).toEqual(['profiles.add', 'profiles.edit', 'profiles.testConnection']);
  });

  it('the walk sees nested fields (a guard on the guard)', () => {
    expect(keysOf(callContract['profiles.list'].result)).toEqual(
      expect.arrayContaining(['profiles', 'activeId', 'displayName', 'baseUrl']),
    );
    expect(keysOf(callContract['profiles.testConnection'].args)).toEqual(
      expect.arrayContaining(['profileId', 'apikey', 'apisecret']),
    );
  });
});
