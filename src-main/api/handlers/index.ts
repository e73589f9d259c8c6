// Every call's handler, one map: `CallHandlers` makes a missing call name a compile error here.
import type { CallHandlers } from '../api-core.js';
import type { ApiServices } from '../api-services.js';
import { catalogueHandlers } from './catalogue.handlers.js';
import { catalogueProductHandlers } from './catalogue-products.handlers.js';
import { countingHandlers } from './counting.handlers.js';
import { documentsHandlers } from './documents.handlers.js';
import { filesHandlers } from './files.handlers.js';
import { moneyHandlers } from './money.handlers.js';
import { outboxHandlers } from './outbox.handlers.js';
import { printingHandlers } from './printing.handlers.js';
import { profileHandlers } from './profiles.handlers.js';
import { returnsHandlers } from './returns.handlers.js';
import { statusHandlers } from './status.handlers.js';
import { contactsHandlers } from './contacts.handlers.js';
import { stockMoveHandlers } from './stock-moves.handlers.js';
import { bundleHandlers } from './bundles.handlers.js';

export function createCallHandlers(services: ApiServices): CallHandlers {
  return {
    ...profileHandlers(services),
    ...statusHandlers(services),
    ...catalogueHandlers(services),
    ...countingHandlers(services),
    ...outboxHandlers(services),
    ...moneyHandlers(services),
    ...contactsHandlers(services),
    ...printingHandlers(services),
    ...stockMoveHandlers(services),
    ...documentsHandlers(services),
    ...returnsHandlers(services),
    ...filesHandlers(services),
    ...catalogueProductHandlers(services),
    ...bundleHandlers(services),
  } satisfies CallHandlers;
}
