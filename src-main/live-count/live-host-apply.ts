// A member's batch of changes applied on the host (decision 0013): strictly in sequence per member —
// at or below what it applied is a duplicate, past the next one a gap the member fills by resending —
// each as that member's part (CountingService.applyMemberFigures), and the member's new sequence in
// the same transaction.
import type { Database } from 'better-sqlite3';
import { MemberShelfMissingError, type CountingService } from '../counting/index.js';
import type { LiveChange, MemberMessage } from './live-protocol.js';
import { liveStatements, type MemberRow } from './live-store.js';

/** Why a member's next change waits: the counting refusal's words, and the shelf when it is one. */
export interface Blocked {
  readonly why: string;
  readonly shelf: string | undefined;
}

/**
 * Applies what follows the member's applied sequence, in order, and records how far it got. One
 * transaction (one fsync) for the batch, a savepoint per change: what applies before a refused change
 * is kept, and the refused one waits (strict order) for the next resend.
 */
export function applyInOrder(
  host: {
    readonly db: Database;
    readonly counting: CountingService;
    readonly sessionId: string;
    readonly now: number;
  },
  member: MemberRow & { readonly member_session_id: string },
  message: Extract<MemberMessage, { t: 'changes' }>,
): { blocked: Blocked | undefined; through: number } {
  const { db, counting, sessionId, now } = host;
  const statements = liveStatements(db);
  let next = member.applied_seq;
  const figures: LiveChange[] = [];
  for (const change of [...message.changes].sort((a, b) => a.seq - b.seq)) {
    if (change.seq <= next) continue; // a duplicate: applied already
    if (change.seq !== next + 1) break; // a gap: the member resends from applied + 1
    figures.push(change);
    next = change.seq;
  }
  const source = { sessionId: member.member_session_id, label: member.label };
  let through = member.applied_seq;
  let blocked: Blocked | undefined;
  db.transaction(() => {
    for (const figure of figures) {
      try {
        db.transaction(() => counting.applyMemberFigures(sessionId, source, [figure]))();
      } catch (error) {
        blocked = {
          why: error instanceof Error ? error.message : String(error),
          shelf: error instanceof MemberShelfMissingError ? error.shelf : undefined,
        };
        break;
      }
      through = figure.seq;
    }
    statements.progress.run(through, message.latest, now, sessionId, member.member_id);
  }).immediate();
  return { blocked, through };
}
