// What a committed count line was compared with at commit: the expected figure (local view) in the
// commit's own transaction, before the session's counts were queued. A committed session's review shows
// it and the drift it gives (expected at commit − counted against) for good, instead of today's local
// view, which after a commit holds the session's own queued counts (every changed line would look
// drifted) and, once they are done and pulled, the counted figures themselves.
// NULL on lines of sessions committed before this migration and on lines of open sessions.
import type { Migration } from './migration.js';

export const countFrozenExpectedMigration: Migration = {
  version: 5,
  name: '0005-count-frozen-expected',
  up(db) {
    db.exec('ALTER TABLE count_lines ADD COLUMN expected_at_commit REAL');
  },
};
