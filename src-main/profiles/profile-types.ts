// A profile is one back office Stockroom can work with: where it is, which store, which warehouse to
// start in. Its API key and secret are not part of it: they live in the keychain under the profile's id.

import type { CallValue, PublicProfileValue } from '../../src-shared/ipc/index.js';
import type { CONNECTION_FAILURES } from '../../src-shared/ipc/schemas/profiles.js';

export { PROFILE_KINDS, type ProfileKind } from '../../src-shared/domain/vocabulary.js';
import type { ProfileKind } from '../../src-shared/domain/vocabulary.js';

export interface Profile {
  /** A UUID; also the keychain account of the profile's secrets. */
  readonly id: string;
  readonly displayName: string;
  /** Normalised: http(s), no trailing slash, no /v4 (the client adds it). */
  readonly baseUrl: string;
  readonly storename: string;
  readonly defaultWarehouseCode?: string;
  readonly kind: ProfileKind;
  /** ISO 8601, UTC. */
  readonly createdAt: string;
}

/**
 * What leaves main (IPC, logs): the contract's shape, as a fresh frozen copy of the known fields, so
 * nothing else rides along.
 */
export type PublicProfile = Readonly<PublicProfileValue>;

export function toPublicProfile(profile: Profile): PublicProfile {
  return Object.freeze({
    id: profile.id,
    displayName: profile.displayName,
    baseUrl: profile.baseUrl,
    storename: profile.storename,
    defaultWarehouseCode: profile.defaultWarehouseCode ?? null,
    kind: profile.kind,
    createdAt: profile.createdAt,
  });
}

export interface NewProfileInput {
  readonly displayName: string;
  readonly baseUrl: string;
  readonly storename: string;
  readonly defaultWarehouseCode?: string | null;
  /** Default 'store'. */
  readonly kind?: ProfileKind;
  readonly apikey: string;
  readonly apisecret: string;
}

/** Fields left out stay as they are; `defaultWarehouseCode: null` (or '') clears it. */
export interface ProfileChanges {
  readonly displayName?: string;
  readonly baseUrl?: string;
  readonly storename?: string;
  readonly defaultWarehouseCode?: string | null;
  /** Either or both; the one left out keeps its stored value. */
  readonly apikey?: string;
  readonly apisecret?: string;
}

/** Test what a person typed before saving, or a saved profile. */
export type ConnectionTarget =
  | {
      readonly baseUrl: string;
      readonly storename: string;
      readonly apikey: string;
      readonly apisecret: string;
    }
  | { readonly profileId: string };

export type ConnectionFailure = (typeof CONNECTION_FAILURES)[number];

/** The merchant's name, or why the test failed in words for people (the contract's shape). */
export type ConnectionTestResult = CallValue<'profiles.testConnection'>;

/** What happened to the keychain entry when a profile was removed: deleted, absent, or no keychain. */
export type RemovedSecrets = RemoveResult['keychainEntry'];

/** The profile and its keychain entry; the store's data on the PC is removed by services/store-removal. */
export type RemoveResult = Omit<CallValue<'profiles.remove'>, 'storeData'>;

/** One line for the app's log. Holds ids, names and addresses: never a key or secret. */
export type ProfileEvent =
  | {
      readonly type: 'added' | 'edited' | 'switched';
      readonly profile: PublicProfile;
      readonly secretsChanged?: boolean;
    }
  | { readonly type: 'removed'; readonly profile: PublicProfile; readonly secrets: RemovedSecrets }
  | {
      readonly type: 'connection-tested';
      readonly profileId?: string;
      readonly baseUrl: string;
      readonly outcome: 'ok' | ConnectionFailure;
    };
