// A profile is one back office Stockroom can work with: where it is, which store, which warehouse to
// start in. Its API key and secret are not part of it: they live in the keychain under the profile's id.

export type ProfileKind =
  /** A real store's back office. */
  | 'store'
  /** The embedded sandbox with its demo store. */
  | 'demo';

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

/** What leaves main (IPC, logs): a fresh frozen copy of the known fields, so nothing else rides along. */
export type PublicProfile = Readonly<Profile>;

export function toPublicProfile(profile: Profile): PublicProfile {
  return Object.freeze({
    id: profile.id,
    displayName: profile.displayName,
    baseUrl: profile.baseUrl,
    storename: profile.storename,
    ...(profile.defaultWarehouseCode === undefined
      ? {}
      : { defaultWarehouseCode: profile.defaultWarehouseCode }),
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

export type ConnectionFailure =
  /** Nothing answered at the address, or something that is not a v4 back office did (HTTP 404…). */
  | 'unreachable'
  /** The back office refused the store name, key or secret. */
  | 'credentials'
  /** The store's daily request limit is used up. */
  | 'quota'
  /** The back office failed or timed out while answering. */
  | 'server'
  /** Anything else (an answer that is not v4, a local refusal). */
  | 'unexpected';

export type ConnectionTestResult =
  | { readonly ok: true; readonly merchantName: string }
  | { readonly ok: false; readonly failure: ConnectionFailure; readonly message: string };

/** What happened to the keychain entry when a profile was removed. */
export type RemovedSecrets =
  /** Deleted from the keychain. */
  | 'deleted'
  /** There was none (already gone). */
  | 'absent'
  /** No keychain is reachable on this machine, so there was nothing Stockroom could delete. */
  | 'no-keychain';

export interface RemoveResult {
  readonly profile: PublicProfile;
  readonly secrets: RemovedSecrets;
}

/** One line for the app's log. Holds ids, names and addresses: never a key or secret. */
export type ProfileEvent =
  | {
      readonly type: 'added' | 'edited' | 'switched';
      readonly profile: PublicProfile;
      readonly secretsChanged?: boolean;
    }
  | { readonly type: 'removed'; readonly profile: PublicProfile; readonly secrets: RemoveResult['secrets'] }
  | {
      readonly type: 'connection-tested';
      readonly profileId?: string;
      readonly baseUrl: string;
      readonly outcome: 'ok' | ConnectionFailure;
    };
