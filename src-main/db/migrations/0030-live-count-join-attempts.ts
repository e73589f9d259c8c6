// Issue 23, a join whose welcome was lost (decision 0013): the member names its join attempt (sealed in
// its `finish`, protocol 4), and the host keeps it on the member's row. A retry of the same attempt
// (the welcome never came) gets the same row back with a new secret, rather than a second row for one
// PC: a row that never heard from its member would hold the host's commit until a person released it.
import type { Migration } from './migration.js';

const SCHEMA = `
  ALTER TABLE live_count_members ADD COLUMN join_attempt TEXT;
  CREATE UNIQUE INDEX live_count_members_attempt
    ON live_count_members (host_session_id, join_attempt) WHERE join_attempt IS NOT NULL;
`;

export const liveCountJoinAttemptsMigration: Migration = {
  version: 30,
  name: '0030-live-count-join-attempts',
  up(db) {
    db.exec(SCHEMA);
  },
};
