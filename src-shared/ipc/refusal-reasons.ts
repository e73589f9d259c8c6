// Every finer reason a service may give with a refusal (IpcError.reason), declared once per call area in
// one style, kebab-case. The IPC edge checks a refusal's reason against this list on the way out, and the
// page switches over the union (src-renderer/lib/refusal-words.ts has words for each, in English and
// Thai): a reason added here without words there is a type error.
import { ALIAS_IMPORT_SKIPS, ATTACHMENT_REFUSALS, BELOW_EXPECTED_STOCK } from '../domain/vocabulary.js';
import { LIVE_REFUSAL_REASONS } from '../domain/live-join.js';
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
    'no-current-shelf',
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
  /** money.*, quotations.* and returns.*: a document whose status no longer allows the change. */
  documents: ['voided', 'approved'],
  outbox: ['not-withdrawable', 'not-parked'],
  print: ['prompt-pay-id', 'labels-too-many', 'label-code-too-wide', 'label-code-not-printable'],
} as const;

export type RefusalArea = keyof typeof REFUSAL_REASONS_BY_AREA;

/**
 * The reasons a call may refuse with when its contract entry lists none of its own (`reasons`): those of
 * the areas named here for the first word of its name. A call area left out refuses with no reason
 * unless a call lists its own (print.*, labels.*, papers.* and contacts.* list theirs per call). `CallReason` in
 * contract.ts reads this; the page's switch over a call's reasons is checked against it.
 */
export const CALL_AREA_REFUSALS = {
  counting: ['counting'],
  shelves: ['shelves'],
  cycle: ['cycle', 'counting'],
  live: ['live', 'counting'],
  profiles: ['keychain', 'profiles'],
  profile: ['keychain', 'profiles'],
  demo: ['keychain', 'profiles'],
  catalogue: ['catalogue'],
  serials: ['catalogue'],
  bundles: ['catalogue'],
  stockMoves: ['stockMoves'],
  files: ['files'],
  money: ['documents'],
  documents: ['documents'],
  returns: ['documents'],
  outbox: ['outbox'],
} as const satisfies Readonly<Record<string, readonly RefusalArea[]>>;
export type CallAreaWithReasons = keyof typeof CALL_AREA_REFUSALS;
/** The reasons one area's calls may refuse with. */
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
