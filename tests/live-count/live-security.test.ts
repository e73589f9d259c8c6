// Issue 23: nobody on the shop's network without the code reads the count or adds to it. Real host,
// real sockets on loopback, a raw WebSocket client speaking the protocol by hand: a wrong code, too
// many wrong codes, a replayed handshake, frames in the clear, a forged or replayed sealed frame, a
// browser page (Origin) and a member id with the wrong secret are all refused and change nothing.
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { CountingService } from '../../src-main/counting/index.js';
import { SealedChannel } from '../../src-main/live-count/live-channel.js';
import { memberFinishLogin, memberStartLogin } from '../../src-main/live-count/live-handshake.js';
import { LiveHost, MAX_WRONG_CODES } from '../../src-main/live-count/live-host.js';
import { LiveJoinRefused, LiveMember } from '../../src-main/live-count/live-member.js';
import {
  LIVE_COUNT_PATH,
  PROTOCOL_VERSION,
  parseClearFrame,
  parseHostMessage,
} from '../../src-main/live-count/live-protocol.js';
import {
  openCountingFixture,
  WAREHOUSE,
  type CountingFixture,
} from '../counting/support/counting-fixture.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function store(): CountingFixture {
  const fixture = openCountingFixture();
  fixture.seed([{ id: 1, sku: 'A', stock: 10 }]);
  cleanups.push(() => {
    fixture.close();
  });
  return fixture;
}

async function hosting(): Promise<{
  live: LiveHost;
  db: CountingFixture['db'];
  counting: CountingService;
  sessionId: string;
  address: string;
}> {
  const fixture = store();
  const counting = new CountingService(fixture.db);
  const sessionId = counting.createSession({ warehouseCode: WAREHOUSE, name: 'All' }).id;
  const live = await LiveHost.start(
    { db: fixture.db, counting, sessionId, label: 'HOST' },
    { host: '127.0.0.1', port: 0 },
  );
  cleanups.push(() => live.stop());
  return { live, db: fixture.db, counting, sessionId, address: `127.0.0.1:${String(live.address.port)}` };
}

/** The host's database as a stranger's attempt must leave it: no member, no line. */
function untouched(db: CountingFixture['db']): { members: unknown; lines: unknown; merges: unknown } {
  return {
    members: db.prepare('SELECT count(*) AS n FROM live_count_members').get(),
    lines: db.prepare('SELECT count(*) AS n FROM count_lines').get(),
    merges: db.prepare('SELECT count(*) AS n FROM count_merges').get(),
  };
}

