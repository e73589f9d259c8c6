// Issue 24, shelves in a live count (decisions 0013 and 0021): a member's changes carry the shelves its
// units are on, and its shelf visits (enter, empty) travel to the host in the same sequence.
//
// - `live_count_changes` is rebuilt once more: a row is a product's change, a code's, or (new) a shelf
//   visit (`shelf_code` and `visit`, no line, no figure); exactly one of the three. A line's change is
//   also written when only its events changed (a set of the same figure on another shelf moves units
//   between shelves and leaves `counted` alone), so a move between shelves travels too.
// - On the host, `live_count_member_codes` remembers the line a member's part of a code sits on (the
//   host's unknown line of the code, or the product line the host's catalogue knows the code as) and
//   how many units one of the code stands for there (a pack); `live_count_member_code_shelves` keeps
//   that part per shelf ('' for no shelf), as `count_merge_shelves` does per product, so a change
//   applied again adds nothing on any shelf.
import type { Migration } from './migration.js';

const NEXT_SEQ = `(SELECT COALESCE(MAX(seq), 0) + 1 FROM live_count_changes WHERE session_id = NEW.session_id)`;
const MEMBER = `EXISTS (SELECT 1 FROM live_count_memberships WHERE session_id = NEW.session_id)`;
const figure = (row: 'NEW' | 'OLD') =>
  `(CASE WHEN ${row}.unknown_state = 'open' THEN ${row}.counted ELSE 0 END)`;

const SCHEMA = `
  DROP TRIGGER live_count_line_inserted;
  DROP TRIGGER live_count_line_changed;
  DROP TRIGGER live_count_code_inserted;
  DROP TRIGGER live_count_code_changed;

  CREATE TABLE live_count_changes_0029 (
    session_id TEXT NOT NULL REFERENCES count_sessions (id),
    seq        INTEGER NOT NULL,
    product_id INTEGER,
    code       TEXT,
    line_id    INTEGER REFERENCES count_lines (id),
    counted    REAL,
    shelf_code TEXT,
    visit      TEXT CHECK (visit IN ('enter', 'empty')),
    CHECK ((product_id IS NOT NULL) + (code IS NOT NULL) + (visit IS NOT NULL) = 1),
    CHECK ((visit IS NULL) = (line_id IS NOT NULL AND counted IS NOT NULL)),
    CHECK ((visit IS NULL) = (shelf_code IS NULL)),
    PRIMARY KEY (session_id, seq)
  ) STRICT, WITHOUT ROWID;
  INSERT INTO live_count_changes_0029 (session_id, seq, product_id, code, line_id, counted)
  SELECT session_id, seq, product_id, code, line_id, counted FROM live_count_changes;
  DROP TABLE live_count_changes;
  ALTER TABLE live_count_changes_0029 RENAME TO live_count_changes;

  CREATE TRIGGER live_count_line_inserted AFTER INSERT ON count_lines
  WHEN NEW.kind = 'product' AND NEW.counted <> 0 AND ${MEMBER}
  BEGIN
    INSERT INTO live_count_changes (session_id, seq, product_id, line_id, counted)
    VALUES (NEW.session_id, ${NEXT_SEQ}, NEW.product_id, NEW.id, NEW.counted);
  END;

  CREATE TRIGGER live_count_line_changed AFTER UPDATE OF counted, live_events ON count_lines
  WHEN NEW.kind = 'product' AND (NEW.counted IS NOT OLD.counted OR NEW.live_events IS NOT OLD.live_events)
    AND ${MEMBER}
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

  CREATE TRIGGER live_count_code_changed AFTER UPDATE OF counted, unknown_state, live_events ON count_lines
  WHEN NEW.kind = 'unknown' AND NEW.code IS NOT NULL
    AND (${figure('NEW')} IS NOT ${figure('OLD')}
         OR (NEW.unknown_state = 'open' AND NEW.live_events IS NOT OLD.live_events))
    AND ${MEMBER}
  BEGIN
    INSERT INTO live_count_changes (session_id, seq, code, line_id, counted)
    VALUES (NEW.session_id, ${NEXT_SEQ}, NEW.code, NEW.id, ${figure('NEW')});
  END;

  CREATE TRIGGER live_count_shelf_visited AFTER INSERT ON count_shelf_visits
  WHEN ${MEMBER}
  BEGIN
    INSERT INTO live_count_changes (session_id, seq, shelf_code, visit)
    VALUES (NEW.session_id, ${NEXT_SEQ}, NEW.shelf_code, NEW.kind);
  END;

  -- NULL: a part applied before 0029, which sits on the host's unknown line of the code.
  ALTER TABLE live_count_member_codes ADD COLUMN line_id INTEGER REFERENCES count_lines (id);
  ALTER TABLE live_count_member_codes ADD COLUMN units REAL NOT NULL DEFAULT 1 CHECK (units > 0);

  CREATE TABLE live_count_member_code_shelves (
    session_id     TEXT NOT NULL REFERENCES count_sessions (id),
    source_session TEXT NOT NULL,
    code           TEXT NOT NULL,
    shelf_code     TEXT NOT NULL,
    counted        REAL NOT NULL CHECK (counted >= 0),
    PRIMARY KEY (session_id, source_session, code, shelf_code)
  ) STRICT, WITHOUT ROWID;
`;

export const liveCountShelvesMigration: Migration = {
  version: 29,
  name: '0029-live-count-shelves',
  up(db) {
    db.exec(SCHEMA);
  },
};
