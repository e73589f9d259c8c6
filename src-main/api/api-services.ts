// What the call handlers need from main's services. src-main/services implements it; tests implement
// it with spies. Handlers see only this, so they stay a thin, checkable mapping from the contract to
// service calls.
import type { AppSettings, Connectivity, ParsedCallArgs, SyncStatus } from '../../src-shared/ipc/index.js';
import type { RequestBudgetSnapshot } from '../backoffice/index.js';
import type { CatalogueLookup, WarehouseView } from '../catalog/catalogue-lookup.js';
import type { CountingService } from '../counting/index.js';
import type { KeychainStatus } from '../credentials/index.js';
import type { Database } from '../db/database.js';
import type { DriftPolicy, OperationState, Outbox } from '../outbox/index.js';
import type { RemovalPreview, StoreRemovalResult } from '../services/store-removal.js';
import type {
  ConnectionTarget,
  ConnectionTestResult,
  NewProfileInput,
  ProfileChanges,
  PublicProfile,
} from '../profiles/index.js';

export interface OutboxListing {
  readonly total: number;
  readonly items: readonly OutboxRowView[];
}

/** An outbox row as the list shows it (no payload). */
export interface OutboxRowView {
  readonly id: number;
  readonly kind: string;
  readonly state: OperationState;
  readonly warehouseCode: string | null;
  readonly productId: number | null;
  readonly sku: string | null;
  readonly change: string | null;
  readonly value: number | null;
  readonly countedAgainst: number | null;
  readonly policy: DriftPolicy | null;
  readonly sessionId: string | null;
  readonly attempts: number;
  readonly nextAttemptAt: number | null;
  readonly reasonCode: string | null;
  readonly reasonText: string | null;
  readonly outcome: string | null;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly finishedAt: number | null;
}

/** The open store of the active profile. */
export interface ActiveStore {
  readonly profile: PublicProfile;
  readonly db: Database;
  readonly lookup: CatalogueLookup;
  readonly counting: CountingService;
  readonly outbox: Outbox;
  warehouses(): WarehouseView[];
  budget(): RequestBudgetSnapshot;
  syncStatus(): SyncStatus;
  /** Ends the scheduler's wait: due jobs run now. */
  syncNow(): void;
  listOutbox(filter: ParsedCallArgs<'outbox.list'>): OutboxListing;
}

export interface ApiServices {
  listProfiles(): { profiles: PublicProfile[]; activeId: string | null };
  activeProfile(): PublicProfile | null;
  keychainStatus(): Promise<KeychainStatus>;
  addProfile(input: NewProfileInput, activate: boolean): Promise<PublicProfile>;
  editProfile(profileId: string, changes: ProfileChanges): Promise<PublicProfile>;
  /** Also deletes the store's database and pictures; refused while writes are unsent unless `discardUnsent`. */
  removeProfile(profileId: string, discardUnsent: boolean): Promise<StoreRemovalResult>;
  /** What removing would delete, and how many unsent writes with it. */
  removalPreview(profileId: string): Promise<RemovalPreview>;
  switchProfile(profileId: string): Promise<PublicProfile>;
  testConnection(target: ConnectionTarget): Promise<ConnectionTestResult>;
  startDemo(): Promise<PublicProfile>;
  /** The active store once any switch in progress has finished; throws ApiError('no-profile') without one. */
  store(): Promise<ActiveStore>;
  /** The open store's (after any switch in progress); 'no-profile', or 'stopped' when it could not open. */
  syncStatus(): Promise<SyncStatus>;
  connectivity(): Connectivity;
  getSettings(): AppSettings;
  setSettings(changes: ParsedCallArgs<'settings.set'>): AppSettings;
}
