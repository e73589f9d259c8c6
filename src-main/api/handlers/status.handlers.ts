// sync.*, connectivity.status, budget.get and settings.*: the status bar and the settings page.
import type { CallHandlers } from '../api-core.js';
import type { ApiServices } from '../api-services.js';
import { budgetValue } from '../views.js';

type StatusHandlers = Pick<
  CallHandlers,
  'sync.status' | 'sync.syncNow' | 'connectivity.status' | 'budget.get' | 'settings.get' | 'settings.set'
>;

export function statusHandlers(services: ApiServices): StatusHandlers {
  return {
    'sync.status': () => services.syncStatus(),
    'sync.syncNow': async () => {
      const store = await services.store();
      store.syncNow();
      return store.syncStatus();
    },
    'connectivity.status': () => services.connectivity(),
    'budget.get': async () => {
      const active = services.activeProfile();
      if (active === null) return null;
      try {
        return budgetValue((await services.store()).budget());
      } catch {
        // The active store could not open (keychain locked…): no figures to show yet.
        return null;
      }
    },
    'settings.get': () => services.getSettings(),
    'settings.set': (changes) => services.setSettings(changes),
  };
}
