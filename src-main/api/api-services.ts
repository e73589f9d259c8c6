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
import type { CycleCountingService } from '../counting/cycle-counting.service.js';
import type { LiveCountService } from '../live-count/live-count.service.js';
import type { DocumentsService } from '../documents/index.js';
import type { FilesService } from '../files/files.service.js';
import type { MoneyService } from '../money/index.js';
import type { BundleService } from '../bundles/index.js';
import type { ProductPictures } from '../catalog/pictures/index.js';
import type { SerialNumbers } from '../catalog/serials/index.js';
import type { Outbox } from '../outbox/index.js';
import type { PrintingService } from '../printing/index.js';
import type { StockMovesService } from '../stock-moves/index.js';
import type { Returns } from '../returns/index.js';
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
  /** Counting together live: host, join, presence (decision 0013). */
  readonly live: LiveCountService;
  /** Cycle counting: what to count next, accuracy (decision 0020). */
  readonly cycle: CycleCountingService;
  readonly money: MoneyService;
  readonly documents: DocumentsService;
  /** Return purchase orders: the service (reads, create) and the writes on an order. */
  readonly returns: Pick<Returns, 'service' | 'actions'>;
  readonly outbox: Outbox;
  readonly contacts: ContactsService;
  readonly printing: PrintingService;
  readonly stockMoves: StockMovesService;
  readonly files: FilesService;
  readonly bundles: BundleService;
  readonly pictures: ProductPictures;
  readonly serials: SerialNumbers;
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
  removeProfile(profileId: string, discardUnsent: boolean): Promise<CallValue<'profiles.remove'>>;
  /** What removing would delete, and how many unsent writes with it. */
  removalPreview(profileId: string): Promise<CallValue<'profiles.removalPreview'>>;
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
  /** The app window's print view as a PDF, where the shell can make one (`available: false` otherwise). */
  savePdf(fileName: string): Promise<CallValue<'print.savePdf'>>;
}
