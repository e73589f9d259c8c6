// Profiles for the app shell and IPC: the service, the app database, and the public shapes.
export { openAppDatabase } from './app-database.js';
export { CONNECTION_TEST_TIMEOUTS } from './connection-test.js';
export {
  isProfileError,
  ProfileError,
  type FieldIssue,
  type ProfileErrorCode,
  type ProfileField,
} from './profile-errors.js';
export { ProfileService, type ProfileClientOptions, type ProfileServiceOptions } from './profile.service.js';
export {
  toPublicProfile,
  type ConnectionFailure,
  type ConnectionTarget,
  type ConnectionTestResult,
  type NewProfileInput,
  type Profile,
  type ProfileChanges,
  type ProfileEvent,
  type ProfileKind,
  type PublicProfile,
  type RemovedSecrets,
  type RemoveResult,
} from './profile-types.js';
export { MAX_SECRET_LENGTH, normaliseBaseUrl } from './profile-validation.js';
