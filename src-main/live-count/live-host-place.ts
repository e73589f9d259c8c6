// Where a join lands on the host (decision 0013, protocol 4, migration 0030): a new member row with a
// new rejoin secret, or the row of the same attempt's earlier try whose welcome never reached the
// member (it never spoke), given a new secret; a retry of an attempt whose member has spoken or was
// ended is refused (that member had its welcome).
import { randomBytes, randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { Logger } from '../logging/index.js';
import { registrationRecordFor } from './live-handshake.js';
import type { JoinMessage } from './live-protocol.js';
import { liveStatements } from './live-store.js';

export interface PlacedMember {
  readonly memberId: string;
  /** Sent once, in the welcome; the host keeps only its OPAQUE record. */
  readonly memberSecret: string;
}

export interface PlaceContext {
  readonly db: Database;
  /** The host's count session. */
  readonly sessionId: string;
  readonly serverSetup: string;
  readonly now: number;
  readonly logger: Logger | undefined;
}

/** The member row of a join, or undefined when the join is refused. */
export function placeJoin(context: PlaceContext, join: JoinMessage): PlacedMember | undefined {
  const { db, sessionId, serverSetup, now, logger } = context;
  const statements = liveStatements(db);
  const memberSecret = randomBytes(32).toString('base64url');
  const earlier = statements.memberByAttempt.get(sessionId, join.attempt);
  if (earlier === undefined) {
    const memberId = randomUUID();
    const record = registrationRecordFor(serverSetup, memberId, memberSecret);
    statements.insertMember.run(sessionId, memberId, join.label, record, join.attempt, now, now);
    return { memberId, memberSecret };
  }
  if (earlier.member_session_id !== null || earlier.state === 'final' || earlier.state === 'released') {
    logger?.warn('live count: a join named an attempt whose member already counts; refused', {
      memberId: earlier.member_id,
    });
    return undefined;
  }
  const record = registrationRecordFor(serverSetup, earlier.member_id, memberSecret);
  statements.rewelcome.run(record, join.label, now, sessionId, earlier.member_id);
  logger?.warn('live count: a join was tried again after its welcome was lost; same member', {
    memberId: earlier.member_id,
    label: join.label,
  });
  return { memberId: earlier.member_id, memberSecret };
}
