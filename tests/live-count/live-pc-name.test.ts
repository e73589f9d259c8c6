// This PC's name as other PCs see it in a live count is the PC-name setting (issue 23): two PCs, each a
// store database and an app database of its own (real SQLite files), their live-count services reading
// the name from their settings as the app does, over loopback. The host lists the member under the
// member's saved name (and names it in the live-scans-pending refusal), the member sees the host under
// the host's; a rename reaches the host at the member's next attach (a reconnect), not before; the
// longest name the setting takes goes through the welcome and the attach. The count
// file a PC exports is labelled with the name too (a display name); numbering is not touched here.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CountingService } from '../../src-main/counting/index.js';
import { LiveCountService } from '../../src-main/live-count/live-count.service.js';
import { silentLogger } from '../../src-main/logging/index.js';
import { isRefusal } from '../../src-main/refusal/refusal.js';
import { SettingsRepository } from '../../src-main/services/settings.repository.js';
import { PC_NAME_MAX_LENGTH } from '../../src-shared/domain/live-join.js';
import { MAX_SESSION_NAME_LENGTH } from '../../src-shared/ipc/schemas/counting.js';
import { openCountingFixture, WAREHOUSE } from '../counting/support/counting-fixture.js';
import { WAIT } from './support/live-pcs.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A PC: its store database, its app database's settings with `pcName` saved, and live-count services. */
function pc(pcName: string) {
  const folder = mkdtempSync(join(tmpdir(), 'stockroom-live-pc-name-'));
  const appDb = new Database(join(folder, 'app.db'));
  const settings = new SettingsRepository(appDb, Date.now, () => 'DESKTOP-7F3K2Q');
  settings.set({ pcName });
  const fixture = openCountingFixture();
  fixture.seed([{ id: 1, sku: 'A', stock: 10 }]);
  const counting = new CountingService(fixture.db, { pcName: () => settings.pcName() });
  cleanups.push(() => {
    fixture.close();
    appDb.close();
    rmSync(folder, { recursive: true, force: true });
  });
  const service = () => {
    const started = new LiveCountService({
      db: fixture.db,
      counting,
      label: () => settings.pcName(),
      logger: silentLogger,
      listen: { host: '127.0.0.1', port: 0 },
      onChanged: () => undefined,
    });
    cleanups.push(() => started.close());
    return started;
  };
  return { settings, counting, live: service(), restarted: service };
}

function commitRefusal(counting: CountingService, sessionId: string) {
  try {
    counting.commit({ sessionId });
  } catch (error) {
    if (isRefusal(error)) return { reason: error.reason, message: error.message };
    throw error;
  }
  return null;
}

describe('a live count names each PC by the PC-name setting', () => {
  it('lists the member under its saved name, renamed at its next attach; the host under its own', async () => {
    const hostName = 'Stock office – '.padEnd(PC_NAME_MAX_LENGTH, 'ห');
    const host = pc(hostName);
    const member = pc('ชั้น 2 – Aisle 3');
    // The longest PC name and the longest session name: the host's label `<PC name>: <session name>`
    // is longer than a session name may be, and the member's session takes the session's own name.
    const sessionName = 'S'.repeat(MAX_SESSION_NAME_LENGTH);
    const hostSession = host.counting.createSession({ warehouseCode: WAREHOUSE, name: sessionName }).id;
    const hosted = await host.live.host({ sessionId: hostSession });

    const joined = await member.live.join({
      address: hosted.host?.address ?? '',
      code: hosted.host?.code ?? '',
    });
    const memberSession = joined.sessionId;
    expect(joined.member?.hostLabel).toBe(`${hostName}: ${sessionName}`);
    expect(member.counting.session(memberSession).name).toBe(sessionName);
    const labels = () => host.live.status({ sessionId: hostSession }).host?.members.map((m) => m.label);
    await vi.waitFor(() => {
      expect(labels()).toEqual(['ชั้น 2 – Aisle 3']);
    }, WAIT);
    expect(commitRefusal(host.counting, hostSession)).toEqual({
      reason: 'live-scans-pending',
      message: expect.stringContaining('(ชั้น 2 – Aisle 3)'),
    });

    // Renamed: the host learns it at the member's next attach, not with its scans.
    member.settings.set({ pcName: 'Aisle 4' });
    member.counting.scan({ sessionId: memberSession, code: 'A', counter: 'Anan', quantity: 2 });
    await vi.waitFor(() => {
      expect(host.live.status({ sessionId: hostSession }).host?.members[0]?.appliedSeq).toBe(1);
    }, WAIT);
    expect(labels()).toEqual(['ชั้น 2 – Aisle 3']);

    await member.live.close(); // the member PC restarts: it attaches again
    await member.restarted().resume();
    await vi.waitFor(() => {
      expect(labels()).toEqual(['Aisle 4']);
      expect(host.live.status({ sessionId: hostSession }).host?.members[0]?.connected).toBe(true);
    }, WAIT);

    // The count file this PC would hand over carries the name too.
    const file = JSON.parse(member.counting.exportSession(memberSession, false).text) as {
      source: { label: string };
    };
    expect(file.source.label).toBe(`Aisle 4: ${sessionName}`);
  });
});
