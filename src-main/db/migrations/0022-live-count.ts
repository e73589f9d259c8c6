// Issue 23, counting together live over the shop's network (decision 0013):
//
// - On a member PC, `live_count_memberships` says its session streams to a host, and a trigger writes
//   every change of one of its product lines' figure to `live_count_changes` with the session's next
//   sequence number, in the scan's own transaction: a change is on disk before it can be sent, and the
//   counting code needs no hook. The host acknowledges a sequence once it has applied it.
// - On the host PC, `live_count_members` keeps each member's last applied sequence (a frame at or below
//   it is a duplicate, one past it a gap) and the OPAQUE registration record of the member's rejoin
//   secret (the host never stores the secret). What a member contributed per product is in
//   `count_merges` under the member's session, the very bookkeeping a merged count file uses, so a
//   member's scans arrive once by either path.
// - Neither a member's session nor a host's with members still streaming can be committed: triggers
//   refuse it in the commit's own transaction (the outbox rows it queued roll back with it).
import type { Migration } from './migration.js';

const SCHEMA = `
  CREATE TABLE live_count_memberships (
    session_id      TEXT PRIMARY KEY REFERENCES count_sessions (id),
    host_address    TEXT NOT NULL,
    host_session_id TEXT NOT NULL,
    host_label      TEXT NOT NULL,
    member_id       TEXT NOT NULL,
    member_secret   TEXT NOT NULL,
    acked_seq       INTEGER NOT NULL DEFAULT 0,
    -- set when the host asked for the final flush: the session then takes no more scans
    closing_at      INTEGER,
    final_at        INTEGER,
    joined_at       INTEGER NOT NULL
  ) STRICT;

  CREATE TABLE live_count_changes (
    session_id TEXT NOT NULL REFERENCES count_sessions (id),
    seq        INTEGER NOT NULL,
    product_id INTEGER NOT NULL,
    line_id    INTEGER NOT NULL REFERENCES count_lines (id),
    counted    REAL NOT NULL,
    PRIMARY KEY (session_id, seq)
  ) STRICT, WITHOUT ROWID;

  CREATE TRIGGER live_count_line_inserted AFTER INSERT ON count_lines
  WHEN NEW.kind = 'product' AND NEW.counted <> 0
    AND EXISTS (SELECT 1 FROM live_count_memberships WHERE session_id = NEW.session_id)
  BEGIN
    INSERT INTO live_count_changes (session_id, seq, product_id, line_id, counted)
    VALUES (NEW.session_id,
      (SELECT COALESCE(MAX(seq), 0) + 1 FROM live_count_changes WHERE session_id = NEW.session_id),
      NEW.product_id, NEW.id, NEW.counted);
  END;

  CREATE TRIGGER live_count_line_changed AFTER UPDATE OF counted ON count_lines
  WHEN NEW.kind = 'product' AND NEW.counted IS NOT OLD.counted
    AND EXISTS (SELECT 1 FROM live_count_memberships WHERE session_id = NEW.session_id)
  BEGIN
    INSERT INTO live_count_changes (session_id, seq, product_id, line_id, counted)
    VALUES (NEW.session_id,
      (SELECT COALESCE(MAX(seq), 0) + 1 FROM live_count_changes WHERE session_id = NEW.session_id),
      NEW.product_id, NEW.id, NEW.counted);
  END;

  CREATE TRIGGER live_count_member_never_commits BEFORE UPDATE OF state ON count_sessions
  WHEN NEW.state = 'committed'
    AND EXISTS (SELECT 1 FROM live_count_memberships WHERE session_id = NEW.id)
  BEGIN
    SELECT RAISE(ABORT, 'live count: a member session is committed by its host only');
  END;

  CREATE TABLE live_count_hosts (
    session_id   TEXT PRIMARY KEY REFERENCES count_sessions (id),
    -- the host's OPAQUE key pair for this count (members' rejoin records are bound to it)
    server_setup TEXT NOT NULL,
    opened_at    INTEGER NOT NULL,
    ended_at     INTEGER
  ) STRICT;

  CREATE TABLE live_count_members (
    host_session_id     TEXT NOT NULL REFERENCES live_count_hosts (session_id),
    member_id           TEXT NOT NULL,
    label               TEXT NOT NULL,
    registration_record TEXT NOT NULL,
    member_session_id   TEXT,
    applied_seq         INTEGER NOT NULL DEFAULT 0,
    reported_seq        INTEGER NOT NULL DEFAULT 0,
    state               TEXT NOT NULL DEFAULT 'joined'
      CHECK (state IN ('joined', 'closing', 'final', 'released')),
    joined_at           INTEGER NOT NULL,
    last_seen_at        INTEGER NOT NULL,
    PRIMARY KEY (host_session_id, member_id)
  ) STRICT;
  CREATE UNIQUE INDEX live_count_members_session
    ON live_count_members (host_session_id, member_session_id) WHERE member_session_id IS NOT NULL;

  CREATE TRIGGER live_count_host_commits_after_flush BEFORE UPDATE OF state ON count_sessions
  WHEN NEW.state = 'committed'
    AND EXISTS (SELECT 1 FROM live_count_members
                 WHERE host_session_id = NEW.id AND state NOT IN ('final', 'released'))
  BEGIN
    SELECT RAISE(ABORT, 'live count: a member has not flushed its scans yet');
  END;
`;

export const liveCountMigration: Migration = {
  version: 22,
  name: '0022-live-count',
  up(db) {
    db.exec(SCHEMA);
  },
};
