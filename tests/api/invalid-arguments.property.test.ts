// Random junk as the arguments of every call: refused as 'invalid-arguments', never thrown, and no
// service reached. Also the net under the handlers: whatever one throws or returns, the answer is an
// IpcResult with a safe message.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createApiCore, type CallHandlers } from '../../src-main/api/api-core.js';
import { createCallHandlers } from '../../src-main/api/dispatch.js';
import { EventHub } from '../../src-main/api/event-hub.js';
import { CountingError } from '../../src-main/counting/index.js';
import { registerSecret } from '../../src-main/logging/index.js';
import { ProfileError } from '../../src-main/profiles/index.js';
import { Refusal } from '../../src-main/refusal/refusal.js';
import { CALL_NAMES, callContract, type CallName, type RefusalReason } from '../../src-shared/ipc/index.js';
import { UNREADABLE } from '../support/unreadable-json.js';
import { recordingServices } from './support/api-stubs.js';

const anything = fc.anything({
  withBigInt: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withTypedArray: true,
  withSparseArray: true,
  withNullPrototype: true,
  withBoxedValues: true,
  withObjectString: true,
  maxDepth: 3,
});

/** The schema's own keys with junk values (closer to a real mistake than a random object). */
function keyedJunk(schema: z.ZodType): fc.Arbitrary<unknown> {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  if (def['type'] !== 'object') return anything;
  const keys = Object.keys(def['shape'] as Record<string, unknown>);
  if (keys.length === 0) return fc.dictionary(fc.string({ minLength: 1 }), anything, { minKeys: 1 });
  return fc.record(Object.fromEntries(keys.map((key) => [key, anything])), { requiredKeys: [] });
}

/** zod itself throws on some junk (a `length` that is a null-prototype object): junk all the same. */
function passes(schema: z.ZodType, value: unknown): boolean {
  try {
    return schema.safeParse(value).success;
  } catch {
    return false;
  }
}

function junkFor(name: CallName): fc.Arbitrary<unknown> {
  const schema = callContract[name].args;
  return fc.oneof(anything, keyedJunk(schema)).filter((value) => !passes(schema, value));
}

describe('invalid arguments of every call', () => {
  for (const name of CALL_NAMES) {
    it(`${name}: refused before any service`, async () => {
      const { services, calls } = recordingServices();
      const api = createApiCore({ handlers: createCallHandlers(services), events: new EventHub() });
      await fc.assert(
        fc.asyncProperty(junkFor(name), async (args) => {
          const result = await api.call(name, args, 'web');
          expect(result.ok).toBe(false);
          if (!result.ok) {
            expect(result.error.code).toBe('invalid-arguments');
            expect(typeof result.error.message).toBe('string');
          }
          expect(calls).toEqual([]);
          // The answer crosses a structured clone (IPC) and JSON (the web host) unchanged.
          expect(JSON.parse(JSON.stringify(result))).toEqual(result);
        }),
        { numRuns: 60 },
      );
    });
  }

  it('junk that makes zod itself throw is refused as invalid arguments, not as a failure', async () => {
    const { services, calls } = recordingServices();
    const api = createApiCore({ handlers: createCallHandlers(services), events: new EventHub() });
    const hostile = { length: Object.create(null) as object };
    for (const [name, args] of [
      ['catalogue.importAliases', { text: hostile }],
      ['catalogue.removeAlias', { code: hostile }],
      ['catalogue.importAliases', hostile],
      ['catalogue.importAliases', { text: UNREADABLE }],
    ] as const) {
      const result = await api.call(name, args, 'web');
      expect(result).toMatchObject({ ok: false, error: { code: 'invalid-arguments' } });
    }
    expect(calls).toEqual([]);
  });

  it('an unknown name, or a name that is not a string, is refused', async () => {
    const { services, calls } = recordingServices();
    const api = createApiCore({ handlers: createCallHandlers(services), events: new EventHub() });
    await fc.assert(
      fc.asyncProperty(
        anything.filter((name) => !(CALL_NAMES as readonly unknown[]).includes(name)),
        anything,
        async (name, args) => {
          const result = await api.call(name as string, args, 'ipc');
          expect(result).toMatchObject({ ok: false, error: { code: 'unknown-call' } });
        },
      ),
      { numRuns: 200 },
    );
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect(await api.call(name, {}, 'ipc')).toMatchObject({ ok: false, error: { code: 'unknown-call' } });
    }
    expect(calls).toEqual([]);
  });
});

