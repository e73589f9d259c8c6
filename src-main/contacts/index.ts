// The store's contacts: search and detail offline, contacts made and changed here; what the rest of main imports.
export {
  ContactsService,
  codePrefix,
  type ContactsServiceOptions,
  type PickedContact,
} from './contacts.service.js';
export { ContactsRepository } from './contacts.repository.js';
export { outboxContactWrites, type ContactWrites } from './contact-writes.js';
