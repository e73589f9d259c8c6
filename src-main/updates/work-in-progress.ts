// What the open store is doing that an update must not cut short, read through the API the page uses:
// outbox writes on their way (state 'sending') and count sessions open and not committed. No store open
// counts as nothing in progress; a call that fails leaves the state unknown (the policy then waits).
import type { ApiCore } from '../api/index.js';
import type { WorkInProgress } from './update-policy.js';

export async function readWorkInProgress(api: Pick<ApiCore, 'call'>): Promise<WorkInProgress | undefined> {
  const [outbox, sessions] = await Promise.all([
    api.call('outbox.summary', {}, 'ipc'),
    api.call('counting.listSessions', { state: 'open' }, 'ipc'),
  ]);
  const noStore = (result: typeof outbox) => !result.ok && result.error.code === 'no-profile';
  if ((!outbox.ok && !noStore(outbox)) || (!sessions.ok && !noStore(sessions))) return undefined;
  return {
    outboxSending: outbox.ok ? (outbox.value as { sending: number }).sending : 0,
    openCounts: sessions.ok ? (sessions.value as unknown[]).length : 0,
  };
}
