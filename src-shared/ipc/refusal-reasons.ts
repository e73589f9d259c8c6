// Every finer reason a service may give with a refusal (IpcError.reason): the vocabulary, declared once,
// grouped by the area whose services give it, kebab-case. Which reasons a call gives is part of that
// call's contract entry (`reasons` in src-shared/ipc/schemas/*, picked from these words); the IPC edge
// checks a refusal's reason against the call's list on the way out, and the page switches over the
// call's own (CallReason). src-renderer/lib/refusal-words.ts has words for each, in English and Thai: a
// reason added here without words there is a type error.
import { ALIAS_IMPORT_SKIPS, ATTACHMENT_REFUSALS, BELOW_EXPECTED_STOCK } from '../domain/vocabulary.js';
import { LIVE_REFUSAL_REASONS, PC_NAME_REFUSAL_REASONS } from '../domain/live-join.js';
import { KEYCHAIN_UNAVAILABLE_REASONS } from './schemas/profiles.js';

export const REFUSAL_REASONS_BY_AREA = {
  counting: [
    'session-not-found',
    'session-closed',
    'session-handed-over',
    'other-warehouse',
    'unknown-warehouse',
    'unknown-scope',
    'invalid-input',
    'line-not-found',
    'negative-count',
    'nothing-to-undo',
    'product-not-found',
    'unresolved-unknown-codes',
    'nothing-to-commit',
    /** A live host's commit before its members sent their last scans (decision 0013). */
    'live-scans-pending',
    /** A live member's commit: its host commits the count (decision 0013). */
    'live-member-session',
    'recount-missing',
    'nothing-due',
    /** Shelves during a count (decision 0021). */
    'unknown-shelf',
    'shelf-not-empty',
    'shelf-code',
  ],
  /** shelves.*: a shelf typed or a row of a shelves file refused (the field names the row). */
  shelves: [
    'shelf-code-shape',
    'shelf-name',
    'shelf-repeated',
    'shelf-file',
    'unknown-warehouse',
    'shelf-not-found',
  ],
  /** cycle.reverseCount: why a committed count, or one of its lines, cannot be undone now. */
  cycle: [
    'session-not-found',
    'not-committed',
    'nothing-to-undo',
    'not-counted',
    'reversed',
    'later-count',
    'not-applied',
  ],
  /** live.*: a join or a hosting refused (decision 0013). */
  live: LIVE_REFUSAL_REASONS,
  /** The keychain's (profiles.*, keychain.*): why it cannot be used or what it holds cannot be. */
  keychain: [...KEYCHAIN_UNAVAILABLE_REASONS, 'unreadable-entry', 'too-large'],
  profiles: ['unsent-writes'],
  catalogue: [
    'bad-picture',
    'code-taken',
    'product-fields',
    'repeated',
    'barcode-empty',
    'barcode-too-long',
    'barcode-check-digit',
    'barcode-shelf-prefix',
    'replaces-barcode',
    'create-discarded',
    'deleting',
    ...ALIAS_IMPORT_SKIPS,
  ],
  stockMoves: [BELOW_EXPECTED_STOCK],
  contacts: ['code-too-short', 'code-taken'],
  files: [
    ...ATTACHMENT_REFUSALS,
    'offset',
    'staging-full',
    'not-sent-yet',
    'file-not-found',
    'file-gone',
    'download-too-large',
    'not-on-this-pc',
    'record-not-found',
  ],
  /** documents.* (quotations): a quotation whose status no longer allows the change. */
  documents: ['voided', 'approved'],
  outbox: ['not-withdrawable', 'not-parked'],
  /** settings.set: this PC's name as other PCs see it in a live count (src-main/services/pc-name.ts). */
  settings: PC_NAME_REFUSAL_REASONS,
  print: ['prompt-pay-id', 'labels-too-many', 'label-code-too-wide', 'label-code-not-printable'],
} as const;

export type RefusalArea = keyof typeof REFUSAL_REASONS_BY_AREA;

/** The words of one area, for a service's helper typed to them (each call lists its own in its schema). */
export type RefusalReasonOf<A extends RefusalArea> = (typeof REFUSAL_REASONS_BY_AREA)[A][number];
export type RefusalReason = RefusalReasonOf<RefusalArea>;

/** Every reason once (two areas may share one, e.g. 'code-taken'), for zod's enum. */
export const REFUSAL_REASONS = [...new Set(Object.values(REFUSAL_REASONS_BY_AREA).flat())] as [
  RefusalReason,
  ...RefusalReason[],
];

export function isRefusalReason(value: string): value is RefusalReason {
  return (REFUSAL_REASONS as readonly string[]).includes(value);
}
