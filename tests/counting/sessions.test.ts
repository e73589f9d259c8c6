import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CountingError, CountingService } from '../../src-main/counting/index.js';
import {
  openCountingFixture,
  OTHER_WAREHOUSE,
  WAREHOUSE,
  type CountingFixture,
} from './support/counting-fixture.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('count sessions', () => {
  let fixture: CountingFixture;
  beforeEach(() => {
    fixture = openCountingFixture();
    fixture.seed([
      { id: 1, barcode: '8850000000011', stock: 10 },
      { id: 2, barcode: '8850000000028', stock: 4 },
    ]);
  });
  afterEach(() => fixture.close());

  it('opens on a known warehouse with the defaults: not blind, drift policy ask, a name from the warehouse and Thai time', () => {
    const session = fixture.service.createSession({ warehouseCode: WAREHOUSE });
    expect(session).toMatchObject({
      warehouseCode: WAREHOUSE,
      blind: false,
      driftPolicy: 'ask',
      state: 'open',
      createdAt: fixture.now,
      closedAt: null,
      name: `${WAREHOUSE} 2025-01-06 10:00`,
      progress: { linesCounted: 0, units: 0, unknownCodes: 0 },
    });
    expect(session.id).toMatch(UUID);
  });

  it('keeps the name, blind flag and policy it was given', () => {
    const session = fixture.service.createSession({
      warehouseCode: OTHER_WAREHOUSE,
      name: '  นับสต็อกสิ้นเดือน  ',
      blind: true,
      driftPolicy: 'keepDifference',
    });
    expect(session).toMatchObject({ name: 'นับสต็อกสิ้นเดือน', blind: true, driftPolicy: 'keepDifference' });
    expect(fixture.service.session(session.id)).toEqual(session);
  });

  it('refuses a warehouse the catalogue does not know, and a policy that does not exist', () => {
    expect(() => fixture.service.createSession({ warehouseCode: 'W0099' })).toThrow(/No warehouse "W0099"/);
    expect(() =>
      fixture.service.createSession({ warehouseCode: WAREHOUSE, driftPolicy: 'guess' as never }),
    ).toThrow(CountingError);
    expect(fixture.service.listSessions()).toEqual([]);
  });

  it('lists sessions newest first with progress: product lines counted, units and unknown codes', () => {
    fixture.service.createSession({ warehouseCode: WAREHOUSE, name: 'first' });
    fixture.tick();
    const second = fixture.service.createSession({ warehouseCode: WAREHOUSE, name: 'second' });
    const scan = (code: string, quantity?: number) =>
      fixture.service.scan({ sessionId: second.id, code, counter: 'Somchai', quantity });
    scan('8850000000011');
    scan('8850000000011');
    scan('SKU-2', 2.5);
    scan('NOPE-1');
    scan('NOPE-1');
    scan('NOPE-2');

    const listed = fixture.service.listSessions();
    expect(listed.map((session) => session.name)).toEqual(['second', 'first']);
    expect(listed[0]?.progress).toEqual({ linesCounted: 2, units: 4.5, unknownCodes: 2 });
    expect(listed[1]?.progress).toEqual({ linesCounted: 0, units: 0, unknownCodes: 0 });
  });

  it('filters the list by state: open, committed, discarded', () => {
    const open = fixture.service.createSession({ warehouseCode: WAREHOUSE, name: 'open' });
    const committed = fixture.service.createSession({ warehouseCode: WAREHOUSE, name: 'committed' });
    const discarded = fixture.service.createSession({ warehouseCode: WAREHOUSE, name: 'discarded' });
    fixture.service.scan({ sessionId: committed.id, code: 'SKU-1', counter: 'A' });
    fixture.service.commit({ sessionId: committed.id });
    fixture.tick();
    expect(fixture.service.discardSession(discarded.id)).toMatchObject({
      state: 'discarded',
      closedAt: fixture.now,
    });

    const names = (state: 'open' | 'committed' | 'discarded') =>
      fixture.service.listSessions({ state }).map((session) => session.id);
    expect(names('open')).toEqual([open.id]);
    expect(names('committed')).toEqual([committed.id]);
    expect(names('discarded')).toEqual([discarded.id]);
  });

  it('a discarded session is read-only and sends nothing', () => {
    const session = fixture.service.createSession({ warehouseCode: WAREHOUSE });
    const line = fixture.service.scan({ sessionId: session.id, code: 'SKU-1', counter: 'A' });
    fixture.service.discardSession(session.id);
    expect(() => fixture.service.scan({ sessionId: session.id, code: 'SKU-1', counter: 'A' })).toThrow(
      /is discarded: it can no longer change/,
    );
    expect(() =>
      fixture.service.setQuantity({ sessionId: session.id, lineId: line.lineId, counter: 'A', quantity: 3 }),
    ).toThrow(CountingError);
    expect(() => fixture.service.commit({ sessionId: session.id })).toThrow(CountingError);
    expect(() => fixture.service.discardSession(session.id)).toThrow(CountingError);
    expect(fixture.service.session(session.id).outboxOperationIds).toEqual([]);
  });

  it('names an unknown session id', () => {
    expect(() => fixture.service.session('nope')).toThrow(/No count session nope/);
    expect(() => fixture.service.scan({ sessionId: 'nope', code: 'SKU-1', counter: 'A' })).toThrow(
      expect.objectContaining({ reason: 'session-not-found' }),
    );
  });

  it('persists sessions, lines and events: another connection (an app restart) sees every count', () => {
    const session = fixture.service.createSession({ warehouseCode: WAREHOUSE, blind: true });
    fixture.service.scan({ sessionId: session.id, code: '8850000000011', counter: 'A' });
    fixture.service.scan({ sessionId: session.id, code: '8850000000011', counter: 'B', quantity: 5 });
    fixture.service.scan({ sessionId: session.id, code: 'NOPE', counter: 'B' });

    const restarted = new CountingService(fixture.reopen());
    expect(restarted.session(session.id)).toEqual(fixture.service.session(session.id));
    expect(restarted.lines(session.id)).toEqual(fixture.service.lines(session.id));
    expect(restarted.lines(session.id)).toMatchObject([
      { kind: 'product', counted: 6, scans: 2 },
      { kind: 'unknown', code: 'NOPE', counted: 1 },
    ]);
    // The undo stack survives too: B's last scan (the unknown code) comes off first.
    expect(restarted.undoLast({ sessionId: session.id, counter: 'B' }).line).toMatchObject({
      code: 'NOPE',
      counted: 0,
    });
  });
});
