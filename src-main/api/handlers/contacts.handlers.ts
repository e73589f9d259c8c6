// contacts.*: search and detail from this PC's copy; new and changed contacts go through the outbox.
// Transport only: each call's parsed arguments go to the ContactsService method of the same name.
import type { CallHandlers } from '../api-core.js';
import type { ApiServices } from '../api-services.js';

type ContactsHandlers = Pick<
  CallHandlers,
  'contacts.search' | 'contacts.detail' | 'contacts.proposeCode' | 'contacts.create' | 'contacts.update'
>;

export function contactsHandlers(services: ApiServices): ContactsHandlers {
  const contacts = async () => (await services.store()).contacts;
  return {
    'contacts.search': async (args) => (await contacts()).search(args),
    'contacts.detail': async ({ ref }) => (await contacts()).detail(ref),
    'contacts.proposeCode': async () => (await contacts()).proposeCode(),
    'contacts.create': async (fields) => (await contacts()).create(fields),
    'contacts.update': async (args) => (await contacts()).update(args),
  };
}
