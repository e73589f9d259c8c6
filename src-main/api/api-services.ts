// What the call handlers need from main's services. src-main/services implements it; tests implement
// it with spies. Every method returns the contract's own shape (src-shared/ipc/schemas), so a handler
// only forwards arguments: it is transport, never a mapping.
import type {
  AppSettings,
  Budget,
  CallValue,
  Connectivity,
  ParsedCallArgs,
  SyncStatus,
} from '../../src-shared/ipc/index.js';
import type { CatalogueService } from '../catalog/catalogue.service.js';
import type { ContactsService } from '../contacts/index.js';
import type { CountingService } from '../counting/index.js';
import type { DocumentsService } from '../documents/index.js';
import type { MoneyService } from '../money/index.js';
import type { Outbox } from '../outbox/index.js';
import type { RemovalPreview, StoreRemovalResult } from '../services/store-removal.js';
import type {
  ConnectionTarget,
  ConnectionTestResult,
  NewProfileInput,
  ProfileChanges,
  PublicProfile,
} from '../profiles/index.js';

/** The open store of the active profile: its services, never its database. */
export interface ActiveStore {
  readonly profile: PublicProfile;
  readonly catalogue: CatalogueService;
  readonly counting: CountingService;
  readonly money: MoneyService;
  readonly documents: DocumentsService;
  readonly outbox: Outbox;
  readonly contacts: ContactsService;
  budget(): Budget;
  syncStatus(): SyncStatus;
  /** Ends the scheduler's wait (due jobs run now); answers the status after that. */
  syncNow(): SyncStatus;
}

export interface ApiServices {
  listProfiles(): CallValue<'profiles.list'>;
  activeProfile(): PublicProfile | null;
  keychainStatus(): Promise<CallValue<'profiles.keychainStatus'>>;
  addProfile(input: NewProfileInput, activate: boolean): Promise<PublicProfile>;
  editProfile(profileId: string, changes: ProfileChanges): Promise<PublicProfile>;
  /** Also deletes the store's database and pictures; refused while writes are unsent unless `discardUnsent`. */
  removeProfile(profileId: string, discardUnsent: boolean): Promise<StoreRemovalResult>;
  /** What removing would delete, and how many unsent writes with it. */
  removalPreview(profileId: string): Promise<RemovalPreview>;
  switchProfile(profileId: string): Promise<PublicProfile>;
  testConnection(target: ConnectionTarget): Promise<ConnectionTestResult>;
  startDemo(): Promise<PublicProfile>;
  /** The active store once any switch in progress has finished; refuses with 'no-profile' without one. */
  store(): Promise<ActiveStore>;
  /** The open store's (after any switch in progress); 'no-profile', or 'stopped' when it could not open. */
  syncStatus(): Promise<SyncStatus>;
  /** The open store's request budget; null with no store, or one that could not open. */
  budget(): Promise<Budget | null>;
  connectivity(): Connectivity;
  getSettings(): AppSettings;
  setSettings(changes: ParsedCallArgs<'settings.set'>): AppSettings;
}
