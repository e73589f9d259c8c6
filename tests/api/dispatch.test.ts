// Dispatch by name (decision 0018): a call `area.verb` reaches the method `verb` of its area's store
// service with the parsed arguments, unless it has an override; which calls forward is decided by the
// compiler from the services' own method types. The type assertions below fail `tsc` when the rule
// breaks; the run-time half proves the forward itself through the real ApiCore.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createApiCore } from '../../src-main/api/api-core.js';
import type { ActiveStore, ApiServices } from '../../src-main/api/api-services.js';
import type {
  CallOverrides,
  CallOverridesOf,
  ForwardedCall,
  ForwardedCallOf,
  StoreAreas,
} from '../../src-main/api/call-routes.js';
import { createCallHandlers } from '../../src-main/api/dispatch.js';
import { EventHub } from '../../src-main/api/event-hub.js';
import type { MoneyService } from '../../src-main/money/index.js';
import type { CallValue } from '../../src-shared/ipc/index.js';

type Has<U, K> = [K] extends [U] ? true : false;

describe('which calls forward (compile time)', () => {
  it('a method of the same name taking the parsed arguments forwards; positional ones need an override', () => {
    expectTypeOf<Has<ForwardedCall, 'money.list'>>().toEqualTypeOf<true>();
    expectTypeOf<Has<ForwardedCall, 'stockMoves.list'>>().toEqualTypeOf<true>();
    // catalogue.lookup(code) takes a string, not { code }: it must say how.
    expectTypeOf<Has<ForwardedCall, 'catalogue.lookup'>>().toEqualTypeOf<false>();
    expectTypeOf<Has<keyof CallOverrides, 'catalogue.lookup'>>().toEqualTypeOf<true>();
    expectTypeOf<Has<keyof CallOverrides, 'money.list'>>().toEqualTypeOf<false>();
    // main's own areas (profiles, settings) are no store service: always overridden.
    expectTypeOf<Has<ForwardedCall, 'settings.get'>>().toEqualTypeOf<false>();
  });

  it('a service without the method, or with other argument or result types, does not forward', () => {
    type Without = Omit<StoreAreas, 'money'> & { money: Omit<MoneyService, 'list'> };
    type WrongArgs = Omit<StoreAreas, 'money'> & { money: { list(filter: { page: string }): unknown } };
    type WrongValue = Omit<StoreAreas, 'money'> & {
      money: { list(filter: unknown): { total: string } };
    };
    type Right = Omit<StoreAreas, 'money'> & {
      money: { list(filter: unknown): CallValue<'money.list'> };
    };
    expectTypeOf<Has<ForwardedCallOf<Without>, 'money.list'>>().toEqualTypeOf<false>();
    expectTypeOf<Has<ForwardedCallOf<WrongArgs>, 'money.list'>>().toEqualTypeOf<false>();
    expectTypeOf<Has<ForwardedCallOf<WrongValue>, 'money.list'>>().toEqualTypeOf<false>();
    expectTypeOf<Has<ForwardedCallOf<Right>, 'money.list'>>().toEqualTypeOf<true>();
    // ...so the override map must then have it: leaving it out is the compile error.
    expectTypeOf<Has<keyof CallOverridesOf<Without>, 'money.list'>>().toEqualTypeOf<true>();
  });

  it('an override for a call that forwards does not compile', () => {
    const extra = (): Partial<CallOverrides> => ({
      // @ts-expect-error money.list forwards; an override would be a second list of calls
      'money.list': () => ({ total: 0, offset: 0, items: [], totals: {} }),
    });
    expect(typeof extra).toBe('function');
  });
});

/** A store whose services record each call (service, method, argument, `this`) and answer `value`. */
function recordingStore(value: unknown) {
  const calls: Array<{ service: string; method: string; args: unknown[]; self: unknown }> = [];
  const services = new Map<string, object>();
  const store = new Proxy(
    {},
    {
      get(_target, service: string) {
        let object = services.get(service);
        if (object === undefined) {
          const created: object = new Proxy(
            {},
            {
              get(_inner, method: string) {
                return function (this: unknown, ...args: unknown[]) {
                  calls.push({ service, method, args, self: this === created });
                  return value;
                };
              },
            },
          );
          services.set(service, created);
          object = created;
        }
        return object;
      },
    },
  ) as ActiveStore;
  const api = { store: () => Promise.resolve(store) } as unknown as ApiServices;
  return { api, calls };
}

describe('the forward (run time)', () => {
  it('reaches the area service method of the verb with the parsed arguments, defaults filled in', async () => {
    const page = { total: 0, offset: 0, items: [] };
    const { api, calls } = recordingStore(page);
    const core = createApiCore({ handlers: createCallHandlers(api), events: new EventHub() });
    expect(await core.call('stockMoves.list', {}, 'ipc')).toEqual({ ok: true, value: page });
    expect(calls).toEqual([
      { service: 'stockMoves', method: 'list', args: [{ offset: 0, limit: 100 }], self: true },
    ]);
  });

  it('an area may name a service of another word (print → printing); an override wins', async () => {
    const { api, calls } = recordingStore({ title: 'x' });
    const handlers = createCallHandlers(api);
    await handlers['print.moneyRecord']({ kind: 'income', id: 7 } as never);
    await handlers['outbox.retry']({ operationId: 'op-1', policy: 'asIs' } as never);
    expect(calls.map(({ service, method, args }) => [service, method, args])).toEqual([
      ['printing', 'moneyRecord', [{ kind: 'income', id: 7 }]],
      ['outbox', 'retryParked', ['op-1', 'asIs']],
    ]);
  });
});
