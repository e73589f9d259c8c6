// profiles.* and demo.start. The API key and secret arrive here only as arguments of add, edit and
// testConnection: they are registered with the log redactor at once (so no log line can hold them,
// whatever later fails) and handed to the profile service, which keeps them in the keychain only.
import type { CallHandlers } from '../api-core.js';
import type { ApiServices } from '../api-services.js';
import { registerSecret } from '../../logging/index.js';

type ProfileHandlers = Pick<
  CallHandlers,
  | 'profiles.list'
  | 'profiles.active'
  | 'profiles.keychainStatus'
  | 'profiles.add'
  | 'profiles.edit'
  | 'profiles.remove'
  | 'profiles.removalPreview'
  | 'profiles.switch'
  | 'profiles.testConnection'
  | 'demo.start'
>;

function redactLater(...values: ReadonlyArray<string | undefined>): void {
  for (const value of values) if (value !== undefined) registerSecret(value);
}

export function profileHandlers(services: ApiServices): ProfileHandlers {
  return {
    'profiles.list': () => services.listProfiles(),
    'profiles.active': () => services.activeProfile(),
    'profiles.keychainStatus': () => services.keychainStatus(),
    'profiles.add': ({ activate, ...input }) => {
      redactLater(input.apikey, input.apisecret);
      return services.addProfile({ ...input, kind: 'store' }, activate);
    },
    'profiles.edit': ({ profileId, changes }) => {
      redactLater(changes.apikey, changes.apisecret);
      return services.editProfile(profileId, changes);
    },
    'profiles.remove': ({ profileId, discardUnsent }) => services.removeProfile(profileId, discardUnsent),
    'profiles.removalPreview': ({ profileId }) => services.removalPreview(profileId),
    'profiles.switch': ({ profileId }) => services.switchProfile(profileId),
    'profiles.testConnection': (target) => {
      if (!('profileId' in target)) redactLater(target.apikey, target.apisecret);
      return services.testConnection(target);
    },
    'demo.start': () => services.startDemo(),
  };
}
