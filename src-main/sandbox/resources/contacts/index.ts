// Contacts: the contact endpoints, their tables, and what finance and the demo seeder use.
import type { ResourceModule } from '../../core/handler.js';
import { contactExtrasSchemaSql } from './contact-extras.repository.js';
import { contactHandlers } from './contact.handlers.js';
import { contactSchemaSql } from './contact.repository.js';

export const handlers = contactHandlers satisfies ResourceModule['handlers'];

export const schemaSql = [contactSchemaSql, contactExtrasSchemaSql].join('\n');

export { addContactExtras } from './seed-support.js';
