// sync.*, connectivity.status, budget.get and settings.*: the status bar and the settings page.
import type { CallHandlers } from '../api-core.js';
import type { ApiServices } from '../api-services.js';

type StatusHandlers = Pick<
  CallHandlers,
  'sync.status' | 'sync.syncNow' | 'connectivity.status' | 'budget.get' | 'settings.get' | 'settings.set'
>;

export function statusHandlers(services: ApiServices): StatusHandlers {
  return {
    'sync.status': () => services.syncStatus(),
    'sync.syncNow': async () => (await services.store()).syncNow(),
    'connectivity.status': () => services.connectivity(),
    'budget.get': () => services.budget(),
    'settings.get': () => services.getSettings(),
    'settings.set': (changes) => services.setSettings(changes),
  };
}
