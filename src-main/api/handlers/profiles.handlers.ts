// profiles.* and demo.start. The API key and secret arrive here only as arguments of add, edit and
// testConnection: they are registered with the log redactor at once (so no log line can hold them,
// whatever later fails) and handed to the profile service, which keeps them in the keychain only.
import type { CallHandlers } from '../api-core.js';
import type { ApiServices } from '../api-services.js';
import { registerSecret } from '../../logging/index.js';
import { profileValue } from '../views.js';

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
    'profiles.list': () => {
      const { profiles, activeId } = services.listProfiles();
      return { profiles: profiles.map(profileValue), activeId };
    },
    'profiles.active': () => {
      const active = services.activeProfile();
      return active === null ? null : profileValue(active);
    },
    'profiles.keychainStatus': async () => {
      const status = await services.keychainStatus();
      return status.available
        ? { available: true }
        : { available: false, reason: status.reason, message: status.message };
    },
    'profiles.add': async ({ activate, ...input }) => {
      redactLater(input.apikey, input.apisecret);
      return profileValue(await services.addProfile({ ...input, kind: 'store' }, activate));
    },
    'profiles.edit': async ({ profileId, changes }) => {
      redactLater(changes.apikey, changes.apisecret);
      return profileValue(await services.editProfile(profileId, changes));
    },
    'profiles.remove': async ({ profileId, discardUnsent }) => {
      const removed = await services.removeProfile(profileId, discardUnsent);
      return {
        profile: profileValue(removed.profile),
        keychainEntry: removed.secrets,
        storeData: removed.storeData,
      };
    },
    'profiles.removalPreview': ({ profileId }) => services.removalPreview(profileId),
    'profiles.switch': async ({ profileId }) => profileValue(await services.switchProfile(profileId)),
    'profiles.testConnection': async (target) => {
      if (!('profileId' in target)) redactLater(target.apikey, target.apisecret);
      const result = await services.testConnection(target);
      return result.ok
        ? { connected: true, merchantName: result.merchantName }
        : { connected: false, failure: result.failure, message: result.message };
    },
    'demo.start': async () => profileValue(await services.startDemo()),
  };
}
