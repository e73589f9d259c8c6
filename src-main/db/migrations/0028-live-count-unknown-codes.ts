// Issue 23, unknown codes from live members (decision 0013): a member's unknown-code line travels to
// the host like a product line. `live_count_changes` is rebuilt with a nullable `product_id` and a
// `code` (exactly one of them), and triggers on unknown lines write the code's figure — its counted
// units while open, 0 once resolved or discarded (a resolution's units then travel as the product's
// change) — under the same per-session sequence, in the scan's own transaction.
// On the host, `live_count_member_codes` keeps each member's part per code, as `count_merges` does per
// product, so a change applied twice adds nothing.
import type { Migration } from './migration.js';

const NEXT_SEQ = `(SELECT COALESCE(MAX(seq), 0) + 1 FROM live_count_changes WHERE session_id = NEW.session_id)`;
const MEMBER = `EXISTS (SELECT 1 FROM live_count_memberships WHERE session_id = NEW.session_id)`;
const figure = (row: 'NEW' | 'OLD') =>
  `(CASE WHEN ${row}.unknown_state = 'open' THEN ${row}.counted ELSE 0 END)`;

const SCHEMA = `
  DROP TRIGGER live_count_line_inserted;
  DROP TRIGGER live_count_line_changed;

  CREATE TABLE live_count_changes_0028 (
    session_id TEXT NOT NULL REFERENCES count_sessions (id),
    seq        INTEGER NOT NULL,
    product_id INTEGER,
    code       TEXT,
    line_id    INTEGER NOT NULL REFERENCES count_lines (id),
    counted    REAL NOT NULL,
    CHECK ((product_id IS NULL) <> (code IS NULL)),
    PRIMARY KEY (session_id, seq)
  ) STRICT, WITHOUT ROWID;
  INSERT INTO live_count_changes_0028 (session_id, seq, product_id, code, line_id, counted)
  SELECT session_id, seq, product_id, NULL, line_id, counted FROM live_count_changes;
  DROP TABLE live_count_changes;
  ALTER TABLE live_count_changes_0028 RENAME TO live_count_changes;

  CREATE TRIGGER live_count_line_inserted AFTER INSERT ON count_lines
  WHEN NEW.kind = 'product' AND NEW.counted <> 0 AND ${MEMBER}
  BEGIN
    INSERT INTO live_count_changes (session_id, seq, product_id, line_id, counted)
    VALUES (NEW.session_id, ${NEXT_SEQ}, NEW.product_id, NEW.id, NEW.counted);
  END;

  CREATE TRIGGER live_count_line_changed AFTER UPDATE OF counted ON count_lines
  WHEN NEW.kind = 'product' AND NEW.counted IS NOT OLD.counted AND ${MEMBER}
  BEGIN
    INSERT INTO live_count_changes (session_id, seq, product_id, line_id, counted)
    VALUES (NEW.session_id, ${NEXT_SEQ}, NEW.product_id, NEW.id, NEW.counted);
  END;

  CREATE TRIGGER live_count_code_inserted AFTER INSERT ON count_lines
  WHEN NEW.kind = 'unknown' AND NEW.code IS NOT NULL AND ${figure('NEW')} <> 0 AND ${MEMBER}
  BEGIN
    INSERT INTO live_count_changes (session_id, seq, code, line_id, counted)
    VALUES (NEW.session_id, ${NEXT_SEQ}, NEW.code, NEW.id, ${figure('NEW')});
  END;

  CREATE TRIGGER live_count_code_changed AFTER UPDATE OF counted, unknown_state ON count_lines
  WHEN NEW.kind = 'unknown' AND NEW.code IS NOT NULL AND ${figure('NEW')} IS NOT ${figure('OLD')} AND ${MEMBER}
  BEGIN
    INSERT INTO live_count_changes (session_id, seq, code, line_id, counted)
    VALUES (NEW.session_id, ${NEXT_SEQ}, NEW.code, NEW.id, ${figure('NEW')});
  END;

  CREATE TABLE live_count_member_codes (
    session_id     TEXT NOT NULL REFERENCES count_sessions (id),
    source_session TEXT NOT NULL,
    source_label   TEXT NOT NULL,
    code           TEXT NOT NULL,
    counted        REAL NOT NULL,
    merged_at      INTEGER NOT NULL,
    PRIMARY KEY (session_id, source_session, code)
  ) STRICT, WITHOUT ROWID;
`;

export const liveCountUnknownCodesMigration: Migration = {
  version: 28,
  name: '0028-live-count-unknown-codes',
  up(db) {
    db.exec(SCHEMA);
  },
};
