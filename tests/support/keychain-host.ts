// The child side of tests/support/keychain.ts: runs inside the isolated D-Bus session (or deliberately
// without one) and serves a real KeytarCredentialStore over stdin/stdout, one JSON request per line.
// Answers are prefixed so the keyring daemon's own chatter on stdout cannot be mistaken for one.
import { execFile } from 'node:child_process';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import {
  isCredentialStoreError,
  KeytarCredentialStore,
  loadKeytar,
  type KeytarLoader,
  type StoreSecrets,
} from '../../src-main/credentials/index.js';
import { ANSWER_PREFIX } from './keychain.js';

const run = promisify(execFile);

interface Request {
  readonly id: number;
  readonly op: string;
  readonly account?: string;
  readonly secrets?: StoreSecrets;
  readonly text?: string;
}

const service = process.env.STOCKROOM_TEST_KEYCHAIN_SERVICE ?? 'Stockroom';
const brokenModule = process.env.STOCKROOM_TEST_KEYTAR_BROKEN;
const loader: KeytarLoader =
  brokenModule === undefined
    ? loadKeytar
    : async () => {
        throw new Error(brokenModule);
      };
const store = new KeytarCredentialStore({ service, loader });

function answer(value: object): void {
  process.stdout.write(`${ANSWER_PREFIX}${JSON.stringify(value)}\n`);
}

async function dbus(...args: string[]): Promise<string> {
  const { stdout } = await run('dbus-send', ['--session', '--print-reply', ...args]);
  return stdout;
}

async function secretsOwnerPid(): Promise<number | undefined> {
  try {
    const reply = await dbus(
      '--dest=org.freedesktop.DBus',
      '/org/freedesktop/DBus',
      'org.freedesktop.DBus.GetConnectionUnixProcessID',
      'string:org.freedesktop.secrets',
    );
    const match = /uint32 (\d+)/.exec(reply);
    return match?.[1] === undefined ? undefined : Number(match[1]);
  } catch {
    return undefined;
  }
}

/** gnome-keyring-daemon forks before it owns its bus name; wait for the name so tests start together. */
async function waitForDaemon(): Promise<void> {
  for (let tries = 0; tries < 100; tries++) {
    if ((await secretsOwnerPid()) !== undefined) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('gnome-keyring-daemon did not appear on the session bus within 5 s');
}

/** Locks the default collection the way a screen lock or "Lock keyring" does. */
async function lockDefaultCollection(): Promise<void> {
  const reply = await dbus(
    '--dest=org.freedesktop.secrets',
    '/org/freedesktop/secrets',
    'org.freedesktop.Secret.Service.ReadAlias',
    'string:default',
  );
  const path = /object path "([^"]+)"/.exec(reply)?.[1];
  if (path === undefined || path === '/') throw new Error('the keyring has no default collection to lock');
  await dbus(
    '--dest=org.freedesktop.secrets',
    '/org/freedesktop/secrets',
    'org.freedesktop.Secret.Service.Lock',
    `array:objpath:${path}`,
  );
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Stops the daemon and waits for the process to end (it writes to the keyring folders until then). */
async function stopDaemon(): Promise<void> {
  const pid = await secretsOwnerPid();
  if (pid === undefined) throw new Error('no keyring daemon owns org.freedesktop.secrets');
  process.kill(pid, 'SIGTERM');
  for (let tries = 0; tries < 100; tries++) {
    if (!isRunning(pid) && (await secretsOwnerPid()) === undefined) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the keyring daemon (pid ${pid}) did not stop`);
}

async function perform(request: Request): Promise<unknown> {
  const account = request.account ?? '';
  switch (request.op) {
    case 'get':
      return (await store.get(account)) ?? null;
    case 'set':
      if (!request.secrets) throw new TypeError('set needs secrets');
      await store.set(account, request.secrets);
      return null;
    case 'delete':
      return store.delete(account);
    case 'check':
      return store.check();
    case 'raw-get':
      return (await loadKeytar()).getPassword(service, account);
    case 'raw-set':
      await (await loadKeytar()).setPassword(service, account, request.text ?? '');
      return null;
    case 'lock':
      await lockDefaultCollection();
      return null;
    case 'stop-daemon':
      await stopDaemon();
      return null;
    case 'start-daemon':
      await run('sh', [
        '-c',
        'printf %s "$STOCKROOM_TEST_KEYRING_PASSWORD" | gnome-keyring-daemon --unlock --replace --components=secrets >/dev/null',
      ]);
      await waitForDaemon();
      return null;
    default:
      throw new TypeError(`unknown keychain host operation ${request.op}`);
  }
}

async function serve(request: Request): Promise<void> {
  try {
    answer({ id: request.id, ok: true, value: await perform(request) });
  } catch (error) {
    const failure = isCredentialStoreError(error)
      ? error.toJSON()
      : {
          name: error instanceof Error ? error.name : 'Error',
          message: error instanceof Error ? error.message : String(error),
        };
    answer({ id: request.id, ok: false, error: failure });
  }
}

async function main(): Promise<void> {
  if (process.env.STOCKROOM_TEST_KEYRING_STARTED === '1') await waitForDaemon();
  answer({ ready: true, pid: process.pid });
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    // One at a time, as a test awaits each call; keeps answers in request order.
    await serve(JSON.parse(line) as Request);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
