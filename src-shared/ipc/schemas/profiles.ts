// Store profiles. The API key and secret appear ONLY as inputs (add, edit, test connection): no result
// or event schema has a field for them, and result objects are stripped to their schema's fields.
import { z } from 'zod';
import { PROFILE_KINDS } from '../../domain/vocabulary.js';
import { EMPTY_ARGS, requiredText, shortText, uuidLike } from './common.js';

export const publicProfile = z.object({
  id: z.string(),
  displayName: z.string(),
  baseUrl: z.string(),
  storename: z.string(),
  defaultWarehouseCode: z.string().nullable(),
  kind: z.enum(PROFILE_KINDS),
  /** ISO 8601, UTC. */
  createdAt: z.string(),
});
export type PublicProfileValue = z.output<typeof publicProfile>;

const secret = z.string().min(1).max(1024);
const baseUrl = requiredText(2048);
const warehouseCode = shortText(64).nullable();

/** Why the keychain cannot be used now: none here, locked, refused, or another error. */
export const KEYCHAIN_UNAVAILABLE_REASONS = ['no-keychain', 'locked', 'denied', 'error'] as const;

export const keychainStatus = z.union([
  z.object({ available: z.literal(true) }),
  z.object({
    available: z.literal(false),
    reason: z.enum(KEYCHAIN_UNAVAILABLE_REASONS),
    message: z.string(),
  }),
]);

/** Why a connection test failed; the page words each. */
export const CONNECTION_FAILURES = [
  'unreachable',
  'credentials',
  'quota',
  'server',
  /** The answer was larger than a v4 back office sends (issue 21): something else is at that address. */
  'tooLarge',
  'unexpected',
] as const;

export const connectionTestResult = z.union([
  z.object({ connected: z.literal(true), merchantName: z.string() }),
  z.object({
    connected: z.literal(false),
    failure: z.enum(CONNECTION_FAILURES),
    message: z.string(),
  }),
]);

const dataRemoval = z.enum(['deleted', 'absent', 'failed']);
const storeDataRemoval = z.object({
  database: dataRemoval,
  pictures: dataRemoval,
  discardedWrites: z.number().int().nonnegative(),
});

export const profileCalls = {
  /** Every profile, and which one is active. */
  'profiles.list': {
    args: EMPTY_ARGS,
    result: z.object({ profiles: z.array(publicProfile), activeId: z.string().nullable() }),
  },
  'profiles.active': { args: EMPTY_ARGS, result: publicProfile.nullable() },
  /** Whether secrets can be stored now (the add form says so before anyone types a key). */
  'profiles.keychainStatus': { args: EMPTY_ARGS, result: keychainStatus },
  /** Adds a profile; with `activate` it also becomes the active one (its store starts). */
  'profiles.add': {
    args: z.strictObject({
      displayName: requiredText(100),
      baseUrl,
      storename: requiredText(200),
      defaultWarehouseCode: warehouseCode.optional(),
      apikey: secret,
      apisecret: secret,
      activate: z.boolean().default(false),
    }),
    result: publicProfile,
    reasons: ['no-keychain', 'locked', 'denied', 'error', 'unreadable-entry', 'too-large'],
  },
  /** Fields left out stay; a secret left out keeps its stored value; `defaultWarehouseCode: null` clears it. */
  'profiles.edit': {
    args: z.strictObject({
      profileId: uuidLike,
      changes: z.strictObject({
        displayName: requiredText(100).optional(),
        baseUrl: baseUrl.optional(),
        storename: requiredText(200).optional(),
        defaultWarehouseCode: warehouseCode.optional(),
        apikey: secret.optional(),
        apisecret: secret.optional(),
      }),
    }),
    result: publicProfile,
    reasons: ['no-keychain', 'locked', 'denied', 'error', 'unreadable-entry', 'too-large'],
  },
  /**
   * Removes the profile, its keychain entry, its database and its picture cache; the active one's store
   * stops first. Refused ('conflict', reason 'unsent-writes') while its outbox holds writes not sent,
   * unless `discardUnsent` (the person confirmed, told how many by profiles.removalPreview).
   */
  'profiles.remove': {
    args: z.strictObject({ profileId: uuidLike, discardUnsent: z.boolean().default(false) }),
    // What happened to the keychain entry (its state, never its content) and to the data on this PC.
    result: z.object({
      profile: publicProfile,
      keychainEntry: z.enum(['deleted', 'absent', 'no-keychain']),
      storeData: storeDataRemoval,
    }),
    reasons: ['no-keychain', 'locked', 'denied', 'error', 'unreadable-entry', 'too-large', 'unsent-writes'],
  },
  /** What removing the profile would delete from this PC, and how many writes not sent with it. */
  'profiles.removalPreview': {
    args: z.strictObject({ profileId: uuidLike }),
    result: z.object({
      unsentWrites: z.number().int().nonnegative(),
      database: z.boolean(),
      pictures: z.boolean(),
    }),
  },
  /** Makes the profile active: the current store stops cleanly, the chosen one starts. */
  'profiles.switch': {
    args: z.strictObject({ profileId: uuidLike }),
    result: publicProfile,
    reasons: ['no-keychain', 'locked', 'denied', 'error', 'unreadable-entry', 'too-large'],
  },
  /** One merchant-profile call: what a person typed (before saving) or a saved profile. */
  'profiles.testConnection': {
    args: z.union([
      z.strictObject({ profileId: uuidLike }),
      z.strictObject({ baseUrl, storename: requiredText(200), apikey: secret, apisecret: secret }),
    ]),
    result: connectionTestResult,
    reasons: ['no-keychain', 'locked', 'denied', 'error', 'unreadable-entry'],
  },
  /** "Try the demo store": starts the embedded sandbox and makes its profile active. */
  'demo.start': {
    args: EMPTY_ARGS,
    result: publicProfile,
    reasons: ['no-keychain', 'locked', 'denied', 'error', 'unreadable-entry', 'too-large'],
  },
} as const;

/** The `profile.changed` event. */
export const profileChanged = z.object({
  change: z.enum(['added', 'edited', 'removed', 'switched', 'started', 'stopped']),
  active: publicProfile.nullable(),
  profiles: z.array(publicProfile),
});
