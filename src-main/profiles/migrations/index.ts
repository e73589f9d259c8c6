// Migrations of the app-level database (profiles), separate from each store's database: this file
// exists before any store is chosen and outlives every store's file. Add at the end; never edit one.
import type { Migration } from '../../db/migrations/migration.js';
import { profilesMigration } from './0001-profiles.js';

export const appDatabaseMigrations: readonly Migration[] = [profilesMigration];
