// How a call reaches a service: its override (call-overrides.ts), else the method of the same verb on
// its area's store service (call-routes.ts), with the parsed arguments. The contract is the only list
// of calls: nothing here names one.
import { CALL_NAMES, type CallName } from '../../src-shared/ipc/index.js';
import type { CallHandlers } from './api-core.js';
import type { ActiveStore, ApiServices } from './api-services.js';
import { callOverrides } from './call-overrides.js';
import { STORE_AREAS } from './call-routes.js';

function isStoreArea(area: string): area is keyof typeof STORE_AREAS {
  return Object.hasOwn(STORE_AREAS, area);
}

/** The default handler: the store's area service, its method named by the verb, the parsed arguments. */
function forward(services: ApiServices, name: CallName): (args: unknown) => Promise<unknown> {
  const [area = '', verb = ''] = name.split('.');
  if (!isStoreArea(area)) throw new TypeError(`${name}: no store area "${area}" and no override`);
  const serviceOf = STORE_AREAS[area] as (store: ActiveStore) => object;
  return async (args) => {
    const service = serviceOf(await services.store());
    const method: unknown = Reflect.get(service, verb);
    if (typeof method !== 'function') throw new TypeError(`${name}: the ${area} service has no ${verb}`);
    return (method as (args: unknown) => unknown).call(service, args);
  };
}

/** Every call's handler: its override, else the forward to its area service. */
export function createCallHandlers(services: ApiServices): CallHandlers {
  const overrides: Partial<Record<CallName, unknown>> = callOverrides(services);
  const entries = CALL_NAMES.map((name) => [name, overrides[name] ?? forward(services, name)] as const);
  return Object.fromEntries(entries) as unknown as CallHandlers;
}
