// Issue 24: a live count between two Stockrooms of different protocol versions is refused in the
// handshake, by name, before anything about the count travels: the host (version 4) refuses an older
// hello as 'version' naming its own and shows it; a member against a newer host says "update this
// PC", and against an older host (one that cannot parse its hello: a bad frame) "update the host".
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { memberStartLogin, opaqueReady } from '../../src-main/live-count/live-handshake.js';
import { LiveJoinRefused, LiveMember } from '../../src-main/live-count/live-member.js';
import { LIVE_COUNT_PATH, PROTOCOL_VERSION } from '../../src-main/live-count/live-protocol.js';
import { WAREHOUSE } from '../counting/support/counting-fixture.js';
import { LivePcs } from './support/live-pcs.js';

const pcs = new LivePcs([{ id: 1, sku: 'A', stock: 10 }]);
const servers: WebSocketServer[] = [];
afterEach(async () => {
  await pcs.cleanUp();
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

/** The first frame the host answers a hello of `version` with, and a promise of the host's close. */
async function helloOf(
  address: string,
  version: number,
): Promise<{ answer: unknown; closed: Promise<boolean> }> {
  await opaqueReady;
  const socket = new WebSocket(`ws://${address}${LIVE_COUNT_PATH}`);
  await new Promise((resolve) => socket.once('open', resolve));
  const answer = new Promise<unknown>((resolve) =>
    socket.once('message', (data) => resolve(JSON.parse(String(data)))),
  );
  const closed = new Promise<boolean>((resolve) => socket.once('close', () => resolve(true)));
  socket.send(
    JSON.stringify({ t: 'hello', v: version, identity: 'join', request: memberStartLogin('123456').request }),
  );
  pcs.track({ stop: () => socket.terminate() });
  return { answer: await answer, closed };
}

/** A stand-in host on loopback that answers every hello with `answer`. */
async function answering(answer: unknown): Promise<string> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0, path: LIVE_COUNT_PATH });
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  server.on('connection', (socket) => {
    socket.once('message', () => {
      socket.send(JSON.stringify(answer));
      socket.close();
    });
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return `127.0.0.1:${String(address.port)}`;
}

async function joinFailure(address: string): Promise<string> {
  const member = pcs.pc('ONE');
  try {
    await LiveMember.join({
      db: member.fixture.db,
      counting: member.counting,
      address,
      code: '123456',
      label: 'ONE',
    });
  } catch (error) {
    if (error instanceof LiveJoinRefused) return error.reason;
    throw error;
  }
  throw new Error('the join went through');
}

describe('live count protocol versions', () => {
  it('is version 4: a join names its attempt, so a lost welcome is asked for again', () => {
    expect(PROTOCOL_VERSION).toBe(4);
  });

  it('refuses a hello of an older version by name and shows it on the host, changing nothing', async () => {
    const host = pcs.pc('HOST');
    const sessionId = host.counting.createSession({ warehouseCode: WAREHOUSE, name: 'All' }).id;
    const live = await pcs.host(host, sessionId);
    live.openJoinWindow();
    const address = `127.0.0.1:${String(live.address.port)}`;
    expect(live.otherVersionPeer).toBeUndefined();

    // Version 3 (shelves, but no join attempt) is older now.
    const old = await helloOf(address, 3);
    expect(old.answer).toEqual({ t: 'refused', reason: 'version', v: 4 });
    expect(await old.closed).toBe(true);
    expect(live.otherVersionPeer).toMatchObject({ version: 3 });
    expect(live.members()).toEqual([]);
    expect(live.joinWindowOpen).toBe(true); // not a wrong code: the window stays
    // The right version still gets its challenge.
    expect((await helloOf(address, 4)).answer).toMatchObject({ t: 'challenge' });
  });

  it('tells the member which of the two PCs to update', async () => {
    expect(await joinFailure(await answering({ t: 'refused', reason: 'version', v: 5 }))).toBe(
      'member-older',
    );
    expect(await joinFailure(await answering({ t: 'refused', reason: 'version', v: 3 }))).toBe('host-older');
    // A version 1 host could not parse a later hello at all: it answers a bad frame.
    expect(await joinFailure(await answering({ t: 'refused', reason: 'bad-frame' }))).toBe('host-older');
    expect(await joinFailure(await answering({ t: 'refused', reason: 'busy' }))).toBe('busy');
  });
});