describe('the net under the handlers', () => {
  const secret = 'very-distinctive-secret-4711';
  registerSecret(secret);

  function apiWith(handler: () => unknown) {
    const handlers = Object.fromEntries(CALL_NAMES.map((name) => [name, handler])) as unknown as CallHandlers;
    return createApiCore({ handlers, events: new EventHub() });
  }

  it('whatever a handler throws, the call resolves with a safe error', async () => {
    await fc.assert(
      fc.asyncProperty(anything, async (thrown) => {
        const api = apiWith(() => {
          throw thrown;
        });
        const result = await api.call('settings.get', {}, 'ipc');
        expect(result).toEqual({
          ok: false,
          error: {
            code: 'internal',
            message: 'Something went wrong in Stockroom; the details are in the log.',
          },
        });
      }),
      { numRuns: 100 },
    );
  });

  it('an unexpected error never shows its message or stack', async () => {
    const api = apiWith(() => {
      throw new Error(`connect failed for https://x/?apikey=${secret}`);
    });
    const result = await api.call('outbox.summary', {}, 'web');
    expect(JSON.stringify(result)).not.toContain(secret);
    expect(JSON.stringify(result)).not.toContain('connect failed');
  });

  it("services' refusals keep their message and get their code", async () => {
    // each through a call that lists the reason (the edge takes off one its call does not list)
    const cases: Array<[CallName, unknown, unknown, string, string | undefined]> = [
      [
        'counting.discard',
        { sessionId: 's' },
        new CountingError('session-closed', 'Count session s is committed'),
        'conflict',
        'session-closed',
      ],
      [
        'counting.discard',
        { sessionId: 's' },
        new CountingError('session-not-found', 'No count session s'),
        'not-found',
        'session-not-found',
      ],
      [
        'profiles.switch',
        { profileId: 'p' },
        new ProfileError('keychain', 'The keychain is locked.', { keychainReason: 'locked' }),
        'keychain-unavailable',
        'locked',
      ],
      [
        'settings.get',
        {},
        new ProfileError('secrets-missing', 'Enter them again.'),
        'credentials-missing',
        undefined,
      ],
    ];
    for (const [name, args, thrown, code, reason] of cases) {
      const result = await apiWith(() => {
        throw thrown;
      }).call(name, args, 'ipc');
      expect(result).toMatchObject({ ok: false, error: { code, message: (thrown as Error).message } });
      if (!result.ok) expect(result.error.reason).toBe(reason);
    }
  });

  it('a refusal with a reason the contract does not declare leaves as internal, not as that reason', async () => {
    const undeclared = new Refusal('conflict', 'Nothing to do.', { reason: 'nothingToDo' as RefusalReason });
    const result = await apiWith(() => {
      throw undeclared;
    }).call('settings.get', {}, 'ipc');
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } });
    const declared = await apiWith(() => {
      throw Refusal.conflict('Nothing to do.', 'nothing-to-commit');
    }).call('counting.commit', { sessionId: 's' }, 'ipc');
    expect(declared).toMatchObject({ ok: false, error: { code: 'conflict', reason: 'nothing-to-commit' } });
  });

  it('a refusal whose message holds a registered secret has it redacted', async () => {
    const result = await apiWith(() => {
      throw new CountingError('invalid-input', `bad ${secret}`);
    }).call('counting.lines', { sessionId: 's' }, 'ipc');
    expect(JSON.stringify(result)).not.toContain(secret);
  });

  it('a value outside the result schema is an internal error; unknown fields are stripped', async () => {
    expect(await apiWith(() => ({ language: 'fr' })).call('settings.get', {}, 'ipc')).toMatchObject({
      ok: false,
      error: { code: 'internal' },
    });
    const profile = {
      id: 'p',
      displayName: 'Shop',
      baseUrl: 'https://x',
      storename: 's',
      defaultWarehouseCode: null,
      kind: 'store',
      createdAt: '2026-01-01T00:00:00.000Z',
      apikey: secret,
      apisecret: secret,
    };
    const result = await apiWith(() => profile).call('profiles.active', {}, 'ipc');
    expect(result.ok).toBe(true);
    expect(JSON.stringify(result)).not.toContain(secret);
  });
});