/** A raw socket: every frame it receives, in order, and whether it closed. */
function rawSocket(address: string, headers: Record<string, string> = {}) {
  const socket = new WebSocket(`ws://${address}${LIVE_COUNT_PATH}`, { headers });
  const frames: string[] = [];
  const waiting: Array<() => void> = [];
  let closed = false;
  let unexpected: number | undefined;
  const wake = (): void => {
    for (const resolve of waiting.splice(0)) resolve();
  };
  socket.on('message', (data) => {
    frames.push(String(data));
    wake();
  });
  socket.on('close', () => {
    closed = true;
    wake();
  });
  socket.on('unexpected-response', (_request, response) => {
    unexpected = response.statusCode;
    closed = true;
    wake();
  });
  socket.on('error', () => undefined);
  const opened = new Promise<void>((resolve) => {
    socket.on('open', () => {
      resolve();
    });
    socket.on('close', () => {
      resolve();
    });
    socket.on('unexpected-response', (request) => {
      request.destroy();
      resolve();
    });
  });
  return {
    socket,
    opened,
    frames,
    get closed() {
      return closed;
    },
    get unexpected() {
      return unexpected;
    },
    send: (value: unknown) => {
      socket.send(typeof value === 'string' ? value : JSON.stringify(value));
    },
    /** The next frame, or undefined when the host closed the socket first. */
    async next(): Promise<string | undefined> {
      for (;;) {
        const frame = frames.shift();
        if (frame !== undefined) return frame;
        if (closed) return undefined;
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
    },
    async closedByHost(): Promise<void> {
      while (!closed) await new Promise<void>((resolve) => waiting.push(resolve));
    },
  };
}

async function refusedJoin(address: string, code: string, db: CountingFixture['db']): Promise<string> {
  const member = store();
  try {
    await LiveMember.join({
      db: member.db,
      counting: new CountingService(member.db),
      address,
      code,
      label: 'X',
    });
  } catch (error) {
    if (error instanceof LiveJoinRefused) {
      expect(member.db.prepare('SELECT count(*) AS n FROM live_count_memberships').get()).toEqual({ n: 0 });
      void db;
      return error.reason;
    }
    throw error;
  }
  throw new Error('the join went through');
}

function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

describe('who may join a live count', () => {
  it('refuses a wrong code, and closes the window after too many', async () => {
    const { live, db, address } = await hosting();
    const before = untouched(db);
    const code = live.openJoinWindow();
    for (let attempt = 1; attempt < MAX_WRONG_CODES; attempt += 1) {
      expect(await refusedJoin(address, otherCode(code), db)).toBe('wrong-code');
    }
    expect(live.joinWindowOpen).toBe(true);
    expect(await refusedJoin(address, otherCode(code), db)).toBe('wrong-code');
    // The host counts the last attempt when its socket closes.
    for (;;) {
      if (!live.joinWindowOpen) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await refusedJoin(address, code, db)).toBe('window-closed');
    expect(untouched(db)).toEqual(before);
    // A new window, a new code: that one lets a member in.
    const fresh = live.openJoinWindow();
    const member = store();
    const joined = await LiveMember.join({
      db: member.db,
      counting: new CountingService(member.db),
      address,
      code: fresh,
      label: 'OK',
    });
    joined.stop();
    expect(live.members()).toHaveLength(1);
  });

  it('refuses a replayed handshake', async () => {
    const { live, db, address } = await hosting();
    const code = live.openJoinWindow();
    const first = rawSocket(address);
    await first.opened;
    const login = memberStartLogin(code);
    const hello = { t: 'hello', v: PROTOCOL_VERSION, identity: 'join', request: login.request };
    first.send(hello);
    const challenge = parseClearFrame((await first.next()) ?? '');
    if (challenge?.t !== 'challenge') throw new Error('no challenge');
    const finished = memberFinishLogin(login.state, challenge.responses[0] ?? '', code);
    if (finished === undefined) throw new Error('the right code did not open the challenge');
    const join = new SealedChannel(finished.sessionKey, 'member').seal({
      t: 'join',
      attempt: 'attempt-1',
      label: 'RAW',
    });
    const finish = { t: 'finish', request: finished.request, choice: 0, join };
    first.send(finish);
    const welcome = parseClearFrame((await first.next()) ?? '');
    expect(welcome?.t).toBe('sealed');
    first.socket.close();
    const afterJoin = untouched(db);

    // An eavesdropper replays both messages: the host's fresh challenge does not match the old finish.
    const replay = rawSocket(address);
    await replay.opened;
    replay.send(hello);
    expect(parseClearFrame((await replay.next()) ?? '')?.t).toBe('challenge');
    replay.send(finish);
    expect(parseClearFrame((await replay.next()) ?? '')).toEqual({ t: 'refused', reason: 'wrong-code' });
    await replay.closedByHost();
    expect(untouched(db)).toEqual(afterJoin);
    // Each replay is one wrong code, counted once: the window takes MAX_WRONG_CODES - 1 of them.
    for (let again = 2; again < MAX_WRONG_CODES; again += 1) {
      const next = rawSocket(address);
      await next.opened;
      next.send(hello);
      expect(parseClearFrame((await next.next()) ?? '')?.t).toBe('challenge');
      next.send(finish);
      expect(parseClearFrame((await next.next()) ?? '')).toEqual({ t: 'refused', reason: 'wrong-code' });
      await next.closedByHost();
    }
    expect(live.joinWindowOpen).toBe(true);
  });

  it('refuses a join whose finish seals no join, or seals it under another key, as no wrong code', async () => {
    const { live, db, address } = await hosting();
    const code = live.openJoinWindow();
    const before = untouched(db);
    const joins = [
      undefined,
      new SealedChannel('made-up key', 'member').seal({ t: 'join', attempt: 'x', label: 'X' }),
    ];
    for (let round = 0; round < MAX_WRONG_CODES; round += 1) {
      for (const join of joins) {
        const socket = rawSocket(address);
        await socket.opened;
        const login = memberStartLogin(code);
        socket.send({ t: 'hello', v: PROTOCOL_VERSION, identity: 'join', request: login.request });
        const challenge = parseClearFrame((await socket.next()) ?? '');
        if (challenge?.t !== 'challenge') throw new Error('no challenge');
        const finished = memberFinishLogin(login.state, challenge.responses[0] ?? '', code);
        if (finished === undefined) throw new Error('the right code did not open the challenge');
        socket.send({
          t: 'finish',
          request: finished.request,
          choice: 0,
          ...(join === undefined ? {} : { join }),
        });
        expect(parseClearFrame((await socket.next()) ?? '')).toEqual({ t: 'refused', reason: 'bad-frame' });
        await socket.closedByHost();
      }
    }
    // The code was right each time: no member was placed, and the window did not close.
    expect(untouched(db)).toEqual(before);
    expect(live.members()).toEqual([]);
    expect(live.joinWindowOpen).toBe(true);
  });

  it('refuses frames from a stranger, a forged or replayed sealed frame and a browser page', async () => {
    const { live, db, counting, sessionId, address } = await hosting();
    const code = live.openJoinWindow();
    const before = untouched(db);
    const change = {
      seq: 1,
      productId: 1,
      counted: 99,
      sku: 'A',
      barcode: '',
      name: 'A',
      unittext: '',
      purchaseprice: 1,
      shelves: [{ shelf: null, counted: 99 }],
    };

    // Changes in the clear, without a handshake.
    const stranger = rawSocket(address);
    await stranger.opened;
    stranger.send({ t: 'changes', sessionId: 'member-session', latest: 1, changes: [change] });
    expect(parseClearFrame((await stranger.next()) ?? '')).toEqual({ t: 'refused', reason: 'bad-frame' });
    await stranger.closedByHost();

    // A sealed frame under a key the stranger made up.
    const forger = rawSocket(address);
    await forger.opened;
    forger.send({
      t: 'sealed',
      ...new SealedChannel('made-up key', 'member').seal({
        t: 'changes',
        sessionId: 'member-session',
        latest: 1,
        changes: [change],
      }),
    });
    expect(parseClearFrame((await forger.next()) ?? '')).toEqual({ t: 'refused', reason: 'bad-frame' });

    // A browser page on the shop's network (it always sends Origin) gets no socket at all.
    const page = rawSocket(address, { Origin: 'http://192.168.1.20' });
    await page.opened;
    await page.closedByHost();
    expect(page.unexpected).toBe(401);
    expect(untouched(db)).toEqual(before);

    // A real member: its sealed frame replayed on its own connection ends the connection.
    const login = memberStartLogin(code);
    const member = rawSocket(address);
    await member.opened;
    member.send({ t: 'hello', v: PROTOCOL_VERSION, identity: 'join', request: login.request });
    const challenge = parseClearFrame((await member.next()) ?? '');
    if (challenge?.t !== 'challenge') throw new Error('no challenge');
    const finished = memberFinishLogin(login.state, challenge.responses[0] ?? '', code);
    if (finished === undefined) throw new Error('no finish');
    const channel = new SealedChannel(finished.sessionKey, 'member');
    member.send({
      t: 'finish',
      request: finished.request,
      choice: 0,
      join: channel.seal({ t: 'join', attempt: 'attempt-raw', label: 'RAW' }),
    });
    const welcomeFrame = parseClearFrame((await member.next()) ?? '');
    if (welcomeFrame?.t !== 'sealed') throw new Error('no welcome');
    expect(parseHostMessage(channel.open(welcomeFrame))?.t).toBe('welcome');
    member.send({
      t: 'sealed',
      ...channel.seal({ t: 'attach', sessionId: 'member-session', label: 'RAW', latest: 1 }),
    });
    const changes = {
      t: 'sealed',
      ...channel.seal({ t: 'changes', sessionId: 'member-session', latest: 1, changes: [change] }),
    };
    member.send(changes);
    member.send(changes);
    await member.closedByHost();
    const line = counting.lines(sessionId).find((candidate) => candidate.kind === 'product');
    expect(line?.counted).toBe(99);
  });

  it('refuses a member id with the wrong secret', async () => {
    const { live, db, address } = await hosting();
    const code = live.openJoinWindow();
    const member = store();
    const joined = await LiveMember.join({
      db: member.db,
      counting: new CountingService(member.db),
      address,
      code,
      label: 'M',
    });
    joined.stop();
    const memberId = live.members()[0]?.memberId ?? '';
    const before = untouched(db);
    const login = memberStartLogin('not the secret, but long enough to look like one');
    const impostor = rawSocket(address);
    await impostor.opened;
    impostor.send({ t: 'hello', v: PROTOCOL_VERSION, identity: memberId, request: login.request });
    const challenge = parseClearFrame((await impostor.next()) ?? '');
    if (challenge?.t !== 'challenge') throw new Error('no challenge');
    expect(
      memberFinishLogin(
        login.state,
        challenge.responses[0] ?? '',
        'not the secret, but long enough to look like one',
      ),
    ).toBeUndefined();
    impostor.send({ t: 'finish', request: login.request, choice: 0 });
    expect(parseClearFrame((await impostor.next()) ?? '')?.t).toBe('refused');
    expect(untouched(db)).toEqual(before);
  });
});
