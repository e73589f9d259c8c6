// Events main pushes to the renderer. Payloads are validated in main before they leave (api-core), like
// call results, and carry no secret.
import type { z } from 'zod';
import type { EventNameList } from './names.js';
import { outboxProgress, outboxSummary } from './schemas/outbox.js';
import { moneyChanged } from './schemas/money.js';
import { contactsChanged } from './schemas/contacts.js';
import { profileChanged } from './schemas/profiles.js';
import { documentsChanged } from './schemas/quotations.js';
import { returnsChanged } from './schemas/returns.js';
import { budget, connectivity, syncStatus } from './schemas/status.js';
import { bundlesChanged } from './schemas/bundles.js';
import { liveChanged } from './schemas/live-count.js';

export const eventContract = {
  /** The sync status whenever it changes (job start/finish/failure, waits, first-sync progress). */
  'sync.progress': syncStatus,
  'connectivity.changed': connectivity,
  /** Outbox counts after enqueues, batches, person actions, pause and resume. */
  'outbox.changed': outboxSummary,
  /** Rows settled of the rows due in the current drain. */
  'outbox.progress': outboxProgress,
  'budget.changed': budget,
  /** A profile was added, edited, removed or switched to, or the active store started or stopped. */
  'profile.changed': profileChanged,
  /** The money copy changed (a pull, the daily re-read, or a write made here): read the lists again. */
  'money.changed': moneyChanged,
  /** A contact was saved on this PC: read the contact lists again. */
  'contacts.changed': contactsChanged,
  /** Quotations in the local copy changed (a pull, or a write made here): read the list again. */
  'documents.changed': documentsChanged,
  /** The copy of return purchase orders changed (a pull, or a write made here): read them again. */
  'returns.changed': returnsChanged,
  /** The bundles copy changed (a pull, or a write made here): read the list again. */
  'bundles.changed': bundlesChanged,
  /** A live count changed here (a member's scan applied, a join, a leave): read its lines and status. */
  'live.changed': liveChanged,
} satisfies Record<EventNameList, z.ZodType>;

export type EventContract = typeof eventContract;
export type EventName = keyof EventContract;
export type EventPayload<E extends EventName> = z.output<EventContract[E]>;

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// Fails to compile when the generated names and the events disagree: run `npm run generate:names`.
export const EVENT_NAMES_MATCH: Same<EventName, EventNameList> = true;
